import { useEffect, useRef, type RefObject } from 'react'
import { useLocation } from 'react-router'

/**
 * A drop-down <details> closes after a navigation (a client navigation keeps the layout's DOM).
 * Only a later navigation: on a slow PC the menu may be opened before hydration, and closing it at
 * mount would snatch it from under the user's pointer.
 */
export function useCloseOnNavigation(ref: RefObject<HTMLDetailsElement | null>) {
  const { key } = useLocation()
  const shownKey = useRef(key)
  useEffect(() => {
    if (shownKey.current === key) return
    shownKey.current = key
    ref.current?.removeAttribute('open')
  }, [key, ref])
}
