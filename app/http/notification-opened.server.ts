import type { MiddlewareFunction } from 'react-router'
import { getSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { parseId } from '~/shared/lists'
import { NOTIFICATION_PARAM } from '~/features/notifications/constants'
import { markOpened } from '~/features/notifications/list.server'

/**
 * A notification's link is its target with its id (features/notifications/view.server.ts, decision 0044): the target's GET marks
 * it read, as opening a post marks the post read, whichever way it was opened (a click, a new tab, a
 * bookmark). Middleware of the console layout, where every target is: it runs before the loaders, so
 * the bell counts it already. Another reader's id changes nothing.
 */
export const notificationOpenedMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const id = request.method === 'GET' ? parseId(new URL(request.url).searchParams.get(NOTIFICATION_PARAM)) : null
  const userId = id === null ? undefined : (await getSession(request, context)).get('userId')
  if (id !== null && userId) await markOpened(db, userId, id)
  return next()
}
