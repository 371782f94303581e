import type { Locale } from './config'

// Each locale is its own chunk: the browser downloads only the language it shows.
const loaders: Record<Locale, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./locales/en/translation.json'),
  'zh-TW': () => import('./locales/zh-TW/translation.json'),
  ja: () => import('./locales/ja/translation.json'),
}

export async function loadClientLocale(locale: Locale) {
  return (await loaders[locale]()).default
}
