import { currentTimeZone } from '~/shared/time-zone'

/** Dates show as YYYY-MM-DD in the school's time zone (spec 2 section 9), the browser's (shared/time-zone.ts). */
export { DEFAULT_TIME_ZONE } from '~/shared/time-zone'

const QUARTER_HOUR_MS = 900_000

// Intl formats a date in ~3 µs, and a feed page shows dozens. A zone's offset from UTC changes only
// on a quarter hour, so Intl is asked once per zone and quarter hour and the date is written out
// from the shifted UTC time. Building a formatter costs more still: one per zone, reused.
const zoneFormatters = new Map<string, Intl.DateTimeFormat>()
const offsets = new Map<string, number>()

function offsetMs(epochMs: number, timeZone: string) {
  const key = `${timeZone}@${Math.floor(epochMs / QUARTER_HOUR_MS)}`
  let offset = offsets.get(key)
  if (offset === undefined) {
    let f = zoneFormatters.get(timeZone)
    if (!f) {
      f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      zoneFormatters.set(timeZone, f)
    }
    const part = Object.fromEntries(f.formatToParts(epochMs).map((p) => [p.type, Number(p.value)]))
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!)
    offset = wall - Math.floor(epochMs / 1000) * 1000
    // The offsets of the few quarter hours a page shows; a long-running server starts afresh.
    if (offsets.size > 10_000) offsets.clear()
    offsets.set(key, offset)
  }
  return offset
}

/** The moment as the zone's wall clock, YYYY-MM-DDTHH:mm:ss.sssZ (the Z is not true). */
function wallClock(iso: string, timeZone: string) {
  const epochMs = Date.parse(iso)
  return new Date(epochMs + offsetMs(epochMs, timeZone)).toISOString()
}

export function formatDate(iso: string, timeZone = currentTimeZone()) {
  return wallClock(iso, timeZone).slice(0, 10)
}

/**
 * A real calendar date as YYYY-MM-DD, with a year from 1900 to 2999 (spec 2 validation): the one
 * date rule of forms and URLs. Never throws ("2026-13-45" is simply not a date).
 */
export function isCalendarDate(value: string) {
  const match = /^((?:19|2\d)\d{2})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A YYYY-MM-DD date moved by whole days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Today as YYYY-MM-DD in the school's time zone: the earliest day a date picker offers. */
export const todayDate = (now = new Date(), timeZone = currentTimeZone()) => formatDate(now.toISOString(), timeZone)

/** A moment as YYYY-MM-DD HH:mm in the school's time zone (spec 2 section 9). */
export function formatDateTime(iso: string, timeZone = currentTimeZone()) {
  const wall = wallClock(iso, timeZone)
  return `${wall.slice(0, 10)} ${wall.slice(11, 16)}`
}

/** A wall-clock date and time in the zone (a form's fields) as a UTC ISO moment. */
export function fromWallClock(date: string, time: string, timeZone = currentTimeZone()) {
  const wall = Date.parse(`${date}T${time}:00Z`)
  // The offset at the moment itself, found from the offset at the wall time read as UTC.
  return new Date(wall - offsetMs(wall - offsetMs(wall, timeZone), timeZone)).toISOString()
}

/** "3 minutes ago", "yesterday", in the reader's language: the largest whole unit, for lists of recent events. */
export function timeAgo(iso: string, locale: string, now = Date.now()) {
  const seconds = Math.round((Date.parse(iso) - now) / 1000)
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3_600], ['minute', 60]]
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit)
  return format.format(0, 'second')
}
