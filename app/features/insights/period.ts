import { checkCustom, type RangeError } from '~/features/reports/range'
import { addDays } from '~/shared/dates'

/**
 * The period the Feedback and Patterns pages read (decision 0048): the last 7 or 30 days,
 * the term, or a custom range (`start`, `end`), all dates in the school's zone and kept in the URL.
 * A custom range is checked as the report's is (real dates, in order, from the journal's creation
 * to today); a refused one is answered with its message and the default period.
 */
export const PERIODS = ['7', '30', 'term'] as const
export type PeriodKind = (typeof PERIODS)[number] | 'custom'
export const DEFAULT_PERIOD = '30'

export interface Period {
  kind: PeriodKind
  /** First and last day, YYYY-MM-DD in the school's zone, both included. */
  start: string
  end: string
}

/**
 * Where the current term began. Japanese schools (a journal in Japan's zone) have three terms from
 * 1 April, 1 September and 1 January; Taiwan's semesters (every other journal) begin on 1 February
 * and 1 August.
 */
export function termStart(today: string, timeZone: string) {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  const starts = timeZone === 'Asia/Tokyo' ? [1, 4, 9] : [2, 8]
  const began = [...starts].reverse().find((m) => m <= month)
  return began ? `${year}-${String(began).padStart(2, '0')}-01` : `${year - 1}-${String(starts.at(-1)).padStart(2, '0')}-01`
}

export function periodOf(params: URLSearchParams, { created, today, timeZone }: { created: string; today: string; timeZone: string }): { period: Period; error?: RangeError } {
  const preset = (kind: (typeof PERIODS)[number]): Period => {
    if (kind === 'term') {
      const start = termStart(today, timeZone)
      return { kind, start: start < created ? created : start, end: today }
    }
    return { kind, start: addDays(today, -(Number(kind) - 1)), end: today }
  }
  const start = params.get('start')
  const end = params.get('end')
  if (start && end) {
    const error = checkCustom(start, end, { created, today })
    return error ? { period: preset(DEFAULT_PERIOD), error } : { period: { kind: 'custom', start, end } }
  }
  const asked = params.get('period')
  return { period: preset((PERIODS as readonly string[]).includes(asked ?? '') ? (asked as (typeof PERIODS)[number]) : DEFAULT_PERIOD) }
}

/** The URL values of a period, so links keep it. */
export const periodParams = (p: Period): Record<string, string> => (p.kind === 'custom' ? { start: p.start, end: p.end } : { period: p.kind })

/** What the Feedback and Patterns pages start from (auth/insights-gate.server.ts makes it behind the journal's gate). */
export interface InsightsScope {
  journal: { id: number; name: string; createdAt: string }
  /** Without the reports' pay function: no data. */
  locked: boolean
  timeZone: string
  today: string
  created: string
  period: Period
  error?: RangeError
  /** The custom range's fields as asked for. */
  asked: { start: string; end: string }
  /** The period's parameters, for links that keep it. */
  keep: string
}
