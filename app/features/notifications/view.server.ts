import type { i18n as I18n } from 'i18next'
import { timeAgo } from '~/shared/dates'
import type { NotificationItem } from './list.server'
import { NOTIFICATION_PARAM } from './constants'

/**
 * A notification as the pages show it: its message and "how long ago" written once on the server in
 * the reader's language (no hydration drift, and the messages' texts stay out of the browser's
 * dictionary: decision 0056).
 */
export const itemView = (n: NotificationItem, i18n: I18n) => ({
  id: n.id,
  type: n.type,
  message: (i18n.t as (key: string, params?: object) => string)(n.msgKey, n.params ?? undefined),
  unread: n.unread,
  ago: timeAgo(n.createdAt, i18n.language),
  at: n.createdAt,
  href: openedLink(n.link, n.id),
  actor: n.actorId === null ? null : { id: n.actorId, name: n.actorName ?? '', avatarUrl: n.avatarUrl },
})
export type NotificationView = ReturnType<typeof itemView>

/** What the bell reads from /notification/latest: the unread count, and the newest few when it is opened. */
export interface BellData {
  count: number
  items: NotificationView[] | null
}

/**
 * A notification is a link to its target carrying its id (decision 0044): the target's GET marks it read
 * (opened.server.ts), from a click, a new tab or a bookmark alike; a post opened so shows
 * "Notification list" in its breadcrumb.
 */
export const openedLink = (link: string, id: number) => `${link}${link.includes('?') ? '&' : '?'}${NOTIFICATION_PARAM}=${id}`
