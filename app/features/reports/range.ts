import { addDays, isCalendarDate } from '~/shared/dates'

/** Report date ranges (spec 2 report charts and validation): presets or a custom range, kept in the URL. */
export const REPORT_PRESETS = [15, 30, 60, 90] as const
export const DEFAULT_PRESET = 15
export type TrendInterval = '7d' | '1m'

export interface ReportRange {
  start: string
  end: string
  /** The preset in days, or null for a custom range. */
  days: number | null
}
export type RangeError = 'report.badDate' | 'report.startAfterEnd' | 'report.outOfRange'

// YYYY-MM-DD with a year from 1900 to 2999 (spec 2 validation), and a real day.
export const isReportDate = isCalendarDate


/**
 * The range a report URL asks for: `days` (a preset), or `start` and `end`, which must be real
 * dates, in order, and within the journal's creation date and today. A bad custom range is
 * answered with its error and the default range.
 */
export function rangeOf(params: URLSearchParams, { created, today }: { created: string; today: string }): { range: ReportRange; error?: RangeError } {
  const preset = (days: number): ReportRange => ({ start: addDays(today, -(days - 1)), end: today, days })
  const start = params.get('start')
  const end = params.get('end')
  // One date of a custom range chosen so far: nothing to check yet.
  if (start && end) {
    const error = checkCustom(start, end, { created, today })
    return error ? { range: preset(DEFAULT_PRESET), error } : { range: { start, end, days: null } }
  }
  const days = Number(params.get('days'))
  return { range: preset((REPORT_PRESETS as readonly number[]).includes(days) ? days : DEFAULT_PRESET) }
}

export function checkCustom(start: string, end: string, { created, today }: { created: string; today: string }): RangeError | undefined {
  if (!isReportDate(start) || !isReportDate(end)) return 'report.badDate'
  if (start > end) return 'report.startAfterEnd'
  if (start < created || end > today) return 'report.outOfRange'
  return undefined
}

export const intervalOf = (params: URLSearchParams): TrendInterval => (params.get('interval') === '1m' ? '1m' : '7d')

/** The trend bucket a date falls in: 7-day steps from the range's start, or the calendar month. */
export function bucketOf(date: string, range: ReportRange, interval: TrendInterval) {
  if (interval === '1m') return date.slice(0, 7)
  const days = Math.floor((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${range.start}T00:00:00Z`)) / 86_400_000)
  return addDays(range.start, days - (days % 7))
}

/** How many days a whole bucket has: 7 for a week, the month's days for a month. */
export function bucketLength(bucket: string, interval: TrendInterval) {
  if (interval === '7d') return 7
  return new Date(Date.UTC(Number(bucket.slice(0, 4)), Number(bucket.slice(5, 7)), 0)).getUTCDate()
}

/** The dates a bucket covers, clipped to the range. */
export function bucketDates(bucket: string, range: ReportRange, interval: TrendInterval) {
  const lastOfMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10)
  const [from, to] = interval === '1m' ? [`${bucket}-01`, lastOfMonth(bucket)] : [bucket, addDays(bucket, 6)]
  return { start: from < range.start ? range.start : from, end: to > range.end ? range.end : to }
}
