import i18next, { type i18n } from 'i18next'
import { createContext, createCookie, type RouterContextProvider } from 'react-router'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, LOCALES, type Locale } from './config'
import { resources } from './resources'

/** A visitor's language choice, kept for a year. Signed-in users keep theirs in the session. */
export const localeCookie = createCookie(LOCALE_COOKIE, { path: '/', sameSite: 'lax', httpOnly: true, maxAge: 365 * 24 * 3600 })

const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other']
// Options i18next reads from the values object: a call that passes one goes to i18next.
const OPTION_NAMES = new Set(['context', 'defaultValue', 'lng', 'lngs', 'ns', 'replace', 'interpolation', 'returnObjects', 'returnDetails', 'joinArrays', 'postProcess', 'ordinal', 'fallbackLng', 'keySeparator', 'nsSeparator'])
type Values = Record<string, string | number>
const isPlainValues = (v: unknown): v is Values =>
  typeof v === 'object' && v !== null && Object.entries(v).every(([k, x]) => !OPTION_NAMES.has(k) && (typeof x === 'string' || typeof x === 'number'))

/**
 * These instances are only read, so a key's text never changes: a plain key is translated once,
 * and a key with values is filled in from its text when that text is simple (only {{name}}
 * placeholders: no plural forms, nesting or formats), as i18next would. i18next spends ~10 µs on
 * each call and a feed page makes hundreds; anything else still goes to i18next.
 */
export function withCachedTranslations(instance: i18n, lng: Locale) {
  const translate = instance.t as unknown as (key: unknown, ...rest: unknown[]) => string
  const plain = new Map<string, string>()
  const templates = new Map<string, string | null>()
  const templateOf = (key: string) => {
    let template = templates.get(key)
    if (template === undefined) {
      const text: unknown = instance.getResource(lng, 'translation', key)
      const simple = typeof text === 'string' && !text.includes('$t(') && !/{{[^}]*[,-]/.test(text) && !PLURAL_SUFFIXES.some((s) => instance.exists(key + s))
      templates.set(key, (template = simple ? text : null))
    }
    return template
  }
  const cached = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== 'string') return translate(key, ...rest)
    if (rest.length === 0) {
      let text = plain.get(key)
      if (text === undefined) plain.set(key, (text = translate(key)))
      return text
    }
    const values = rest[0]
    const template = rest.length === 1 && isPlainValues(values) ? templateOf(key) : null
    if (template !== null) {
      let missing = false
      const text = template.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) => {
        const value = (values as Values)[name]
        if (value === undefined) missing = true
        return value === undefined ? placeholder : String(value)
      })
      if (!missing) return text
    }
    return translate(key, ...rest)
  }
  instance.t = cached as unknown as i18n['t']
  return instance
}

/**
 * One initialized i18next instance per locale, shared by every request (they are only read on the
 * server). remix-i18next's middleware builds and initializes a new instance per request, which
 * cost a quarter of the server's CPU on /diary (docs/decisions/0004-server-i18n-instances-and-rendering.md).
 */
const instances = new Map<Locale, i18n>(
  LOCALES.map((lng) => {
    const instance = i18next.createInstance()
    void instance.init({ lng, resources, fallbackLng: DEFAULT_LOCALE, supportedLngs: [...LOCALES], interpolation: { escapeValue: false }, initAsync: false })
    return [lng, withCachedTranslations(instance, lng)]
  }),
)

/** The request's language, set by the locale middleware (auth/locale.server.ts). */
export const localeContext = createContext<Locale>(DEFAULT_LOCALE)

export const getLocale = (context: Readonly<RouterContextProvider>) => context.get(localeContext)
export const getInstance = (context: Readonly<RouterContextProvider>) => instances.get(context.get(localeContext))!

/** The translations of a given language (a mail goes out in its addressee's language). */
export const translatorFor = (locale: string) => instances.get(isLocale(locale) ? locale : DEFAULT_LOCALE)!

/** The server's translation function of a locale, for work outside a request (digest mails). */
export const translatorOf = (lng: string) => (instances.get(isLocale(lng) ? lng : DEFAULT_LOCALE) ?? instances.get(DEFAULT_LOCALE)!).t
