import type { MiddlewareFunction } from 'react-router'
import { DEFAULT_TIME_ZONE } from '~/shared/time-zone'
import { inSchoolZone } from '~/time-zone.server'
import { getSession } from './session.server'

/**
 * The root's zone (decision 0044): the signed-in teacher's school (the team's, or their
 * newest journal's: a session value), else Asia/Taipei. Never the browser's: the same event shows the
 * same time on every page, on the first page and without JavaScript. A journal's pages go on in the
 * journal's own zone (`inSchoolZone`, from the journal gate and the post pages).
 */
export const schoolZoneMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getSession(request, context)
  return inSchoolZone(session.get('timeZone') ?? DEFAULT_TIME_ZONE, next)
}
