import { PostgresAdapter, sql, type OperationNodeSource, type RawBuilder } from 'kysely'
import type { DB } from '~/db/connect.server'

/** Whether the database is PostgreSQL (the few expressions that differ between the dialects). */
export const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter

/** Seconds from one ISO timestamp (text) to another, as SQL. */
export function secondsBetween(db: DB, from: RawBuilder<unknown>, to: RawBuilder<unknown>) {
  return isPostgres(db) ? sql<number>`extract(epoch from (${to}::timestamptz - ${from}::timestamptz))` : sql<number>`((julianday(${to}) - julianday(${from})) * 86400)`
}

/**
 * The median of `v` for each `k` of a subquery's rows, computed in the database (window functions,
 * both dialects): only the one or two middle rows of each group come back, however many there are.
 */
export async function mediansBy(db: DB, rows: OperationNodeSource) {
  const result = await sql<{ k: number | string; v: number }>`
    select k, v from (
      select k, v, row_number() over (partition by k order by v) as rn, count(*) over (partition by k) as n from (${rows}) d
    ) r where rn = (n + 1) / 2 or rn = (n + 2) / 2`.execute(db)
  const sums = new Map<string, { total: number; count: number }>()
  for (const r of result.rows) {
    const key = String(r.k)
    const s = sums.get(key) ?? { total: 0, count: 0 }
    s.total += Number(r.v)
    s.count++
    sums.set(key, s)
  }
  return new Map([...sums].map(([k, s]) => [k, s.total / s.count]))
}
