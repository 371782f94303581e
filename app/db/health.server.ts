import { sql } from 'kysely'
import { db } from './db.server'

/** /healthz: the process answers and the database does too. */
export async function health() {
  await sql`select 1`.execute(db)
  return true
}
