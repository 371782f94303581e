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

/**
 * As mediansBy, and the median of all the rows together, from one sort: the Feedback page's
 * medians per student and for the whole journal.
 */
export async function mediansByAndAll(db: DB, rows: OperationNodeSource) {
  const result = await sql<{ k: number | string; v: number; rn: number; n: number; ra: number; na: number }>`
    select k, v, rn, n, ra, na from (
      select k, v, row_number() over (partition by k order by v) as rn, count(*) over (partition by k) as n,
        row_number() over (order by v) as ra, count(*) over () as na
      from (${rows}) d
    ) r where rn = (n + 1) / 2 or rn = (n + 2) / 2 or ra = (na + 1) / 2 or ra = (na + 2) / 2`.execute(db)
  const middle = (i: number, n: number) => i === Math.floor((n + 1) / 2) || i === Math.floor((n + 2) / 2)
  const sums = new Map<string, { total: number; count: number }>()
  const all = { total: 0, count: 0 }
  for (const r of result.rows) {
    if (middle(Number(r.rn), Number(r.n))) {
      const s = sums.get(String(r.k)) ?? { total: 0, count: 0 }
      s.total += Number(r.v)
      s.count++
      sums.set(String(r.k), s)
    }
    if (middle(Number(r.ra), Number(r.na))) {
      all.total += Number(r.v)
      all.count++
    }
  }
  return { byKey: new Map([...sums].map(([k, s]) => [k, s.total / s.count])), all: all.count ? all.total / all.count : null }
}
