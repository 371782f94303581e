import { randomBytes } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { sql, type Transaction } from 'kysely'
import type { Database, UserKind } from '~/db/schema'
import { nowIso } from '~/db/time'
import type { Locale } from '~/i18n/config'
import { normalizeAccount } from './account-name'
import { AUTH_CODES } from './codes'
import { hashPassword, isImportHash, verifyPassword } from './password.server'

export { normalizeAccount }

/**
 * The one rule for finding an account: without regard to case (and surrounding spaces). Accounts
 * are stored lower-case, except an imported student's, which keeps the case the school typed for
 * display (decision 0030); a unique index on lower(account) keeps them distinct.
 */
export const accountIs = (account: string, column: 'account' | 'u.account' = 'account') => sql<boolean>`lower(${sql.ref(column)}) = ${normalizeAccount(account)}`

export async function accountExists(db: DB, account: string) {
  const row = await db.selectFrom('users').select('id').where(accountIs(account)).executeTakeFirst()
  return Boolean(row)
}

export function newInviteCode() {
  return randomBytes(5).toString('hex').toUpperCase()
}

export type RegisterResult = { code: typeof AUTH_CODES.registered; userId: number } | { code: typeof AUTH_CODES.accountExists }

/** Sign-up with a password. The unique account index settles a race between two sign-ups. */
export async function registerWithPassword(
  db: DB,
  input: { account: string; password: string; locale: Locale },
): Promise<RegisterResult> {
  const account = normalizeAccount(input.account)
  if (await accountExists(db, account)) return { code: AUTH_CODES.accountExists }
  const passwordHash = await hashPassword(input.password)
  try {
    const userId = await db.transaction().execute(async (trx) => {
      // An account that looks like an e-mail pre-fills the address to verify, unverified.
      const userId = await insertTeacher(trx, { account, email: account.includes('@') ? account : null, emailVerified: false, locale: input.locale })
      await trx.insertInto('credentials').values({ user_id: userId, password_hash: passwordHash, updated_at: nowIso() }).execute()
      return userId
    })
    return { code: AUTH_CODES.registered, userId }
  } catch (error) {
    if (await accountExists(db, account)) return { code: AUTH_CODES.accountExists }
    throw error
  }
}

/** A new teacher on the free plan, with an invitation code of their own. */
export async function insertTeacher(
  trx: Transaction<Database>,
  input: { account: string; email: string | null; emailVerified: boolean; locale: Locale; name?: string | null },
) {
  const now = nowIso()
  const user = await trx
    .insertInto('users')
    .values({
      account: input.account,
      kind: 'teacher',
      email: input.email,
      email_verified: input.emailVerified ? 1 : 0,
      name: input.name ?? null,
      nickname: input.name ?? null,
      locale: input.locale,
      info_set: 0,
      invite_code: newInviteCode(),
      mode: 'personal',
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const free = await trx.selectFrom('plans').select('id').where('code', '=', 'free').executeTakeFirstOrThrow()
  await trx.insertInto('user_plans').values({ user_id: user.id, plan_id: free.id, start_date: now, end_date: null, created_at: now }).execute()
  return user.id
}

/**
 * The user id when account and password match, otherwise null (no hint which one was wrong). The
 * console signs in teachers, the student pages students: each refuses the other kind.
 */
export async function verifyLogin(db: DB, account: string, password: string, kind: UserKind = 'teacher'): Promise<number | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'c.password_hash'])
    .where(accountIs(account, 'u.account'))
    .where('u.kind', '=', kind)
    // An account awaiting erasure does not sign in (decision 0047).
    .where('u.disabled_at', 'is', null)
    .executeTakeFirst()
  if (!row) return null
  if (!(await verifyPassword(row.password_hash, password))) return null
  await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', row.id).execute()
  // An imported student's quick hash becomes a standard one now that the password is known.
  if (isImportHash(row.password_hash)) await db.updateTable('credentials').set({ password_hash: await hashPassword(password), updated_at: nowIso() }).where('user_id', '=', row.id).execute()
  return row.id
}

/** What a new session shows of a user: name (or account) and language. */
export async function profileOf(db: DB, userId: number) {
  return db.selectFrom('users').select(['name', 'account', 'locale']).where('id', '=', userId).executeTakeFirstOrThrow()
}
