import { useT } from '~/i18n/use-t'
import { FastLink } from './fast-link'

/** The product mark in the top bars: short name in the portal, full name in the console. */
export function Brand({ to, full = false }: { to: string; full?: boolean }) {
  const { t } = useT()
  return (
    <FastLink discover to={to} className="brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {full ? t('app.name') : t('app.short')}
    </FastLink>
  )
}
