import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { DEFAULT_LOCALE, isLocale } from './i18n/config'
import { loadClientLocale, type DictionaryPart } from './i18n/client-resources'

async function hydrate() {
  const lang = document.documentElement.lang
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
  const parts: DictionaryPart[] = document.documentElement.dataset.dictionary === 'signedIn' ? ['public', 'signedIn'] : ['public']
  await i18next.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: { translation: await loadClientLocale(locale, parts) } },
    interpolation: { escapeValue: false },
  })
  // Styles that only make sense with scripts (fields that follow a switch) key off this class.
  document.documentElement.classList.add('js')
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
