/** Notification lists (issue 22): "Show more" adds NOTIFICATION_PAGE; the bell's drop-down shows the newest BELL_ITEMS. */
export const NOTIFICATION_PAGE = 20
export const BELL_ITEMS = 6
/** The most a list shows ("Show more" stops there). */
export const NOTIFICATION_MAX = 200
