/**
 * Field errors travel as locale keys; one that needs values carries them after a `|` as a query
 * string ("journalSettings.limitOverTickets|count=30"). ErrorList splits them again to translate.
 */
export const withValues = (key: string, values: Record<string, string | number>) =>
  `${key}|${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`

/** The key and its values; `count` back as a number, so the translation takes its plural form ("1 character", "500 characters"). */
export function splitError(error: string): [string, Record<string, string | number>] {
  const bar = error.indexOf('|')
  if (bar < 0) return [error, {}]
  const values: Record<string, string | number> = Object.fromEntries(new URLSearchParams(error.slice(bar + 1)))
  if (typeof values.count === 'string' && /^\d+$/.test(values.count)) values.count = Number(values.count)
  return [error.slice(0, bar), values]
}
