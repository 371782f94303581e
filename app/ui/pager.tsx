import { useLocation } from 'react-router'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'

/** Page links for a table: up to 11 around the current page (spec 2 section 9), kept in the URL. */
export function Pager({ page, totalPages, param = 'page' }: { page: number; totalPages: number; param?: string }) {
  const { t } = useT()
  const location = useLocation()
  if (totalPages <= 1) return null
  const first = Math.max(1, Math.min(page - 5, totalPages - 10))
  const pages = Array.from({ length: Math.min(11, totalPages) }, (_, i) => first + i)
  const to = (n: number) => {
    const params = new URLSearchParams(location.search)
    params.set(param, String(n))
    return `?${params}`
  }
  return (
    <nav className="page-links" aria-label={t('pager.label')}>
      {page > 1 ? (
        <FastLink to={to(page - 1)} aria-label={t('pager.previous')}>
          ‹
        </FastLink>
      ) : null}
      {pages.map((n) => (
        <FastLink key={n} to={to(n)} aria-current={n === page ? 'page' : undefined}>
          {n}
        </FastLink>
      ))}
      {page < totalPages ? (
        <FastLink to={to(page + 1)} aria-label={t('pager.next')}>
          ›
        </FastLink>
      ) : null}
    </nav>
  )
}

/** The page number in the URL, 1 or more. */
export const pageParam = (params: URLSearchParams, name = 'page') => Math.min(Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1), 100_000)
