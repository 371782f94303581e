import { createContext, useContext } from 'react'

/**
 * The console's one stylesheet. On a browser's first visit the server writes it into the page
 * (entry.server.tsx): on a slow network a separate request waits a round trip and shares the line
 * with the scripts, and the first paint waits for it (decision 0034, bench/first-load.ts). The file is
 * then fetched at idle priority, so the next pages use the cached file, which is
 * smaller than writing the styles into every page.
 */
const InlineCssContext = createContext<string | null>(null)
export const InlineCssProvider = InlineCssContext.Provider

export function Stylesheet({ href }: { href: string }) {
  const serverCss = useContext(InlineCssContext)
  // In the browser the page keeps what the server wrote (hydration must see the same element).
  const inlined = typeof document === 'undefined' ? serverCss : (document.querySelector(`style[data-href="${href}"]`)?.textContent ?? null)
  if (inlined === null) return <link rel="stylesheet" href={href} precedence="app" />
  return (
    <>
      <style data-href={href} dangerouslySetInnerHTML={{ __html: inlined }} />
      <link rel="prefetch" href={href} as="style" />
    </>
  )
}

/** The cookie that says this browser has had the stylesheet (its file name, so a new one counts as new). */
export const STYLESHEET_COOKIE = 'css'
export const stylesheetSeen = (cookieHeader: string | null, href: string) =>
  (cookieHeader ?? '').split(/;\s*/).includes(`${STYLESHEET_COOKIE}=${encodeURIComponent(href.split('/').pop()!)}`)
export const stylesheetSeenCookie = (href: string) => `${STYLESHEET_COOKIE}=${encodeURIComponent(href.split('/').pop()!)}; Path=/; Max-Age=${30 * 24 * 3600}; SameSite=Lax`
