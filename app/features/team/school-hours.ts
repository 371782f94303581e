import { addDays, formatDate, fromWallClock, isCalendarDate } from '~/shared/dates'

/**
 * The school's calendar (decision 0046): the days it is open (1 Monday … 7 Sunday), the hours of a school
 * day in the school's zone, and the dates it is closed (holidays). "Unopened for 4 school hours" is
 * counted in it, so an alert raised on Friday afternoon waits over the weekend and escalates on
 * Monday morning, not on Saturday when nobody is there to read it.
 */
export interface SchoolCalendar {
  days: number[]
  startHour: number
  endHour: number
  closed: string[]
  timeZone: string
}

export const DEFAULT_SCHOOL_DAYS = [1, 2, 3, 4, 5]
export const DEFAULT_SCHOOL_HOURS = { start: 8, end: 17 }
/** A high alert escalates after this many school hours unopened (a journal's setting); a medium one after MEDIUM_SCHOOL_DAYS school days. */
export const DEFAULT_ESCALATE_HOURS = 4
export const ESCALATE_HOURS_MAX = 40
export const MEDIUM_SCHOOL_DAYS = 3
/** The calendar's closed dates: at most this many (a school year's holidays). */
export const CLOSED_DATES_MAX = 120

/** A calendar from its stored columns (teams); a journal without a team keeps the defaults. */
export function calendarOf(team: { school_days: string; school_start_hour: number; school_end_hour: number; closed_dates: string } | null | undefined, timeZone: string): SchoolCalendar {
  if (!team) return { days: DEFAULT_SCHOOL_DAYS, startHour: DEFAULT_SCHOOL_HOURS.start, endHour: DEFAULT_SCHOOL_HOURS.end, closed: [], timeZone }
  const days = team.school_days.split(',').map(Number).filter((d) => d >= 1 && d <= 7)
  return { days, startHour: team.school_start_hour, endHour: team.school_end_hour, closed: parseClosedDates(team.closed_dates), timeZone }
}

/** A journal's calendar from its team's columns read by a left join (all null without a team), in the journal's zone. */
export function calendarOfJoined(t: { school_days: string | null; school_start_hour: number | null; school_end_hour: number | null; closed_dates: string | null }, timeZone: string) {
  const team = t.school_days === null || t.school_start_hour === null || t.school_end_hour === null ? null : { school_days: t.school_days, school_start_hour: t.school_start_hour, school_end_hour: t.school_end_hour, closed_dates: t.closed_dates ?? '' }
  return calendarOf(team, timeZone)
}

/** Closed dates as typed: one a line or separated by commas or spaces; only real dates are kept, sorted, once each. */
export function parseClosedDates(text: string) {
  return [...new Set(text.split(/[\s,，、]+/).filter(isCalendarDate))].sort()
}

/** ISO weekday of a YYYY-MM-DD date: 1 Monday … 7 Sunday. */
export const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7

const hh = (h: number) => `${String(h).padStart(2, '0')}:00`

/**
 * The moment `hours` school hours after `from`: the school time left on `from`'s day counts (from
 * `from` or the day's opening, whichever is later), then each following school day in full. A
 * calendar with no school hours at all never reaches it (null).
 */
export function addSchoolHours(from: Date, hours: number, cal: SchoolCalendar): Date | null {
  if (cal.days.length === 0 || cal.endHour <= cal.startHour) return null
  let left = hours * 3_600_000
  let date = formatDate(from.toISOString(), cal.timeZone)
  // A year and a bit is enough for any calendar with school days left in it.
  for (let i = 0; i < 400; i++, date = addDays(date, 1)) {
    if (!cal.days.includes(weekdayOf(date)) || cal.closed.includes(date)) continue
    const open = Date.parse(fromWallClock(date, hh(cal.startHour), cal.timeZone))
    const close = Date.parse(fromWallClock(date, hh(cal.endHour), cal.timeZone))
    const start = Math.max(open, from.getTime())
    if (start >= close) continue
    if (close - start >= left) return new Date(start + left)
    left -= close - start
  }
  return null
}

/**
 * The first moment of school time at or after `at`: `at` itself in school time (a school day, not
 * closed, between the opening and the closing hour), else the next opening; null for a calendar
 * with no school time at all.
 */
export const nextSchoolTime = (at: Date, cal: SchoolCalendar) => addSchoolHours(at, 0, cal)

/** When an unopened alert of this severity escalates by itself: high after the journal's hours, medium after three school days. */
export function escalationDue(createdAt: string, severity: 'high' | 'medium', journalHours: number, cal: SchoolCalendar) {
  const hours = severity === 'high' ? journalHours : MEDIUM_SCHOOL_DAYS * (cal.endHour - cal.startHour)
  return addSchoolHours(new Date(createdAt), hours, cal)
}

/** Why the console escalated by itself: the wait it was given (stored as JSON in the step's note); null for a person's note. */
export function overdueWait(note: string): { hours: number } | { days: number } | null {
  if (!note.startsWith('{')) return null
  try {
    const v = JSON.parse(note) as { hours?: number; days?: number }
    if (typeof v.hours === 'number') return { hours: v.hours }
    if (typeof v.days === 'number') return { days: v.days }
  } catch {
    // a person's note that happens to start with a brace
  }
  return null
}
