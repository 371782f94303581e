import 'i18next'
import type en from './locales/en/translation.json'
import type enSignedIn from './locales/en/signed-in.json'
import type enServer from './locales/en/server.json'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    // One namespace made of three files (locales/README.md). Keys of signed-in.json may be used only
    // under the console and student layouts, keys of server.json only in server code.
    resources: { translation: typeof en & typeof enSignedIn & typeof enServer }
  }
}
