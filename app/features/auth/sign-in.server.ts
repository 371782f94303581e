import type { DB } from '~/db/connect.server'
import type { UserKind } from '~/db/schema'
import { env } from '~/env.server'
import { normalizeAccount } from './account-name'
import { verifyLogin } from './accounts.server'
import { clearLoginFailures, loginBlockedFor, recordLoginFailure, type LoginLimits } from './login-limit.server'

export type PasswordSignIn = { ok: true; userId: number } | { ok: false; error: 'blocked'; waitMinutes: number } | { ok: false; error: 'wrong' }

/**
 * Sign-in with a password, the one rule for the console and the student pages: the account
 * normalised, refused while it or the address is over its failures, the password verified (a
 * student account signs in only on the student pages), a failure recorded, a success clearing them.
 */
export async function signInWithPassword(db: DB, limits: LoginLimits, input: { account: string; password: string; address: string; kind: UserKind }): Promise<PasswordSignIn> {
  const account = normalizeAccount(input.account)
  const waitMinutes = await loginBlockedFor(db, limits, account, input.address)
  if (waitMinutes) return { ok: false, error: 'blocked', waitMinutes }
  const userId = await verifyLogin(db, account, input.password, input.kind)
  if (!userId) {
    await recordLoginFailure(db, account, input.address)
    return { ok: false, error: 'wrong' }
  }
  await clearLoginFailures(db, account)
  return { ok: true, userId }
}

/** The failure limits of the settings (README: LOGIN_MAX_FAILS_ACCOUNT, LOGIN_MAX_FAILS_ADDRESS). */
export const LOGIN_LIMITS = (): LoginLimits => ({ maxFailsPerAccount: env.LOGIN_MAX_FAILS_ACCOUNT, maxFailsPerAddress: env.LOGIN_MAX_FAILS_ADDRESS })
