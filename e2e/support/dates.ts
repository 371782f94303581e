import { DEFAULT_TIME_ZONE, formatDate } from '../../app/shared/dates'

/**
 * The school's date `days` from today, in the tests' zone (Asia/Taipei, as the browser's): never
 * the UTC date, which is a day behind from 16:00 UTC.
 */
export const schoolDate = (days = 0) => formatDate(new Date(Date.now() + days * 86_400_000).toISOString(), DEFAULT_TIME_ZONE)
