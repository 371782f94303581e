import type { ReactNode } from 'react'
import { useT } from '~/i18n/use-t'
import { STUDIO_URL } from './support'
import { SupportContact } from './support-contact'

/** The upgrade dialog (spec 2 section 6): support contact and the pricing link. */
function UpgradeText() {
  const { t } = useT()
  return (
    <>
      <p>
        <strong>{t('pay.title')}</strong>
      </p>
      <p>{t('pay.text')}</p>
      <SupportContact />
      <p>
        <a href={`${STUDIO_URL}/pricing`} rel="noopener">
          {t('pay.pricing')}
        </a>
      </p>
    </>
  )
}

/** A page whose pay function the plan lacks: the notice, and no data (the loader loads none). */
export function PayNotice() {
  return (
    <section className="card pay-notice" role="note">
      <UpgradeText />
    </section>
  )
}

/** A control for a paid action the plan lacks: it opens the upgrade dialog instead (no JS needed). */
export function UpgradeButton({ children }: { children: ReactNode }) {
  const { t } = useT()
  return (
    <details className="upgrade">
      <summary className="button secondary">{children}</summary>
      <div className="card" role="dialog" aria-label={t('pay.title')}>
        <UpgradeText />
      </div>
    </details>
  )
}
