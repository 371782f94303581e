import SQLite from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { connect } from '~/db/connect.server'
import { migrate } from '~/db/migrate.server'

// SQLite only: PostgreSQL's transactions lock rows, not the database.
describe('SQLite transactions', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sqlitetx-'))
  const file = path.join(dir, 'test.db')
  const conn = connect({ sqliteFile: file })
  afterAll(async () => {
    await conn.db.destroy()
    rmSync(dir, { recursive: true, force: true })
  })

  it('take the write lock when they begin, so a read-then-write transaction never meets a stale snapshot', async () => {
    await migrate(conn)
    const other = new SQLite(file)
    other.pragma('busy_timeout = 0')
    const write = () => other.prepare("insert into schools (country, name, created_at) values ('TW', 'Other writer', '2026-01-01')").run()
    await conn.db.transaction().execute(async (trx) => {
      await trx.selectFrom('schools').select('id').execute()
      // Another connection cannot slip a write in between this read and the write below.
      expect(write).toThrow(/database is locked/)
      await trx.insertInto('schools').values({ country: 'TW', name: 'In the transaction', created_at: '2026-01-01' }).execute()
    })
    write()
    expect((await conn.db.selectFrom('schools').select('name').where('country', '=', 'TW').orderBy('id').execute()).map((s) => s.name)).toEqual(['In the transaction', 'Other writer'])
    other.close()
  })
})
