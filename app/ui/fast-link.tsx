import { useEffect, type AnchorHTMLAttributes } from 'react'
import { useNavigate } from 'react-router'

type FastLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: string
  /** Keep the scroll position on a client navigation, like Link's prop of the same name. */
  preventScrollReset?: boolean
}

/**
 * A link for long lists (feed cards, table rows, page links). React Router's Link resolves its
 * path, sets up prefetching and builds its own click handler on every render: with 40 of them that
 * is a tenth of a busy page's server time (docs/decisions/0014-fast-links.md). This one renders a
 * plain anchor, so it works the same without JavaScript; with it, the one listener that
 * useFastLinks installs turns a plain left click into a client navigation.
 */
export function FastLink({ to, preventScrollReset, ...rest }: FastLinkProps) {
  return <a {...rest} href={to} data-fast-link={preventScrollReset ? 'keep-scroll' : ''} />
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
