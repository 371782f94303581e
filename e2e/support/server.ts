// Each Playwright worker runs against its own server, SMTP peer, OpenID provider and SQLite
// database (decision 0041): two workers never share a row, a session or a mailbox. The data folder is
// the worker's slot (parallelIndex), so a worker restarted after a failure takes over its
// predecessor's database instead of seeding a new one.
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { freePorts } from '../../tests/support/ports'

export interface WorkerServer {
  url: string
  /** The worker's folder: data/app.db, mail/, app.pid. */
  dir: string
  sessionSecret: string
  stop(): Promise<void>
}

/**
 * The ports are free when chosen, but another process may take one before the server binds it (an
 * outgoing connection gets a port from the same ephemeral range: CI saw EADDRINUSE on the SMTP
 * peer's). A server that exits before it answers is started again on new ports, twice at most; a
 * server that cannot start at all still fails the worker.
 */
export async function startWorkerServer(slot: number): Promise<WorkerServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(slot)
    } catch (error) {
      if (attempt === 3) throw error
      console.error(`${error instanceof Error ? error.message : error}: starting it again on other ports`)
    }
  }
}

async function startOnce(slot: number): Promise<WorkerServer> {
  const dir = path.join(process.env.E2E_DIR!, `worker-${slot}`)
  mkdirSync(dir, { recursive: true })
  const [port, smtpPort, oidcPort] = await freePorts(3)
  const url = `http://localhost:${port}`
  const sessionSecret = randomBytes(24).toString('hex')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/serve.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      SMTP_PORT: String(smtpPort),
      OIDC_PORT: String(oidcPort),
      MAIL_DIR: path.join(dir, 'mail'),
      DATA_DIR: path.join(dir, 'data'),
      E2E_WORKER_DIR: dir,
      SESSION_SECRET: sessionSecret,
      // Every test signs in from 127.0.0.1: the per-address limit is tested in vitest instead.
      LOGIN_MAX_FAILS_ADDRESS: '10000',
    },
  })
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the e2e server of worker ${slot} exited (${code}) before it answered`)
  })
  await Promise.race([untilHealthy(url), exited])
  exited.catch(() => {})
  return {
    url,
    dir,
    sessionSecret,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await once(child, 'exit')
    },
  }
}

async function untilHealthy(url: string) {
  // The first start migrates and seeds the demo school: seconds on a loaded 2-core machine.
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
}
