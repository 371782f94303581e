/** Dates show as YYYY-MM-DD in the school's time zone (spec 2 section 9). */
export const DEFAULT_TIME_ZONE = 'Asia/Taipei'

// Building an Intl formatter is costly: one per time zone, reused.
const formatters = new Map<string, Intl.DateTimeFormat>()

export function formatDate(iso: string, timeZone = DEFAULT_TIME_ZONE) {
  let f = formatters.get(timeZone)
  if (!f) {
    // en-CA formats as YYYY-MM-DD whatever the interface language.
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    formatters.set(timeZone, f)
  }
  return f.format(new Date(iso))
}

/** A YYYY-MM-DD date moved by whole days. */
export const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** Today as YYYY-MM-DD in the school's time zone: the earliest day a date picker offers. */
export const todayDate = (now = new Date()) => formatDate(now.toISOString())

const timeFormatters = new Map<string, Intl.DateTimeFormat>()

/** A moment as YYYY-MM-DD HH:mm in the school's time zone (spec 2 section 9). */
export function formatDateTime(iso: string, timeZone = DEFAULT_TIME_ZONE) {
  let f = timeFormatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    timeFormatters.set(timeZone, f)
  }
  return f.format(new Date(iso)).replace(',', '')
}
