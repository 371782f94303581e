import { accountIs } from './accounts.server'
import { createHash, randomBytes } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { isoAgo, isoIn, nowIso } from '~/db/time'
import type { Mailer } from '~/mail/mailer.server'
import { hashPassword } from './password.server'

/** Forgot-password answers (spec 1 section 8): -1 the e-mail is not linked to an account, -2 no e-mail. */
export const FORGOT = { sent: 0, notLinked: -1, required: -2 } as const
export const RESET_CODE_TTL_MS = 60 * 60 * 1000
// Asking again within this time sends no second mail (the answer is the same "sent").
const RESEND_MS = 60 * 1000

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')

/** The teacher account an address belongs to: its verified e-mail, or an account that is the address. */
async function teacherByEmail(db: DB, email: string) {
  const address = email.trim().toLowerCase()
  return db
    .selectFrom('users')
    .select(['id', 'email', 'account', 'locale'])
    .where('kind', '=', 'teacher')
    .where((eb) => eb.or([eb.and([eb('email', '=', address), eb('email_verified', '=', 1)]), accountIs(address)]))
    .orderBy('id')
    .executeTakeFirst()
}

/**
 * Mails a reset link to the address's account. The code is 32 random bytes; only its hash is kept,
 * so a copy of the database opens no account.
 */
export async function requestPasswordReset(
  db: DB,
  mailer: Mailer,
  input: { email: string; link: (code: string) => string; mail: (link: string, locale: string) => { subject: string; text: string } },
) {
  if (!input.email.trim()) return FORGOT.required
  const user = await teacherByEmail(db, input.email)
  if (!user) return FORGOT.notLinked
  const recent = await db
    .selectFrom('password_resets')
    .select('id')
    .where('user_id', '=', user.id)
    .where('created_at', '>', isoAgo(RESEND_MS))
    .executeTakeFirst()
  if (recent) return FORGOT.sent
  const code = randomBytes(32).toString('base64url')
  await db
    .insertInto('password_resets')
    .values({ user_id: user.id, code_hash: hashCode(code), expires_at: isoIn(RESET_CODE_TTL_MS), used_at: null, created_at: nowIso() })
    .execute()
  await mailer.send({ to: input.email.trim().toLowerCase(), ...input.mail(input.link(code), user.locale) })
  return FORGOT.sent
}

/** A code opens the reset form while it is unused and younger than an hour. */
export async function resetCodeIsValid(db: DB, code: string) {
  const row = await db
    .selectFrom('password_resets')
    .select('id')
    .where('code_hash', '=', hashCode(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
  return Boolean(row)
}

/**
 * Sets the new password and spends the code in one transaction; of two submissions of one code
 * only the first succeeds. Every session of the account ends (whoever knew the old password is
 * signed out). The user id, or null for an invalid code.
 */
export async function resetPassword(db: DB, code: string, password: string): Promise<number | null> {
  const passwordHash = await hashPassword(password)
  return db.transaction().execute(async (trx) => {
    const now = nowIso()
    const spent = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('code_hash', '=', hashCode(code))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
    if (!spent) return null
    const updated = await trx.updateTable('credentials').set({ password_hash: passwordHash, updated_at: now }).where('user_id', '=', spent.user_id).executeTakeFirst()
    // An account made through Google or the education cloud has no password yet.
    if (!Number(updated.numUpdatedRows)) await trx.insertInto('credentials').values({ user_id: spent.user_id, password_hash: passwordHash, updated_at: now }).execute()
    // Codes asked for earlier stop working too.
    await trx.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', spent.user_id).where('used_at', 'is', null).execute()
    await trx.deleteFrom('sessions').where('user_id', '=', spent.user_id).execute()
    return spent.user_id
  })
}
