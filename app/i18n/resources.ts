import en from './locales/en/translation.json'
import enServer from './locales/en/server.json'
import ja from './locales/ja/translation.json'
import jaServer from './locales/ja/server.json'
import zhTW from './locales/zh-TW/translation.json'
import zhTWServer from './locales/zh-TW/server.json'

/** Two dictionaries merged section by section (their sections may share a name). */
function merged<A extends Record<string, object>, B extends Record<string, object>>(a: A, b: B): A & B {
  const out: Record<string, object> = { ...a }
  for (const [k, v] of Object.entries(b)) out[k] = { ...(out[k] ?? {}), ...v }
  return out as A & B
}

// Server side: every locale is loaded, with the texts only the server writes (server.json: comment
// suggestions, spreadsheet headings), which the browser never downloads. The browser loads only
// the current locale's translation.json (entry.client.tsx).
export const resources = {
  en: { translation: merged(en, enServer) },
  'zh-TW': { translation: merged(zhTW, zhTWServer) },
  ja: { translation: merged(ja, jaServer) },
}
