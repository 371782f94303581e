import countries from 'i18n-iso-countries'
import en from 'i18n-iso-countries/langs/en.json'
import ja from 'i18n-iso-countries/langs/ja.json'
import zh from 'i18n-iso-countries/langs/zh.json'
import * as OpenCC from 'opencc-js/cn2t'
import type { Locale } from '~/i18n/config'

/**
 * An embedded, localized country list replaces the spec's external geocoder. The library's Chinese
 * names are Simplified; they are converted to Taiwan's Traditional script, and Taiwan is named as
 * our users name it.
 */
countries.registerLocale(en)
countries.registerLocale(ja)
countries.registerLocale(zh)

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' })
const OVERRIDES: Record<Locale, Record<string, string>> = {
  en: { TW: 'Taiwan', KR: 'South Korea', KP: 'North Korea' },
  'zh-TW': { TW: '臺灣', KR: '韓國', KP: '北韓', HK: '香港', MO: '澳門' },
  ja: { TW: '台湾' },
}

function namesFor(locale: Locale): Record<string, string> {
  const lang = locale === 'zh-TW' ? 'zh' : locale
  const names = countries.getNames(lang, { select: 'official' })
  const out: Record<string, string> = {}
  for (const [code, name] of Object.entries(names)) out[code] = locale === 'zh-TW' ? toTraditional(name) : name
  return { ...out, ...OVERRIDES[locale] }
}

const NAMES: Record<Locale, Record<string, string>> = { en: namesFor('en'), 'zh-TW': namesFor('zh-TW'), ja: namesFor('ja') }
const SORTED: Record<Locale, { code: string; name: string }[]> = Object.fromEntries(
  (Object.keys(NAMES) as Locale[]).map((l) => [
    l,
    Object.entries(NAMES[l]).map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name, l)),
  ]),
) as never

export function countryOptions(locale: Locale) {
  return SORTED[locale]
}

export function countryName(code: string, locale: Locale) {
  return NAMES[locale][code] ?? code
}

export type CountryMatch = { kind: 'exact'; code: string } | { kind: 'suggest'; code: string } | { kind: 'none' }

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase()

/**
 * A name picked from the list (in any of our languages) or an ISO code is exact: codes such as
 * "SG" or "SGP" are expanded to the full name. Otherwise the closest name containing the text is a
 * suggestion to confirm ("did you mean"), and nothing close is "no place found".
 */
export function resolveCountry(text: string, locale: Locale): CountryMatch {
  const q = fold(text)
  if (!q) return { kind: 'none' }
  if (/^[a-z]{2,3}$/.test(q)) {
    const code = q.length === 2 ? q.toUpperCase() : countries.alpha3ToAlpha2(q.toUpperCase())
    if (code && NAMES.en[code]) return { kind: 'exact', code }
  }
  const locales: Locale[] = [locale, ...(['en', 'zh-TW', 'ja'] as Locale[]).filter((l) => l !== locale)]
  for (const l of locales) for (const [code, name] of Object.entries(NAMES[l])) if (fold(name) === q) return { kind: 'exact', code }
  for (const l of locales) {
    const hits = SORTED[l].filter(({ name }) => fold(name).includes(q) || (q.length >= 4 && q.includes(fold(name))))
    if (hits.length) {
      hits.sort((a, b) => a.name.length - b.name.length)
      return { kind: 'suggest', code: hits[0].code }
    }
  }
  return { kind: 'none' }
}
