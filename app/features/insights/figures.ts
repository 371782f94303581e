import type { TFunction } from 'i18next'

/** A finding drawn from fewer posts than this says so and is greyed (decision 0049). */
export const FEW_POSTS = 5

export const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole))

/** A wait in the reader's words: minutes under an hour, hours under two days, then days. */
export function durationText(seconds: number, t: TFunction) {
  if (seconds < 3600) return t('insights.minutes', { count: Math.max(1, Math.round(seconds / 60)) })
  if (seconds < 48 * 3600) return t('insights.hours', { count: Math.round(seconds / 3600) })
  return t('insights.days', { count: Math.round(seconds / 86_400) })
}
