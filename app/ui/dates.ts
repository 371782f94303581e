/** Dates show as YYYY-MM-DD in the school's time zone (spec 2 section 9). */
export const DEFAULT_TIME_ZONE = 'Asia/Taipei'

export function formatDate(iso: string, timeZone = DEFAULT_TIME_ZONE) {
  // en-CA formats as YYYY-MM-DD in every language.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso))
}
