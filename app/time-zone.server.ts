import { AsyncLocalStorage } from 'node:async_hooks'
import { DEFAULT_TIME_ZONE, setTimeZoneSource, timeZoneOf, validZone } from './shared/time-zone'

// The school's zone for the request being handled, in which every date the server writes while
// handling it is written (pages, the export): concurrent requests each keep their own.
const requestZone = new AsyncLocalStorage<string>()
setTimeZoneSource(() => requestZone.getStore() ?? DEFAULT_TIME_ZONE)

/**
 * Runs the rest of the request (the loaders, the render) in this zone: the root's in the signed-in
 * teacher's school's (auth/school-zone.server.ts), a journal's pages in the journal's.
 */
export const inSchoolZone = <T>(zone: string, next: () => T) => requestZone.run(validZone(zone) ?? DEFAULT_TIME_ZONE, next)

/** The zone of the current request (the root loader hands it to the browser). */
export const requestTimeZone = () => requestZone.getStore() ?? DEFAULT_TIME_ZONE

/** The browser's own zone, as its page script told (the `tz` cookie); null before it has. Only ever named, never used for a time. */
export const browserTimeZone = (request: Request) => timeZoneOf(request.headers.get('Cookie'))
