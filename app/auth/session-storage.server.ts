import { randomBytes } from 'node:crypto'
import { createCookie, createSessionStorage, type Cookie, type Session } from 'react-router'
import type { DB } from '~/db/connect.server'
import { deleteSession, insertSession, liveSession, updateSession } from '~/features/auth/sessions.server'
import type { IdentityPlatform } from '~/db/schema'
import type { SessionValues } from '~/shared/session-values'
import type { OidcProfile } from '~/shared/oidc-profile'
import type { ToastMessage } from '~/shared/toast'
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
  /** The teacher's Google access token for the Classroom read scopes (decision 0077): kept server-side, for its hour. */
  classroomAccess?: { accessToken: string; expiresAt: number; subject: string }
  /** A provider's profile whose e-mail has an account: waiting for the bind confirmation (-010200). */
  pendingIdentity?: { platform: IdentityPlatform; profile: OidcProfile }
  /** The e-book session (spec 3): its own user, taken over from the console's or the student's session at /ebook/redirect. */
  ebookUser?: { userId: number; kind: 'teacher' | 'student'; name: string }
  /** The last binding's result, 1, -1 or -2 (spec 1 section 3). */
  bindResult?: 1 | -1 | -2
}
export type { ToastMessage }
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
      await insertSession(db, id, rowOf(data, expires))
      return id
    },
    async readData(id) {
      const row = await liveSession(db, id)
      if (!row) return null
      const data = JSON.parse(row.data) as SessionData
      // Values read before a change made elsewhere are stale: without valuesAt the guard reads them again.
      if (row.valuesChangedAt && (!data.valuesAt || data.valuesAt < row.valuesChangedAt)) delete data.valuesAt
      return data
    },
    async updateData(id, data, expires) {
      // The cookie of a session that ended elsewhere (signed out on another computer, a password
      // reset, swept): what was just set in it (the wanted path, a message) must not be lost, so the
      // id starts afresh. Never with a sign-in in it: a request that read the session before it
      // ended must not bring it back (signing in always takes a new id, rotateSession).
      await updateSession(db, id, rowOf(data, expires), { recreate: !data.userId && !data.studentId })
    },
    async deleteData(id) {
      await deleteSession(db, id)
    },
  })
}

/** user_id is the account's, teacher or student, so an account's sessions can be ended together. */
function rowOf(data: SessionData, expires?: Date) {
  return { userId: data.userId ?? data.studentId ?? null, data: JSON.stringify(data), expiresAt: expiry(expires) }
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
