import type { DB } from '~/db/connect.server'
import type { UserKind } from '~/db/schema'
import { env } from '~/env.server'
import { normalizeAccount } from './account-name'
import { verifyLogin } from './accounts.server'
import { settleLoginAttempt, takeLoginAttempt, type LoginLimits } from './login-limit.server'

export type PasswordSignIn = { ok: true; userId: number } | { ok: false; error: 'blocked'; waitMinutes: number } | { ok: false; error: 'wrong' }

/**
 * Sign-in with a password, the one rule for the console and the student pages: the account
 * normalised, the attempt counted and refused while the account or the address is over its
 * failures, the password verified (a student account signs in only on the student pages), a
 * success clearing the account's failures.
 */
export async function signInWithPassword(db: DB, limits: LoginLimits, input: { account: string; password: string; address: string; kind: UserKind }): Promise<PasswordSignIn> {
  const account = normalizeAccount(input.account)
  // Counted before it is judged (login-limit.server.ts), so a burst gets no more tries than the limit.
  const attempt = await takeLoginAttempt(db, limits, account, input.address)
  if (attempt.waitMinutes) return { ok: false, error: 'blocked', waitMinutes: attempt.waitMinutes }
  const userId = await verifyLogin(db, account, input.password, input.kind)
  await settleLoginAttempt(db, attempt, account, Boolean(userId))
  return userId ? { ok: true, userId } : { ok: false, error: 'wrong' }
}

/** The failure limits of the settings (README: LOGIN_MAX_FAILS_ACCOUNT, LOGIN_MAX_FAILS_ADDRESS). */
export const LOGIN_LIMITS = (): LoginLimits => ({ maxFailsPerAccount: env.LOGIN_MAX_FAILS_ACCOUNT, maxFailsPerAddress: env.LOGIN_MAX_FAILS_ADDRESS })
