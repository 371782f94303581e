import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareFunction } from 'react-router'
import { DEFAULT_TIME_ZONE, setTimeZoneSource, timeZoneOf } from './shared/time-zone'

// The zone of the request being handled, for every date the server writes while handling it
// (pages, the export): concurrent requests each keep their own.
const requestZone = new AsyncLocalStorage<string>()
setTimeZoneSource(() => requestZone.getStore() ?? DEFAULT_TIME_ZONE)

export const timeZoneMiddleware: MiddlewareFunction<Response> = ({ request }, next) => requestZone.run(timeZoneOf(request.headers.get('Cookie')), next)

/** The zone of the current request (the root loader hands it to the browser). */
export const requestTimeZone = () => requestZone.getStore() ?? DEFAULT_TIME_ZONE
