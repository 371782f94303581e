import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import type { NotificationType } from './notify.server'
export { BELL_ITEMS, NOTIFICATION_MAX, NOTIFICATION_PAGE } from './constants'

/** The bell shows up to 99 and then "99+": counting stops there. */
export const BELL_COUNT_CAP = 100

/**
 * The bell's figure on every page: the reader's unread notifications, read from a partial index and
 * counted only up to BELL_COUNT_CAP, so a teacher with thousands unread costs a page no more than
 * one with a hundred.
 */
export async function unreadCount(db: DB, userId: number) {
  const row = await db
    .selectFrom((eb) => eb.selectFrom('notifications').select('id').where('user_id', '=', userId).where('read_at', 'is', null).limit(BELL_COUNT_CAP).as('u'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The reader's newest notifications (of one type, or all), with whoever caused each. One more than asked tells whether there are more. */
export async function notificationList(db: DB, userId: number, { type, limit }: { type: NotificationType | null; limit: number }) {
  const rows = await db
    .selectFrom('notifications as n')
    .leftJoin('users as u', 'u.id', 'n.actor_id')
    .select((eb) => ['n.id', 'n.type', 'n.msg_key as msgKey', 'n.params', 'n.link', 'n.created_at as createdAt', 'n.read_at as readAt', 'n.actor_id as actorId', 'u.avatar_url as avatarUrl', eb.fn.coalesce('u.name', 'u.account').as('actorName')])
    .where('n.user_id', '=', userId)
    .$if(type !== null, (q) => q.where('n.type', '=', type!))
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit + 1)
    .execute()
  return { items: rows.slice(0, limit).map((r) => ({ ...r, params: JSON.parse(r.params) as Record<string, string | number>, unread: r.readAt === null })), more: rows.length > limit }
}
export type NotificationItem = Awaited<ReturnType<typeof notificationList>>['items'][number]

/** A notification opened: read from now on. Only its reader's: another's id changes nothing. */
export async function markOpened(db: DB, userId: number, id: number) {
  await db.updateTable('notifications').set({ read_at: nowIso() }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute()
}

/**
 * An alert opened from anywhere (the journal's list, the counsellor's inbox, a mail): the reader's
 * notifications about it (`alert:{id}:…`, raised, escalated, noted, overdue) are read too, so the
 * bell never keeps asking about an alert already looked at.
 */
export async function markAlertOpened(db: DB, userId: number, alertId: number) {
  await db.updateTable('notifications').set({ read_at: nowIso() }).where('user_id', '=', userId).where('event_key', 'like', `alert:${alertId}:%`).where('read_at', 'is', null).execute()
}

/** Mark all read (of one type, or all). */
export async function markAllRead(db: DB, userId: number, type: NotificationType | null) {
  await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .$if(type !== null, (q) => q.where('type', '=', type!))
    .execute()
}
