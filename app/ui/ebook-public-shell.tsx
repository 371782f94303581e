import type { ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { LinkShell } from './link-shell'

/**
 * The e-book pages open without an e-book session (its login, a shared book): the skip link, a top
 * bar with the brand, the e-book badge and the language, then the page's main part.
 */
export function EbookPublicShell({ mainClass, children }: { mainClass?: string; children: ReactNode }) {
  const { t } = useT()
  return (
    <LinkShell className="ebook-app" badge={t('ebook.badge')}>
      <main id="main" className={mainClass ? `ebook-main ${mainClass}` : 'ebook-main'}>
        {children}
      </main>
    </LinkShell>
  )
}
