import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { packagedPostgres, startPostgres } from '../support/postgres'

// Decision 0064: a clone that only root may enter (root's home, a `mktemp -d` folder) hid the packaged
// PostgreSQL from the `postgres` user it runs as, and vitest crashed at start (`spawn … initdb
// EACCES`). Here the package sits in a folder of mode 700, as it does in such a clone.
describe.skipIf(process.getuid?.() !== 0)('the throwaway PostgreSQL, started by root', () => {
  it('runs from a folder only root may enter: its binaries are run from a copy the postgres user reaches', async () => {
    mkdirSync(path.resolve('.tmp'), { recursive: true })
    const hidden = mkdtempSync(path.resolve('.tmp', 'root-only-'))
    expect(statSync(hidden).mode & 0o777).toBe(0o700)
    try {
      // Hard links where the file system allows (the package is 60 MB), as a clone's `cp -al node_modules` would.
      const packageDir = path.join(hidden, 'package')
      try {
        execFileSync('cp', ['-al', await packagedPostgres(), packageDir])
      } catch {
        execFileSync('cp', ['-a', await packagedPostgres(), packageDir])
      }
      const cluster = await startPostgres({ packageDir })
      try {
        expect(cluster.binaries.startsWith(hidden)).toBe(false)
        expect(cluster.binaries.startsWith(os.tmpdir())).toBe(true)
        // Nobody but root may change what root has the postgres user run.
        expect(statSync(path.dirname(cluster.binaries)).mode & 0o022).toBe(0)
        const client = new pg.Client({ connectionString: cluster.url })
        await client.connect()
        expect((await client.query<{ answer: number }>('select 6 * 7 as answer')).rows).toEqual([{ answer: 42 }])
        await client.end()
      } finally {
        await cluster.stop()
      }
    } finally {
      rmSync(hidden, { recursive: true, force: true })
    }
  }, 60_000)
})
