import { createCookie } from 'react-router'
import { createI18nextMiddleware } from 'remix-i18next/middleware'
import { getSession } from '~/auth/session.server'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, localeFromAcceptLanguage } from './config'
import { resources } from './resources'

/** A visitor's language choice, kept for a year. Signed-in users keep theirs in the session. */
export const localeCookie = createCookie(LOCALE_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 24 * 3600 })

/** Session, then the visitor cookie, then the browser language when English or Chinese, then English. */
export async function detectLocale(request: Request) {
  const session = await getSession(request)
  const fromSession = session.get('locale')
  if (isLocale(fromSession)) return fromSession
  const fromCookie = await localeCookie.parse(request.headers.get('Cookie'))
  if (isLocale(fromCookie)) return fromCookie
  return localeFromAcceptLanguage(request.headers.get('Accept-Language')) ?? DEFAULT_LOCALE
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...LOCALES],
    fallbackLanguage: DEFAULT_LOCALE,
    order: ['custom'],
    findLocale: detectLocale,
  },
  i18next: { resources, fallbackLng: DEFAULT_LOCALE, supportedLngs: [...LOCALES], interpolation: { escapeValue: false } },
})
