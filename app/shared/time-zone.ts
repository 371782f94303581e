/**
 * The school's time zone, in which every moment is shown (DESIGN rule 5, decision 0044): a journal's
 * own, or the teacher's team's, Asia/Taipei by default; never the browser's, so one event has one
 * time on every page. Shared by both sides: the server reads the zone of the request being rendered
 * (time-zone.server.ts), the browser the one its page was rendered with (root.tsx). A small script
 * tells the server the browser's zone (a client-hint cookie), only to name it when it differs.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Taipei'
export const TIME_ZONE_COOKIE = 'tz'

const known = new Map<string, boolean>()
/** Whether Intl knows the zone (a cookie is the user's to change). */
export function isTimeZone(zone: string) {
  let ok = known.get(zone)
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone })
      ok = true
    } catch {
      ok = false
    }
    if (known.size < 1000) known.set(zone, ok)
  }
  return ok
}

/** A zone Intl knows, of at most 64 characters; null for anything else. */
export const validZone = (zone: string | null | undefined) => (zone && zone.length <= 64 && isTimeZone(zone) ? zone : null)

/** The browser's zone a Cookie header names (the page script's hint), or null. */
export function timeZoneOf(cookieHeader: string | null) {
  const match = cookieHeader?.match(/(?:^|;\s*)tz=([^;]+)/)
  try {
    return validZone(match ? decodeURIComponent(match[1]) : null)
  } catch {
    return null // not a URI component: the user's to forge
  }
}

let source: () => string = () => DEFAULT_TIME_ZONE
/** Where the current zone comes from: the request on the server, the page in the browser. */
export function setTimeZoneSource(read: () => string) {
  source = read
}
export const currentTimeZone = () => source()

/**
 * The page's script: tell the server the browser's zone for the next requests (a year), so that a
 * browser elsewhere is told which zone the times are in. It runs
 * when the browser is idle, after the first paint: starting Intl costs 70 to 100 ms on a slow PC,
 * and only the next request needs the cookie.
 */
export const TIME_ZONE_HINT_SCRIPT = `(window.requestIdleCallback||setTimeout)(function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf('${TIME_ZONE_COOKIE}='+encodeURIComponent(z))<0)document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(z)+';path=/;max-age=31536000;samesite=lax'}catch(e){}})`

/** What the root loader tells every page of zones: the school's, and the browser's where its clock differs (ui/zone-note.tsx). */
export interface RequestZones {
  timeZone: string
  browserZone: string | null
}
