import { randomBytes } from 'node:crypto'
import { createCookie, createSessionStorage, type Cookie, type Session } from 'react-router'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import type { IdentityPlatform } from '~/db/schema'
import type { SessionValues } from '~/shared/session-values'
import type { OidcProfile } from '~/shared/oidc-profile'
import type { PendingSignIn } from './oidc-strategy.server'

export interface SessionData extends Partial<SessionValues> {
  redirect_path?: string
  /** A student's session (the student pages under /s): never a console user. */
  studentId?: number
  studentName?: string
  /** Who just reset a password by mail, so that "sign in now" needs no password (for 10 minutes). */
  passwordReset?: { userId: number; at: string; code?: string }
  /** A third-party sign-in on its way to the provider (third-party.server.ts). */
  oauthPending?: PendingSignIn & { platform: IdentityPlatform; intent: 'login' | 'bind' | 'classroom' }
  /** The teacher's Google access token for the Classroom read scopes (issue 52): kept server-side, for its hour. */
  classroomAccess?: { accessToken: string; expiresAt: number; subject: string }
  /** A provider's profile whose e-mail has an account: waiting for the bind confirmation (-010200). */
  pendingIdentity?: { platform: IdentityPlatform; profile: OidcProfile }
  /** The e-book session (spec 3): its own user, taken over from the console's or the student's session at /ebook/redirect. */
  ebookUser?: { userId: number; kind: 'teacher' | 'student'; name: string }
  /** The last binding's result, 1, -1 or -2 (spec 1 section 3). */
  bindResult?: 1 | -1 | -2
}
/**
 * A message for the next page. A snackbar (the journal pages' quick confirmations, spec 2) goes
 * after 2 s, a toast after 3 s (spec 1 and 3); an error stays until closed.
 */
export interface ToastMessage {
  kind: 'success' | 'error' | 'info'
  key: string
  values?: Record<string, string | number>
  snackbar?: true
  /** Set when flashed: the same message twice in a row is shown twice. */
  id?: string
}
export interface FlashData {
  toast: ToastMessage
}
export type AppSession = Session<SessionData, FlashData>

export const SESSION_COOKIE = '__session'
export const SESSION_MAX_AGE_S = 7 * 24 * 3600

/**
 * Sessions live in the database; the cookie holds only the signed id, so any app process can
 * serve any request.
 */
export function createDbSessionStorage(db: DB, secrets: string[]) {
  const cookie = createCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secrets, maxAge: SESSION_MAX_AGE_S })
  return createSessionStorage<SessionData, FlashData>({
    cookie: withVerifiedHeadersRemembered(cookie),
    async createData(data, expires) {
      const id = randomBytes(24).toString('base64url')
      await db
        .insertInto('sessions')
        .values({ id, user_id: data.userId ?? data.studentId ?? null, data: JSON.stringify(data), expires_at: expiry(expires), created_at: nowIso() })
        .execute()
      // Now and then, sweep sessions that ran out.
      if (Math.random() < 0.02) await db.deleteFrom('sessions').where('expires_at', '<', nowIso()).execute()
      return id
    },
    async readData(id) {
      const row = await db.selectFrom('sessions').select(['data', 'expires_at', 'values_changed_at']).where('id', '=', id).executeTakeFirst()
      if (!row || row.expires_at < nowIso()) return null
      const data = JSON.parse(row.data) as SessionData
      // Values read before a change made elsewhere are stale: without valuesAt the guard reads them again.
      if (row.values_changed_at && (!data.valuesAt || data.valuesAt < row.values_changed_at)) delete data.valuesAt
      return data
    },
    async updateData(id, data, expires) {
      // user_id is the account's, teacher or student, so an account's sessions can be ended together.
      const values = { data: JSON.stringify(data), user_id: data.userId ?? data.studentId ?? null, expires_at: expiry(expires) }
      const updated = await db.updateTable('sessions').set(values).where('id', '=', id).executeTakeFirst()
      // The cookie of a session that ended elsewhere (signed out on another computer, a password
      // reset, swept): what was just set in it (the wanted path, a message) must not be lost, so the
      // id starts afresh. Never with a sign-in in it: a request that read the session before it
      // ended must not bring it back (signing in always takes a new id, rotateSession).
      if (Number(updated.numUpdatedRows) === 0 && !data.userId && !data.studentId) {
        await db.insertInto('sessions').values({ id, ...values, created_at: nowIso() }).onConflict((oc) => oc.column('id').doNothing()).execute()
      }
    },
    async deleteData(id) {
      await db.deleteFrom('sessions').where('id', '=', id).execute()
    },
  })
}

function expiry(expires?: Date) {
  return (expires ?? new Date(Date.now() + SESSION_MAX_AGE_S * 1000)).toISOString()
}

/**
 * Checking the cookie's signature costs ~0.2 ms (React Router imports the HMAC key through
 * WebCrypto on every parse), a sixth of a console page. A header gives the same id every time it is
 * checked, so the last few thousand results are kept by the exact header text.
 */
function withVerifiedHeadersRemembered(cookie: Cookie, size = 2000): Cookie {
  const verified = new Map<string, unknown>()
  return {
    name: cookie.name,
    isSigned: cookie.isSigned,
    get expires() {
      return cookie.expires // computed from maxAge at each commit
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      if (!header || options) return cookie.parse(header, options)
      if (verified.has(header)) return verified.get(header)
      const value: unknown = await cookie.parse(header)
      verified.set(header, value)
      if (verified.size > size) verified.delete(verified.keys().next().value!)
      return value
    },
  }
}

/**
 * Ends every session of an account except the one given: after a change of password, account or
 * e-mail in the settings, whoever else holds a session (a shared school PC, a lost phone) signs in
 * again; the person who made the change stays signed in.
 */
export async function endOtherSessions(db: DB, userId: number, keepSessionId: string) {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute()
}
