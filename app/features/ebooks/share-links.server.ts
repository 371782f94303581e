import { randomBytes } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { SHARE_DAYS } from './constants'
import { takeLoginAttempt, settleLoginAttempt, type LoginLimits } from '~/features/auth/login-limit.server'
import { hashPassword, verifyPassword } from '~/features/auth/password.server'
import { isStudentDataOpen } from '~/features/student-door.server'

/** The book's share link, if it is shared. */
export async function shareOf(db: DB, bookId: number) {
  const row = await db.selectFrom('ebook_shares').select(['token', 'password_hash', 'created_at', 'expires_at', 'consent']).where('ebook_id', '=', bookId).executeTakeFirst()
  return row ? { token: row.token, hasPassword: row.password_hash !== null, createdAt: row.created_at, expiresAt: row.expires_at, expired: linkExpired(row.expires_at), consent: row.consent } : null
}

const linkExpired = (expiresAt: string | null, now = new Date()) => expiresAt !== null && expiresAt <= now.toISOString()

/**
 * Shares the book by a new link (the old one, if any, stops): a random token of 128 bits, the
 * password's argon2id hash when there is one, and the day it ends. The address is built by the
 * caller from PUBLIC_URL.
 */
export async function shareBook(db: DB, bookId: number, password: string | null, days: number = SHARE_DAYS.default, { consentNeeded = false, now = new Date() } = {}) {
  const token = randomBytes(16).toString('base64url')
  const password_hash = password ? await hashPassword(password) : null
  await db.deleteFrom('ebook_shares').where('ebook_id', '=', bookId).execute()
  await db
    .insertInto('ebook_shares')
    .values({ ebook_id: bookId, token, password_hash, created_at: now.toISOString(), expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(), consent: consentNeeded ? 'needed' : 'notNeeded', consent_at: null })
    .execute()
  return token
}

/** Stops sharing: the link is gone (a 404 from then on). */
export async function stopSharing(db: DB, bookId: number) {
  await db.deleteFrom('ebook_shares').where('ebook_id', '=', bookId).execute()
}

/**
 * The book behind a share link; null for a link that does not exist or was stopped, and while the
 * student's erasure waits or their account is locked (rule 12: as if the link were not there).
 */
export async function sharedBook(db: DB, token: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return null
  const row = await db
    .selectFrom('ebook_shares as x')
    .innerJoin('ebooks as b', 'b.id', 'x.ebook_id')
    .select(['x.ebook_id', 'x.password_hash', 'x.expires_at', 'x.consent', 'b.student_id'])
    .where('x.token', '=', token)
    .executeTakeFirst()
  if (!row || !(await isStudentDataOpen(db, row.student_id))) return null
  return { bookId: row.ebook_id, passwordHash: row.password_hash, expired: linkExpired(row.expires_at), closed: row.consent === 'needed' || row.consent === 'declined' ? row.consent : null }
}

export type UnlockResult = { ok: true } | { ok: false; error: 'ebook.sharePasswordWrong' } | { ok: false; error: 'ebook.shareTooMany'; waitMinutes: number }

/** Checks a share link's password, counted like a sign-in (per link and per address), so it cannot be guessed. */
export async function unlockShare(db: DB, limits: LoginLimits, link: { token: string; passwordHash: string }, password: string, address: string): Promise<UnlockResult> {
  const key = `share:${link.token}`
  const attempt = await takeLoginAttempt(db, limits, key, address)
  if (attempt.waitMinutes) return { ok: false, error: 'ebook.shareTooMany', waitMinutes: attempt.waitMinutes }
  const ok = await verifyPassword(link.passwordHash, password)
  await settleLoginAttempt(db, attempt, key, ok)
  return ok ? { ok: true } : { ok: false, error: 'ebook.sharePasswordWrong' }
}
