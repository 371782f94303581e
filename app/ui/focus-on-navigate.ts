import { useEffect, useRef } from 'react'
import { useLocation, useNavigation } from 'react-router'

/**
 * Where keyboard and screen-reader users land after a client-side navigation (a full page load
 * starts at the top by itself):
 * - a new page (another path): its main heading, focused and so announced;
 * - the same page again (a filter, a tab, a pick in a chart, a form's redirect back): focus stays
 *   where it was, unless what had it is gone; then the action's result, the message it left
 *   (a toast) or else the heading.
 * Installed once, in the root.
 */
export function useFocusOnNavigate() {
  const location = useLocation()
  const navigation = useNavigation()
  const previous = useRef<{ key: string; pathname: string } | null>(null)
  useEffect(() => {
    if (navigation.state !== 'idle') return
    const before = previous.current
    previous.current = { key: location.key, pathname: location.pathname }
    if (!before || before.key === location.key) return
    // A link to an anchor on the page (the skip link, a #comment) is the browser's to follow.
    if (location.hash) return
    const samePage = before.pathname === location.pathname
    const active = document.activeElement
    if (samePage && active && active !== document.body && active.isConnected) return
    const target = (samePage && document.querySelector<HTMLElement>('.toast [role]')) || document.querySelector<HTMLElement>('main h1, h1')
    if (!target) return
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    target.focus({ preventScroll: samePage })
  }, [location.key, location.pathname, location.hash, navigation.state])
}
