/** Notification lists (decision 0037): "Show more" adds NOTIFICATION_PAGE; the bell's drop-down shows the newest BELL_ITEMS. */
export const NOTIFICATION_PAGE = 20
export const BELL_ITEMS = 6
/** The most a list shows ("Show more" stops there). */
export const NOTIFICATION_MAX = 200
/** The query parameter of a notification's link that names it: its target's GET marks it read. */
export const NOTIFICATION_PARAM = 'notification'
