import { useLocation } from 'react-router'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'
import { pageLinks } from '~/shared/lists'

/**
 * Page links for a table: up to 11 around the current page (spec 2 section 9), kept in the URL.
 * Pages without the signed-in texts (the e-book pages) pass their own labels.
 */
export function Pager({ page, totalPages, param = 'page', labels }: { page: number; totalPages: number; param?: string; labels?: { label: string; previous: string; next: string } }) {
  const { t } = useT()
  const label = labels ?? { label: t('pager.label'), previous: t('pager.previous'), next: t('pager.next') }
  const location = useLocation()
  if (totalPages <= 1) return null
  const pages = pageLinks(page, totalPages)
  const to = (n: number) => {
    const params = new URLSearchParams(location.search)
    params.set(param, String(n))
    return `?${params}`
  }
  return (
    <nav className="page-links" aria-label={label.label}>
      {page > 1 ? (
        <FastLink to={to(page - 1)} aria-label={label.previous}>
          ‹
        </FastLink>
      ) : null}
      {pages.map((n) => (
        <FastLink key={n} to={to(n)} aria-current={n === page ? 'page' : undefined}>
          {n}
        </FastLink>
      ))}
      {page < totalPages ? (
        <FastLink to={to(page + 1)} aria-label={label.next}>
          ›
        </FastLink>
      ) : null}
    </nav>
  )
}
