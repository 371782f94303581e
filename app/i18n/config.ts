// Locales of the console. `zh-TW` is Traditional Chinese; the spec's "zh" option maps to it.
export const LOCALES = ['en', 'zh-TW', 'ja'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'
export const LOCALE_COOKIE = 'lng'
export const LOCALE_LABELS: Record<Locale, string> = { en: 'English', 'zh-TW': '繁體中文', ja: '日本語' }

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/**
 * The browser language counts only when it is English or Chinese (spec 1 section 1): the console's
 * rule. `anyLocale` lets Japanese count too, on the pages a family opens by a link (decision 0063,
 * decision 0063): they are no page of the console's spec, and a family reads its own language.
 */
export function localeFromAcceptLanguage(header: string | null, { anyLocale = false } = {}): Locale | null {
  if (!header) return null
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, q] = part.trim().split(';q=')
      return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 }
    })
    .filter((x) => x.tag && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q)
  for (const { tag } of ranked) {
    if (tag === 'en' || tag.startsWith('en-')) return 'en'
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-TW'
    if (anyLocale && (tag === 'ja' || tag.startsWith('ja-'))) return 'ja'
  }
  return null
}

/** The parts of the browser's dictionary (i18n/client-resources.ts, decision 0019). */
export type DictionaryPart = 'public' | 'signedIn' | 'student' | 'contests' | 'assessments' | 'alerts' | 'ebooks' | 'insights' | 'privacy' | 'school' | 'report' | 'lists' | 'counsel' | 'post' | 'alertList' | 'feed'
export const DICTIONARY_PARTS: readonly DictionaryPart[] = ['public', 'signedIn', 'student', 'contests', 'assessments', 'alerts', 'ebooks', 'insights', 'privacy', 'school', 'report', 'lists', 'counsel', 'post', 'alertList', 'feed']
