import { timeAgo } from '~/shared/dates'
import type { NotificationItem } from './list.server'

/** A notification as the pages show it: the reader's "how long ago", computed once on the server (no hydration drift). */
export const itemView = (n: NotificationItem, locale: string) => ({
  id: n.id,
  type: n.type,
  msgKey: n.msgKey,
  params: n.params,
  unread: n.unread,
  ago: timeAgo(n.createdAt, locale),
  at: n.createdAt,
  actor: n.actorId === null ? null : { id: n.actorId, name: n.actorName ?? '', avatarUrl: n.avatarUrl },
})
export type NotificationView = ReturnType<typeof itemView>

/** Where an opened notification goes: a post opened from the list shows "Notification list" in its breadcrumb. */
export const openedLink = (link: string) => (link.startsWith('/diary/diaryPost/') ? `${link}${link.includes('?') ? '&' : '?'}from=notification` : link)
