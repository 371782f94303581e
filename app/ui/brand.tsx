import { useT } from '~/i18n/use-t'
import { FastLink } from './fast-link'

/**
 * The product's face, drawn inline: as an <img> of /favicon.svg it was a second request for the
 * favicon (React preloads a page's first images), on every first load.
 */
function Mark() {
  return (
    <svg viewBox="0 0 32 32" width={28} height={28} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#2f6f5e" />
      <circle cx="12" cy="13" r="2.2" fill="#fff" />
      <circle cx="20" cy="13" r="2.2" fill="#fff" />
      <path d="M10 19c3 3.5 9 3.5 12 0" stroke="#fff" strokeWidth="2.2" fill="none" strokeLinecap="round" />
    </svg>
  )
}

/** The product mark in the top bars: short name in the portal, full name in the console. */
export function Brand({ to, full = false }: { to: string; full?: boolean }) {
  const { t } = useT()
  return (
    <FastLink discover to={to} className="brand">
      <Mark />
      {full ? t('app.name') : t('app.short')}
    </FastLink>
  )
}
