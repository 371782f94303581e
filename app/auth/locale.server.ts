import type { MiddlewareFunction, RouterContextProvider } from 'react-router'
import { DEFAULT_LOCALE, isLocale, localeFromAcceptLanguage, type Locale } from '~/i18n/config'
import { localeContext, localeCookie } from '~/i18n/middleware.server'
import { getSession } from './session.server'

/** Session, then the visitor cookie, then the browser language when English or Chinese, then English. */
export async function detectLocale(request: Request, context?: Readonly<RouterContextProvider>): Promise<Locale> {
  const session = await getSession(request, context)
  const fromSession = session.get('locale')
  if (isLocale(fromSession)) return fromSession
  const fromCookie = await localeCookie.parse(request.headers.get('Cookie'))
  if (isLocale(fromCookie)) return fromCookie
  return localeFromAcceptLanguage(request.headers.get('Accept-Language')) ?? DEFAULT_LOCALE
}

/** The root's middleware: the request's language, read once, for getInstance and getLocale (i18n/middleware.server.ts). */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await detectLocale(request, context))
  return next()
}
