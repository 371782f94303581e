import type { DB } from '~/db/connect.server'
import { isoAgo, nowIso } from '~/db/time'

export const LOGIN_WINDOW_MS = 15 * 60 * 1000

export interface LoginLimits {
  maxFailsPerAccount: number
  maxFailsPerAddress: number
}

const accountKey = (account: string) => `account:${account}`
const addressKey = (address: string) => `address:${address}`

/**
 * Failed sign-ins are counted per account and per client address over a sliding window, in the
 * database so that every app process sees the same count. Returns the minutes to wait, or 0.
 */
export async function loginBlockedFor(db: DB, limits: LoginLimits, account: string, address: string) {
  const since = isoAgo(LOGIN_WINDOW_MS)
  const rows = await db
    .selectFrom('login_attempts')
    .select(['key', (eb) => eb.fn.count<number>('id').as('n'), (eb) => eb.fn.min<string>('at').as('first')])
    .where('key', 'in', [accountKey(account), addressKey(address)])
    .where('at', '>', since)
    .groupBy('key')
    .execute()
  let until = 0
  for (const row of rows) {
    const max = row.key.startsWith('account:') ? limits.maxFailsPerAccount : limits.maxFailsPerAddress
    if (Number(row.n) >= max) until = Math.max(until, Date.parse(row.first) + LOGIN_WINDOW_MS)
  }
  return until ? Math.max(1, Math.ceil((until - Date.now()) / 60000)) : 0
}

export async function recordLoginFailure(db: DB, account: string, address: string) {
  const at = nowIso()
  await db.insertInto('login_attempts').values([{ key: accountKey(account), at }, { key: addressKey(address), at }]).execute()
  if (Math.random() < 0.05) await db.deleteFrom('login_attempts').where('at', '<', isoAgo(LOGIN_WINDOW_MS)).execute()
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearLoginFailures(db: DB, account: string) {
  await db.deleteFrom('login_attempts').where('key', '=', accountKey(account)).execute()
}
