/**
 * Field errors travel as locale keys; one that needs values carries them after a `|` as a query
 * string ("journalSettings.limitOverTickets|max=30"). ErrorList splits them again to translate.
 */
export const withValues = (key: string, values: Record<string, string | number>) =>
  `${key}|${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]))}`

export function splitError(error: string): [string, Record<string, string>] {
  const bar = error.indexOf('|')
  return bar < 0 ? [error, {}] : [error.slice(0, bar), Object.fromEntries(new URLSearchParams(error.slice(bar + 1)))]
}
