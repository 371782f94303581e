import { useT } from '~/i18n/use-t'
import { useLocation } from 'react-router'
import { Form } from '~/ui/form'
import { LOCALE_LABELS, LOCALES } from '~/i18n/config'

/** Stores the chosen locale and reloads the page (a real document request, also without JavaScript). */
export function LanguageSwitcher() {
  const { t, i18n } = useT()
  const location = useLocation()
  return (
    <Form method="post" action="/locale" reloadDocument className="lang-switcher" aria-label={t('lang.choose')}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {LOCALES.map((l) => (
        <button key={l} type="submit" name="locale" value={l} lang={l} aria-pressed={i18n.language === l} className="link-button">
          {LOCALE_LABELS[l]}
        </button>
      ))}
    </Form>
  )
}
