import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from '~/i18n/config'
import { localeContext, localeCookie } from '~/i18n/middleware.server'
import { getSession } from './session.server'

/**
 * The pages a family opens by a link, signed out (a family pack, a shared e-book): there the browser
 * language counts in any of the three languages (decision 0063), not only in English
 * or Chinese as on the console's pages.
 */
const FAMILY_LINK_PAGES = /^\/(?:family|ebook\/share)\//

/**
 * Session, then the visitor cookie (the language switcher's), then the browser language when English
 * or Chinese (any of the three on a family's link page), then English.
 */
export async function detectLocale(request: Request, context?: Readonly<RouterContextProvider>): Promise<Locale> {
  const session = await getSession(request, context)
  const fromSession = session.get('locale')
  if (isLocale(fromSession)) return fromSession
  const fromCookie = await localeCookie.parse(request.headers.get('Cookie'))
  if (isLocale(fromCookie)) return fromCookie
  const anyLocale = FAMILY_LINK_PAGES.test(new URL(request.url).pathname)
  return localeFromAcceptLanguage(request.headers.get('Accept-Language'), { anyLocale }) ?? DEFAULT_LOCALE
}

/** The root's middleware: the request's language, read once, for getInstance and getLocale (i18n/middleware.server.ts). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await detectLocale(request, context))
  return next()
}
