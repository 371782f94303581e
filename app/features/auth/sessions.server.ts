import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'

/**
 * The rows behind the database session storage (auth/session-storage.server.ts): a session is its
 * id, the account it belongs to (teacher or student, so an account's sessions end together), its
 * data as JSON and its expiry. The storage keeps the cookie; these keep the rows.
 */
export interface SessionRow {
  userId: number | null
  data: string
  expiresAt: string
}

/** A new session; now and then, the sessions that ran out are swept. */
export async function insertSession(db: DB, id: string, row: SessionRow) {
  await db.insertInto('sessions').values({ id, user_id: row.userId, data: row.data, expires_at: row.expiresAt, created_at: nowIso() }).execute()
  if (Math.random() < 0.02) await db.deleteFrom('sessions').where('expires_at', '<', nowIso()).execute()
}

/** A session's data, when it lasts, and when its account's values last changed elsewhere. */
export async function liveSession(db: DB, id: string) {
  const row = await db.selectFrom('sessions').select(['data', 'expires_at', 'values_changed_at']).where('id', '=', id).executeTakeFirst()
  if (!row || row.expires_at < nowIso()) return null
  return { data: row.data, valuesChangedAt: row.values_changed_at }
}

/**
 * Writes a session's data. A session that ended elsewhere is written afresh under its id only when
 * `recreate` says so (never with a sign-in in it: see the storage); an id taken meanwhile is kept.
 */
export async function updateSession(db: DB, id: string, row: SessionRow, { recreate }: { recreate: boolean }) {
  const values = { data: row.data, user_id: row.userId, expires_at: row.expiresAt }
  const updated = await db.updateTable('sessions').set(values).where('id', '=', id).executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0 && recreate) {
    await db.insertInto('sessions').values({ id, ...values, created_at: nowIso() }).onConflict((oc) => oc.column('id').doNothing()).execute()
  }
}

export async function deleteSession(db: DB, id: string) {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

/**
 * Ends every session of an account except the one given: after a change of password, account or
 * e-mail in the settings, whoever else holds a session (a shared school PC, a lost phone) signs in
 * again; the person who made the change stays signed in.
 */
export async function endOtherSessions(db: DB, userId: number, keepSessionId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute()
}
