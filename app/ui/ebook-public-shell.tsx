import type { ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { Brand } from './brand'
import { LanguageSwitcher } from './language-switcher'

/**
 * The e-book pages open without an e-book session (its login, a shared book): the skip link, a top
 * bar with the brand, the e-book badge and the language, then the page's main part.
 */
export function EbookPublicShell({ mainClass, children }: { mainClass?: string; children: ReactNode }) {
  const { t } = useT()
  return (
    <div className="ebook-app">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <Brand to="/index" />
        <span className="mode-badge light">{t('ebook.badge')}</span>
        <span className="spacer" />
        <LanguageSwitcher />
      </header>
      <main id="main" className={mainClass ? `ebook-main ${mainClass}` : 'ebook-main'}>
        {children}
      </main>
    </div>
  )
}
