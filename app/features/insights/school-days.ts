import { addDays } from '~/shared/dates'

/**
 * School days (decision 0048): Monday to Friday in the school's zone. The console knows no
 * school's holidays, so a holiday counts as a school day; a weekend never does.
 */
const isSchoolDay = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day !== 0 && day !== 6
}

/**
 * How many school days a post written on `from` has waited by `to`: the school days after the day
 * it was written, up to and including `to`. Written on Friday, it has waited 1 school day on
 * Monday; written on Monday, none that Monday.
 */
export function schoolDaysBetween(from: string, to: string) {
  if (to <= from) return 0
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000)
  // Whole weeks hold five school days each; the days left over are counted one by one.
  const weeks = Math.floor(days / 7)
  let count = weeks * 5
  for (let d = addDays(from, weeks * 7 + 1); d <= to; d = addDays(d, 1)) if (isSchoolDay(d)) count++
  return count
}

/**
 * The last day a post may have been written on to have waited at least `n` school days by `today`
 * (n ≥ 1): every post of that day or before has.
 */
export function lastDayWaiting(today: string, n: number) {
  let day = today
  let counted = 0
  // Walk back over the school days in (day, today] until there are n of them.
  while (counted < n) {
    if (isSchoolDay(day)) counted++
    day = addDays(day, -1)
  }
  return day
}

/** The Monday of a date's school week. */
export function weekOf(date: string) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return addDays(date, -((day + 6) % 7))
}
