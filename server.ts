import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'
import type { RouterContextProvider, ServerBuild } from 'react-router'
import { isCrossOriginWrite } from './app/auth/origin'
import { closeAfterEarlyAnswer } from './app/http/close-after-answer'

// V8 lets the old space grow to about three times what survived the last full collection before it
// collects again; under a steady stream of pages that is 130 MB of dead pages held for nothing
// (decision 0043). Half again is enough: the heap still grows as far as a large export needs, with
// more frequent, mostly concurrent, full collections. Set here so every way of starting the server
// (npm start, the tests, the bench) runs alike.
setFlagsFromString('--heap-growing-percent=50')

// The built app: its entry module also exports what the server needs at start.
type AppEntry = {
  createLoadContext(nonce: string, clientAddress: string): RouterContextProvider
  startup(seedElsewhere?: () => Promise<void>): Promise<string[]>
  seedDemoOnly(): Promise<void>
  health(): Promise<boolean>
  providerOrigins(): string[]
  /** The app's settings, read and checked once (app/env.server.ts): the only reader of process.env. */
  env: { NODE_ENV: string; PORT: number; TRUST_PROXY: number; ALLOWED_HOST_LIST: string[] }
}
const BUILD = path.resolve('build/server/index.js')
const build = (await import(BUILD)) as ServerBuild
const entry = build.entry.module as unknown as AppEntry
const { env } = entry
if (env.NODE_ENV !== 'production') {
  console.warn('NODE_ENV is not "production": React renders in development mode (slow). Use npm start.')
}

export async function createApp() {
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', env.TRUST_PROXY)
  // Bodies are read by the app's form reader (app/http/form.server.ts), counted as they stream; a
  // body over a form's limits gets that form's page with its message (413) at once, even before a
  // byte of a declared length is read. An answer that leaves while the client is still sending
  // closes the connection after it, in stages, so the client reads it instead of a reset.
  app.use(closeAfterEarlyAnswer)
  // Level 1: pages are small; the fastest level costs a fraction of the CPU for a few more bytes.
  app.use(compression({ level: 1 }))

  // Security headers, with a fresh nonce for the inline scripts of each page. Forms may lead to the
  // sign-in providers (the Google and education-cloud buttons redirect there).
  const formAction = ["'self'", ...new Set(entry.providerOrigins())].join(' ')
  app.use((_req: Request, res: Response, next: NextFunction) => {
    const nonce = randomBytes(16).toString('base64')
    res.locals.cspNonce = nonce
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        `form-action ${formAction}`,
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "object-src 'none'",
      ].join('; '),
    )
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('X-Frame-Options', 'DENY')
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()')
    if (_req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
    next()
  })

  // POSTs from another site are refused before they reach an action.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const crossOrigin = isCrossOriginWrite(req.method, {
      origin: req.get('origin'),
      host: req.get('host'),
      secFetchSite: req.get('sec-fetch-site'),
    })
    if (crossOrigin) {
      res.status(403).type('text/plain').send('Cross-origin request refused')
      return
    }
    next()
  })

  app.get('/healthz', async (_req, res) => {
    const ok = await entry.health().catch(() => false)
    res.status(ok ? 200 : 503).type('text/plain').send(ok ? 'ok' : 'database unavailable')
  })

  // Only the console's own host names (PUBLIC_URL's, ALLOWED_HOSTS, loopback): a forged Host gets
  // no page that could carry it anywhere. The health check above answers any host (load balancers).
  const allowedHosts = new Set(env.ALLOWED_HOST_LIST)
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!allowedHosts.has((req.get('host') ?? '').toLowerCase())) {
      res.status(421).type('text/plain').send('Unknown host')
      return
    }
    next()
  })

  // Hashed assets never change: cache them for a year. Other public files for an hour.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }))
  app.use(express.static('build/client', { maxAge: '1h', index: false }))

  app.all(
    '/{*splat}',
    createRequestHandler({
      build,
      mode: 'production',
      getLoadContext: (req, res) => entry.createLoadContext(res.locals.cspNonce as string, req.ip ?? 'unknown'),
    }),
  )
  return app
}

// The demo seed reads two months of posts through the language analysers (a few hundred MB): on an
// empty database it runs in a process of its own, whose memory goes back to the system when it
// ends, so the server itself starts lean (decision 0043).
if (process.argv.includes('--seed-demo')) {
  await entry.seedDemoOnly()
  process.exit(0)
}
async function seedInChild() {
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1], '--seed-demo'], { stdio: 'inherit' })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`the demo seed failed (exit code ${code})`)
}

const lines = await entry.startup(seedInChild)
const port = env.PORT
const app = await createApp()
const listener = app.listen(port, () => {
  console.log(`School console on http://localhost:${port}`)
  for (const line of lines) console.log(line)
})
// Finish the requests in flight, then leave.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    listener.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 5000).unref()
  })
}
