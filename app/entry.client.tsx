import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { HydratedRouter } from 'react-router/dom'
import { DEFAULT_LOCALE, isLocale } from './i18n/config'
import { DICTIONARY_PARTS, loadClientLocale, type DictionaryPart } from './i18n/client-resources'

/**
 * The server's page is painted before hydration starts (decision 0034, bench/first-load.ts): the
 * second animation frame's callback runs once the first frame is on the screen.
 */
const afterFirstPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))

async function hydrate() {
  await afterFirstPaint()
  const lang = document.documentElement.lang
  const locale = isLocale(lang) ? lang : DEFAULT_LOCALE
  const named = (document.documentElement.dataset.dictionary ?? '').split(' ')
  const parts: DictionaryPart[] = ['public', ...DICTIONARY_PARTS.filter((p) => p !== 'public' && named.includes(p))]
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
