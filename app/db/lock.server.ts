import { PostgresAdapter, sql, type Transaction } from 'kysely'
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
