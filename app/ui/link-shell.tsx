import type { ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { Brand } from './brand'
import { LanguageSwitcher } from './language-switcher'

/**
 * A page opened by a link without signing in (a shared e-book, a family pack): the skip link, a top
 * bar with the brand, the page's badge and the language switcher (decision 0063: a family chooses its
 * language as every visitor does), then the page's main part.
 */
export function LinkShell({ badge, className, children }: { badge?: string; className?: string; children: ReactNode }) {
  const { t } = useT()
  return (
    <div className={className ? `link-app ${className}` : 'link-app'}>
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="topbar">
        <Brand to="/index" />
        {badge ? <span className="mode-badge light">{badge}</span> : null}
        <span className="spacer" />
        <LanguageSwitcher />
      </header>
      {children}
    </div>
  )
}
