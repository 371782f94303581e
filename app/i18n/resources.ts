import en from './locales/en/translation.json'
import ja from './locales/ja/translation.json'
import zhTW from './locales/zh-TW/translation.json'

// Server side: every locale is loaded. The browser loads only the current one (entry.client.tsx).
export const resources = {
  en: { translation: en },
  'zh-TW': { translation: zhTW },
  ja: { translation: ja },
}
