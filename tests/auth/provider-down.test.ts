import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { isRouteErrorResponse } from 'react-router'
import { describe, expect, it } from 'vitest'

// A sign-in provider that does not answer: a port where nothing listens.
const port = await new Promise<number>((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address() as { port: number }
    srv.close(() => resolve(port))
  })
})
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'provider-down-'))
process.env.OPENID_ISSUER = `http://127.0.0.1:${port}`
process.env.OPENID_CLIENT_ID = 'edu-client'
process.env.OPENID_CLIENT_SECRET = 'edu-secret'
const { startup } = await import('~/startup.server')
const { action } = await import('~/routes/oauth/start')
const { createLoadContext } = await import('~/context.server')

describe('an unreachable sign-in provider', () => {
  // startup() seeds the whole demo school in this process: on a busy 2-core machine that has taken over 20 s.
  it('answers with the error page (502), not a bare server error', { timeout: 120_000 }, async () => {
    await startup()
    const request = new Request('http://console.test/oauth/login/openid', { method: 'POST', body: new URLSearchParams({ intent: 'login' }), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
    const context = createLoadContext('nonce', '127.0.0.1')
    let thrown: unknown
    try {
      await action({ request, context, params: { platform: 'openid' } } as never)
    } catch (e) {
      thrown = e
    }
    const status = isRouteErrorResponse(thrown) ? thrown.status : (thrown as { init?: { status?: number } } | undefined)?.init?.status
    expect(status).toBe(502)
  })
})
