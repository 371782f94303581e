import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { once } from 'node:events'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './ports'

/** A built app server (`node build/server.js`, as `npm start` runs it) in a process of its own. */
export interface AppProcess {
  name: string
  port: number
  child: ChildProcess
  /** Resolves with the exit code or signal once the process has ended. */
  exited: Promise<number | string | null>
  /** SIGKILL, as a crash or a lost machine ends it; resolves once it has ended. */
  kill(): Promise<void>
  /** SIGTERM, then the folder goes. */
  stop(): Promise<void>
}

const BUILT = path.resolve('build/server.js')

/**
 * Starts the built server with these settings (on a data folder of its own) and waits until its
 * /healthz answers, within a deadline. The server must have been built (`npm run build`, which
 * scripts/test-all.sh runs before vitest).
 */
export async function startAppProcess(name: string, env: Record<string, string>, deadlineMs = 60_000): Promise<AppProcess> {
  if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run \`npm run build\` first (npm test does)`)
  const port = await freePort()
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `app-${name}-`))
  const child = spawn(process.execPath, [BUILT], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  // The last lines it wrote to stderr, for the message when it fails.
  let stderr = ''
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string | null)
  const deadline = Date.now() + deadlineMs
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`app process ${name} exited before it answered:\n${stderr}`)
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false)
    if (ok) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`app process ${name} did not answer /healthz within ${deadlineMs} ms:\n${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  return {
    name,
    port,
    child,
    exited,
    kill: () => end('SIGKILL'),
    async stop() {
      await end('SIGTERM')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
