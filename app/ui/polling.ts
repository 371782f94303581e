import { useEffect } from 'react'
import { useRevalidator } from 'react-router'

/**
 * With JavaScript, the page's data is read again every `ms` while `on` (a PDF being made, pages
 * being drawn): the next read waits for the last one to end. Without it, the page refreshes itself
 * (ui/no-script-refresh.tsx).
 */
export function usePolling(on: boolean, ms: number) {
  const { revalidate, state } = useRevalidator()
  useEffect(() => {
    if (!on || state !== 'idle') return
    const timer = window.setTimeout(() => void revalidate(), ms)
    return () => window.clearTimeout(timer)
  }, [on, ms, state, revalidate])
}
