import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareFunction } from 'react-router'
import { getSession } from './auth/session.server'
import { DEFAULT_TIME_ZONE, setTimeZoneSource, timeZoneOf, validZone } from './shared/time-zone'

// The school's zone for the request being handled, in which every date the server writes while
// handling it is written (pages, the export): concurrent requests each keep their own.
const requestZone = new AsyncLocalStorage<string>()
setTimeZoneSource(() => requestZone.getStore() ?? DEFAULT_TIME_ZONE)

/**
 * The root's zone (issue 34, decision 0044): the signed-in teacher's school (the team's, or their
 * newest journal's: a session value), else Asia/Taipei. Never the browser's: the same event shows the
 * same time on every page, on the first page and without JavaScript. A journal's pages go on in the
 * journal's own zone (`inSchoolZone`, from the journal gate and the post pages).
 */
export const schoolZoneMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await getSession(request, context)
  return requestZone.run(validZone(session.get('timeZone')) ?? DEFAULT_TIME_ZONE, next)
}

/** Runs the rest of the request (the loaders, the render) in this zone: a journal's pages in the journal's. */
export const inSchoolZone = <T>(zone: string, next: () => T) => requestZone.run(validZone(zone) ?? DEFAULT_TIME_ZONE, next)

/** The zone of the current request (the root loader hands it to the browser). */
export const requestTimeZone = () => requestZone.getStore() ?? DEFAULT_TIME_ZONE

/** The browser's own zone, as its page script told (the `tz` cookie); null before it has. Only ever named, never used for a time. */
export const browserTimeZone = (request: Request) => timeZoneOf(request.headers.get('Cookie'))
