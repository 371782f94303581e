import { PostgresAdapter, sql, type Transaction } from 'kysely'
import type { Connection, DB } from './connect.server'
import type { Database } from './schema'

/**
 * Locks a row until the transaction ends, so that checks made in it (a count, "is there another
 * admin") hold when it commits. PostgreSQL takes a row lock; SQLite runs one writing transaction at
 * a time anyway (Kysely's SQLite driver has one connection), so it needs nothing.
 */
export async function lockRow(trx: Transaction<Database>, table: 'users' | 'teams', id: number) {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) await sql`select id from ${sql.table(table)} where id = ${id} for update`.execute(trx)
}

/**
 * Serialises transactions about the same named things (a sign-in's account and address) until the
 * transaction ends. PostgreSQL takes transaction-scoped advisory locks, in a fixed order so two
 * transactions never wait on each other; SQLite's writing transactions run one at a time already.
 */
export async function lockNames(trx: Transaction<Database>, names: string[]) {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const name of [...names].sort()) await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx)
}

/**
 * Runs `run` while this process holds a named lock of the PostgreSQL database, so that the
 * processes sharing it take turns (processes started together on a new database; two digest ticks
 * at once). The lock is transaction-scoped: freed when `run` ends, or with the connection when the
 * process dies. `run` gets that transaction, for work that must commit before the next one's turn.
 * SQLite serves one process: `run` gets the database itself.
 */
export async function oneProcessAtATime<T>(connection: Connection, name: string, run: (db: DB) => Promise<T>): Promise<T> {
  if (connection.dialect !== 'postgres') return run(connection.db)
  return connection.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`process:${name}`}))`.execute(trx)
    return run(trx)
  })
}
