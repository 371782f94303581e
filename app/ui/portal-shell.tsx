import type { ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { Link } from 'react-router'
import { Brand } from './brand'
import { LanguageSwitcher } from './language-switcher'
import { DOCS_URL, STUDIO_URL } from './support'

/** The portal layout: top bar (studio, guides, console login, language), content, footer. */
export function PortalShell({ children }: { children: ReactNode }) {
  const { t } = useT()
  return (
    <div className="portal">
      <a className="skip-link" href="#main">{t('app.skip')}</a>
      <header className="topbar">
        <Brand to="/index" />
        <nav aria-label={t('nav.menu')}>
          <a href={STUDIO_URL} rel="noopener">{t('nav.studio')}</a>
          <a href={DOCS_URL} rel="noopener">{t('nav.docs')}</a>
          <Link to="/login/check">{t('nav.consoleLogin')}</Link>
        </nav>
        <span className="spacer" />
        <LanguageSwitcher />
      </header>
      {children}
      <footer className="footer">{t('footer.copyright', { year: new Date().getFullYear() })}</footer>
    </div>
  )
}
