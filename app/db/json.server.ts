import { PostgresAdapter } from 'kysely'
import { jsonArrayFrom as postgresArray } from 'kysely/helpers/postgres'
import { jsonArrayFrom as sqliteArray } from 'kysely/helpers/sqlite'
import type { DB } from './connect.server'

/**
 * The rows of a subquery as one JSON array column, in the subquery's order: a post's frames or
 * comments come with the post in one query instead of one query each. Read it with `fromJson`.
 */
export function jsonArrayFrom<O>(db: DB, subquery: Parameters<typeof sqliteArray<O>>[0]) {
  return db.getExecutor().adapter instanceof PostgresAdapter ? postgresArray(subquery) : sqliteArray(subquery)
}

/** A JSON column as a value: PostgreSQL's driver parses JSON, SQLite's returns its text. */
export const fromJson = <T>(value: T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)
