import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router'
import { Writable } from 'node:stream'
import { nonceContext } from './context.server'
import { getInstance } from './i18n/middleware.server'
import { preloadsAfterContent } from './module-preloads.server'
import { NonceProvider } from './ui/nonce'
import { InlineCssProvider, stylesheetSeen, stylesheetSeenCookie } from './ui/stylesheet'
import stylesheetHref from './styles/app.css?url'
import stylesheetText from './styles/app.css?inline'

export { createLoadContext } from './context.server'
export { seedDemoOnly, startup } from './startup.server'
export { health } from './db/health.server'
export { providerOrigins } from './auth/providers.server'
export { env } from './env.server'

export const streamTimeout = 5_000

/**
 * Pages have no deferred data, so each is rendered whole and sent in one write: the compression
 * middleware then deflates one buffer instead of dozens of small chunks (measured: about a third
 * more pages per second on /diary).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  const nonce = loadContext.get(nonceContext)
  const i18n = getInstance(loadContext)
  // A browser that has not had the stylesheet gets it in the page (ui/stylesheet.tsx).
  const inlineCss = stylesheetSeen(request.headers.get('Cookie'), stylesheetHref) ? null : stylesheetText
  if (inlineCss) responseHeaders.append('Set-Cookie', stylesheetSeenCookie(stylesheetHref))

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = []
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk))
        callback()
      },
      final(callback) {
        clearTimeout(timeoutId)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        // A returning browser (it has the stylesheet, so the scripts too) reads its module preloads
        // from its cache after the content (module-preloads.server.ts).
        const html = inlineCss ? Buffer.concat(chunks) : preloadsAfterContent(Buffer.concat(chunks).toString())
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
        callback()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={inlineCss}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          pipe(sink)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (!request.signal.aborted) console.error(error)
        },
      },
    )
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
  })
}

/** Errors thrown by loaders and actions: log the real error; the user sees the error page. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(new Date().toISOString(), request.method, new URL(request.url).pathname, error)
}
