import SQLite from 'better-sqlite3'
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect, type Driver, type SqliteDatabase } from 'kysely'
import path from 'node:path'
import pg from 'pg'
import type { Dialect } from './dialect'
import { statementName } from './statement-names'
import type { Database } from './schema'

export type DB = Kysely<Database>
export interface Connection {
  db: DB
  dialect: Dialect
}

// Postgres returns COUNT(*) and BIGINT as strings; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v))

export function connect(options: { databaseUrl?: string; sqliteFile?: string }): Connection {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, Client: NamingClient })
    // An idle connection the server closes (a restart, a failover, an administrator) is an error
    // event on the pool: logged and let go (the pool opens a new one), never a crash of the process.
    pool.on('error', (error) => console.error('database: an idle connection was closed', error.message))
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' }
  }
  const file = options.sqliteFile ?? path.resolve('data/app.db')
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // SQLite gathers planner statistics only when asked: the recommended call for a long-lived connection.
  sqlite.pragma('optimize = 0x10002')
  return { db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }) }), dialect: 'sqlite' }
}

/**
 * SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE). A plain BEGIN reads
 * first and asks for the lock at its first write: if another process wrote in between (a script,
 * or the tests' own connection), SQLite answers "database is locked" at once instead of waiting
 * out busy_timeout, since the transaction's snapshot is stale.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  createDriver(): Driver {
    const driver = super.createDriver()
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'))
    }
    return driver
  }
}

/**
 * A statement of `prepared` (db/prepared.server.ts) runs as a named statement: each connection
 * parses and plans it once instead of on every run (planning the feed's query cost PostgreSQL more
 * than running it). Other statements are left unnamed, so a connection keeps only these few.
 */
class NamingClient extends pg.Client {
  // pg's overloads cannot be restated in a subclass; its arguments pass through unchanged.
  query(...args: unknown[]): never {
    const [text, values] = args
    const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined
    const call = super.query as (...a: unknown[]) => never
    return name ? call.call(this, { name, text, values }, ...args.slice(2)) : call.apply(this, args)
  }
}

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL each time: a tenth of
 * the CPU of a page with three queries. Statements are reusable, so the last few hundred are kept
 * by their SQL text. A statement still being iterated (a stream) is never handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, size = 300): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = cache.get(sql)
      if (cached && !cached.busy) return cached
      const stmt = sqlite.prepare(sql)
      cache.delete(sql)
      cache.set(sql, stmt)
      if (cache.size > size) cache.delete(cache.keys().next().value!)
      return stmt
    },
  }
}

/**
 * Runs `work` in a transaction, or inside the caller's when `db` already is one (the demo seed
 * calls feature functions inside its own): Kysely does not nest transactions.
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
