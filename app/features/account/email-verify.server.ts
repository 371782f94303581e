import type { TFunction } from 'i18next'
import { createHash, randomInt } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { isoAgo, isoIn, nowIso } from '~/db/time'
import type { Mailer } from '~/mail/mailer.server'
import { EMAIL_CODE, EMAIL_CODE_MAX_ATTEMPTS, EMAIL_CODE_RESEND_MS, EMAIL_CODE_TTL_MS, EMAIL_SEND } from './codes'

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex')
export const normalizeEmail = (email: string) => email.trim().toLowerCase()

async function emailTakenByOther(db: DB, userId: number, email: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('email_verified', '=', 1)
    .where('id', '!=', userId)
    .executeTakeFirst()
  return Boolean(row)
}

/** The code's mail in the reader's language: one wording for the setup and settings pages. */
export const codeMail = (t: TFunction) => (code: string) => ({ subject: t('email.mailSubject', { code }), text: t('email.mailBody', { code }) })

/** emailValidate: mail a fresh 6-digit code to the address. `where` picks the spec's "in use" code. */
export async function sendEmailCode(
  db: DB,
  mailer: Mailer,
  input: { userId: number; email: string; where: 'setup' | 'settings'; mail: (code: string) => { subject: string; text: string } },
) {
  const email = normalizeEmail(input.email)
  if (await emailTakenByOther(db, input.userId, email)) {
    return { returnCode: input.where === 'setup' ? EMAIL_SEND.inUseSetup : EMAIL_SEND.inUseSettings }
  }
  const recent = await db
    .selectFrom('email_codes')
    .select('id')
    .where('user_id', '=', input.userId)
    .where('created_at', '>', isoAgo(EMAIL_CODE_RESEND_MS))
    .executeTakeFirst()
  if (recent) return { returnCode: EMAIL_SEND.tooFast }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction().execute(async (trx) => {
    // Only the newest code counts: earlier ones stop working.
    await trx.deleteFrom('email_codes').where('user_id', '=', input.userId).where('used_at', 'is', null).execute()
    await trx
      .insertInto('email_codes')
      .values({ user_id: input.userId, email, code_hash: hashCode(code), attempts: 0, expires_at: isoIn(EMAIL_CODE_TTL_MS), used_at: null, created_at: nowIso() })
      .execute()
  })
  await mailer.send({ to: email, ...input.mail(code) })
  return { returnCode: EMAIL_SEND.ok }
}

/** emailCodeValidate: a right code for the right address verifies it; a code works once. */
export async function validateEmailCode(db: DB, input: { userId: number; email: string; code: string }) {
  const email = normalizeEmail(input.email)
  const pending = await db
    .selectFrom('email_codes')
    .selectAll()
    .where('user_id', '=', input.userId)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!pending || pending.expires_at < nowIso() || pending.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return { error: EMAIL_CODE.badCode }
  if (pending.email !== email) return { error: EMAIL_CODE.wrongEmail }
  if (pending.code_hash !== hashCode(input.code.trim())) {
    await db.updateTable('email_codes').set({ attempts: pending.attempts + 1 }).where('id', '=', pending.id).execute()
    return { error: EMAIL_CODE.badCode }
  }
  if (await emailTakenByOther(db, input.userId, email)) return { error: EMAIL_CODE.wrongEmail }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('email_codes').set({ used_at: nowIso() }).where('id', '=', pending.id).execute()
    await trx.updateTable('users').set({ email, email_verified: 1 }).where('id', '=', input.userId).execute()
  })
  return { error: EMAIL_CODE.ok }
}

/** The address a code was last sent to and not yet used: the e-mail forms show it and the code field. */
export async function pendingEmailCode(db: DB, userId: number) {
  const row = await db.selectFrom('email_codes').select('email').where('user_id', '=', userId).where('used_at', 'is', null).orderBy('id', 'desc').executeTakeFirst()
  return row?.email ?? null
}

/** The address the account has now (null before one is verified). */
export async function emailOf(db: DB, userId: number) {
  return (await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email
}
