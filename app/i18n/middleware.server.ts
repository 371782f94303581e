import i18next, { type i18n } from 'i18next'
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { getSession } from '~/auth/session.server'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, localeFromAcceptLanguage, type Locale } from './config'
import { resources } from './resources'

/** A visitor's language choice, kept for a year. Signed-in users keep theirs in the session. */
export const localeCookie = createCookie(LOCALE_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 24 * 3600 })

/** Session, then the visitor cookie, then the browser language when English or Chinese, then English. */
export async function detectLocale(request: Request, context?: Readonly<RouterContextProvider>): Promise<Locale> {
  const session = await getSession(request, context)
  const fromSession = session.get('locale')
  if (isLocale(fromSession)) return fromSession
  const fromCookie = await localeCookie.parse(request.headers.get('Cookie'))
  if (isLocale(fromCookie)) return fromCookie
  return localeFromAcceptLanguage(request.headers.get('Accept-Language')) ?? DEFAULT_LOCALE
}

/**
 * One initialized i18next instance per locale, shared by every request (they are only read on the
 * server). remix-i18next's middleware builds and initializes a new instance per request, which
 * cost a quarter of the server's CPU on /diary (docs/decisions/0004-i18n-instances-per-locale.md).
 */
const instances = new Map<Locale, i18n>(
  LOCALES.map((lng) => {
    const instance = i18next.createInstance()
    void instance.init({ lng, resources, fallbackLng: DEFAULT_LOCALE, supportedLngs: [...LOCALES], interpolation: { escapeValue: false }, initAsync: false })
    return [lng, withPlainStringsCached(instance)]
  }),
)

/**
 * A key translated without options always gives the same string on these read-only instances, so
 * each is translated once; most of a page's strings are plain (i18next spends ~10 µs on each).
 */
function withPlainStringsCached(instance: i18n) {
  const translate = instance.t as unknown as (key: unknown, ...rest: unknown[]) => string
  const plain = new Map<string, string>()
  const cached = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest)
    let text = plain.get(key)
    if (text === undefined) plain.set(key, (text = translate(key)))
    return text
  }
  instance.t = cached as unknown as i18n['t']
  return instance
}

const localeContext = createContext<Locale>(DEFAULT_LOCALE)

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await detectLocale(request, context))
  return next()
}

export const getLocale = (context: Readonly<RouterContextProvider>) => context.get(localeContext)
export const getInstance = (context: Readonly<RouterContextProvider>) => instances.get(context.get(localeContext))!
