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
