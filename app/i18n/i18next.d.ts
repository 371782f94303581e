import 'i18next'
import type en from './locales/en/translation.json'
import type enServer from './locales/en/server.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // Keys of server.json are typed too; only server code may use them (the browser lacks them).
    resources: { translation: typeof en & typeof enServer }
  }
}
