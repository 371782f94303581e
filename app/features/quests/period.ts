import { addDays } from '~/shared/dates'
import { CONTEST_STATUS, type ContestStatus } from './constants'

/**
 * A team's contest period (spec 3 constants): from its start date for `ansDays` days. It ends at
 * start + ansDays − 1 s, which is 24:00 of its last day in the school's time zone; each day closes
 * at 24:00 of that zone, so dates here are the school's calendar dates.
 */
export function periodOf(startDate: string | null, ansDays: number) {
  if (!startDate) return null
  return { start: startDate, last: addDays(startDate, ansDays - 1) }
}

/** Not started, running (with the whole days left, the current one counted), or ended. */
export function contestStatus(period: { start: string; last: string } | null, today: string): { status: ContestStatus; daysLeft: number } {
  if (!period || today < period.start) return { status: CONTEST_STATUS.notStarted, daysLeft: 0 }
  if (today > period.last) return { status: CONTEST_STATUS.ended, daysLeft: 0 }
  // Days left rounded up: on the last day, one.
  const daysLeft = Math.round((Date.parse(`${period.last}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000) + 1
  return { status: CONTEST_STATUS.running, daysLeft }
}

/** Whether a date is inside the period (a post's diary date, today's date for writing). */
export const inPeriod = (period: { start: string; last: string } | null, date: string) => period !== null && date >= period.start && date <= period.last

/**
 * The day each quest opens when the system or the teacher picked them (pick types 1 and 2): the
 * period split evenly in selection order, the first on the start date. A quest is the day's quest
 * from its date until the next one's.
 */
export function questDates(startDate: string | null, ansDays: number, count: number) {
  if (!startDate || count === 0) return []
  return Array.from({ length: count }, (_, i) => addDays(startDate, Math.floor((i * ansDays) / count)))
}
