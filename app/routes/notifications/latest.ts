import type { Route } from './+types/latest'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { BELL_ITEMS, notificationList, unreadCount } from '~/features/notifications/list.server'
import { itemView, type BellData } from '~/features/notifications/view.server'
import { getInstance } from '~/i18n/middleware.server'

/**
 * /notification/latest: what the bell needs, as data for its fetcher. `?count=1` (the 30 s poll)
 * reads only the unread count; opening the bell also reads the newest few.
 */
export async function loader({ request, context }: Route.LoaderArgs): Promise<BellData> {
  const { user } = await requireUser(request, context)
  const countOnly = new URL(request.url).searchParams.get('count') === '1'
  const [count, list] = await Promise.all([unreadCount(db, user.userId), countOnly ? null : notificationList(db, user.userId, { type: null, limit: BELL_ITEMS })])
  const i18n = getInstance(context)
  return { count, items: list ? list.items.map((n) => itemView(n, i18n)) : null }
}
