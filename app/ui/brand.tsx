import { useT } from '~/i18n/use-t'
import { Link } from 'react-router'

/** The product mark in the top bars: short name in the portal, full name in the console. */
export function Brand({ to, full = false }: { to: string; full?: boolean }) {
  const { t } = useT()
  return (
    <Link to={to} className="brand">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      {full ? t('app.name') : t('app.short')}
    </Link>
  )
}
