import { useEffect, type ReactNode } from 'react'
import { useNavigate } from 'react-router'

interface FastLinkProps {
  to: string
  className?: string
  'aria-current'?: 'page' | 'step' | 'true'
  'aria-label'?: string
  children?: ReactNode
  /** Keep the scroll position on a client navigation, like Link's prop of the same name. */
  preventScrollReset?: boolean
  /**
   * Have React Router fetch the route's manifest once the page is shown, as a Link does, so that
   * the first click needs no extra request: for menus, whose few links lead to other routes. Lists
   * leave it off (forty post links would ask forty times for one route).
   */
  discover?: boolean
}

/**
 * A link for lists and menus (feed cards, table rows, page links, the console's menus). React
 * Router's Link resolves its path, sets up prefetching and builds its own click handler on every
 * render: with 40 of them that is a tenth of a busy page's server time (decisions 0014 and 0024).
 * This one renders a plain anchor, so it works the same without JavaScript; with it, the one
 * listener that useFastLinks installs turns a plain left click into a client navigation. Its props
 * are named one by one: a rest pattern over them costs 2 µs a link.
 */
export function FastLink({ to, className, 'aria-current': current, 'aria-label': label, children, preventScrollReset, discover }: FastLinkProps) {
  return (
    <a href={to} className={className} aria-current={current} aria-label={label} data-fast-link={preventScrollReset ? 'keep-scroll' : ''} data-discover={discover ? 'true' : undefined}>
      {children}
    </a>
  )
}

/** Installed once, in the root: client navigation for every FastLink on the page. */
export function useFastLinks() {
  const navigate = useNavigate()
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      // HTML anchors and the SVG links of the report charts alike (an SVG anchor's href is no string).
      const anchor = event.target instanceof Element ? event.target.closest('a[data-fast-link]') : null
      const href = anchor?.getAttribute('href')
      const target = anchor?.getAttribute('target')
      if (!anchor || !href || (target && target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(href, window.location.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      void navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.getAttribute('data-fast-link') === 'keep-scroll' })
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [navigate])
}
