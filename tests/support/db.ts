import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { connect, type Connection } from '~/db/connect.server'
import { migrate } from '~/db/migrate.server'
import { seedReferenceData } from '~/seed/demo.server'

export const DIALECTS = ['sqlite', 'postgres'] as const

/** A fresh, migrated database of the dialect, with plans and roles; `close` drops it. */
type TestConnection = Connection & {
  close(): Promise<void>
  /**
   * PostgreSQL: a second, independent pool on the same database, as another app process would open.
   * (Two SQLite handles in one process would block each other's event loop; SQLite serves one process.)
   */
  another?(): Promise<Connection & { close(): Promise<void> }>
  /** PostgreSQL: the database's address. */
  url?: string
  /** SQLite: the database's file, for another process to open. */
  file?: string
}

/** `empty`: PostgreSQL only, a database with nothing in it (not migrated), as before a first deployment. */
export async function freshDatabase(dialect: (typeof DIALECTS)[number], { empty = false } = {}): Promise<TestConnection> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sqlitetest-'))
    const file = path.join(dir, 'test.db')
    const conn = connect({ sqliteFile: file })
    await migrate(conn)
    await seedReferenceData(conn.db)
    return { ...conn, file, close: async () => { await conn.db.destroy(); rmSync(dir, { recursive: true, force: true }) } }
  }
  const adminUrl = inject('pgUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const conn = connect({ databaseUrl: url.toString() })
  if (!empty) {
    await migrate(conn)
    await seedReferenceData(conn.db)
  }
  return {
    ...conn,
    url: url.toString(),
    another: async () => {
      const other = connect({ databaseUrl: url.toString() })
      return { ...other, close: () => other.db.destroy() }
    },
    close: async () => {
      await conn.db.destroy()
      const a = new pg.Client({ connectionString: adminUrl })
      await a.connect()
      // FORCE: an app process the test started (tests/server/many-processes.test.ts) may still be leaving.
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await a.end()
    },
  }
}
