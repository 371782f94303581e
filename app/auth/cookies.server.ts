import { createCookie } from 'react-router'
import { env } from '~/env.server'
import { isLocale, type Locale } from '~/i18n/config'

/** Whether the request came over HTTPS: every cookie the console sets is then Secure. */
export const isHttps = (request: Request) => new URL(request.url).protocol === 'https:'

/**
 * A signed cookie that keeps, for an hour, the page someone wanted before a sign-in sent them
 * elsewhere: the console's and student pages' (`__wanted`), the e-book's (`__ebook_wanted`). What it
 * holds is read as it came: the caller keeps only a local path.
 */
export function wantedPathCookie(name: string) {
  const cookie = createCookie(name, { httpOnly: true, sameSite: 'lax', path: '/', secrets: [env.SESSION_SECRET], maxAge: 3600 })
  return {
    /** Set-Cookie that keeps the path. */
    remember: (request: Request, path: string) => cookie.serialize(path, { secure: isHttps(request) }),
    read: async (request: Request): Promise<unknown> => cookie.parse(request.headers.get('Cookie')),
    /** Set-Cookie that removes it. */
    clear: () => cookie.serialize('', { maxAge: 0 }),
  }
}

/**
 * The language a visitor chose with the switcher while signed out (a sign-in page, decision 0064), kept
 * an hour: the sign-in that follows takes it over the account's stored language, keeps it in the
 * account, and removes this cookie (auth/session.server.ts, rotateSession). The year-long visitor
 * cookie (`lng`) is only what a signed-out page is shown in: a language chosen on this browser long
 * ago, maybe by someone else on a school PC, never changes an account.
 */
const localePickCookie = createCookie('lng_pick', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 3600 })
export const localePick = {
  remember: (request: Request, locale: Locale) => localePickCookie.serialize(locale, { secure: isHttps(request) }),
  read: async (request: Request): Promise<Locale | null> => {
    const value: unknown = await localePickCookie.parse(request.headers.get('Cookie'))
    return isLocale(value) ? value : null
  },
  clear: () => localePickCookie.serialize('', { maxAge: 0 }),
}
