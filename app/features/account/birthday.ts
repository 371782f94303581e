// Birthday selects (spec 1 section 5): the last 100 years, and days that follow the month's length.
export const BIRTH_YEARS = 100

export function birthYears(today = new Date()) {
  const year = today.getFullYear()
  return Array.from({ length: BIRTH_YEARS }, (_, i) => year - i)
}

export function daysInMonth(year: number | null, month: number | null) {
  if (!month) return 31
  // Day 0 of the next month is this month's last day; without a year, February may have 29.
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate()
}

/**
 * YYYY-MM-DD from the three selects, or null when one is empty ("a date string that is not 10
 * characters is sent empty"). Undefined when the parts make no date (30 February, a year out of range).
 */
export function birthdayOf(year?: string, month?: string, day?: string, today = new Date()): string | null | undefined {
  if (!year || !month || !day) return null
  const [y, m, d] = [Number(year), Number(month), Number(day)]
  if (!birthYears(today).includes(y) || !(m >= 1 && m <= 12) || !(d >= 1 && d <= daysInMonth(y, m))) return undefined
  const text = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  return text.length === 10 ? text : null
}
