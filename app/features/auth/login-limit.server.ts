import type { DB } from '~/db/connect.server'
import { lockNames } from '~/db/lock.server'
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

/**
 * A sign-in attempt is checked and counted in one step: the check and the mark of the attempt are
 * one transaction, serialised per account and address (lockNames), so of thirty attempts sent at
 * once exactly the limit are judged and the rest refused, on either database and across app
 * processes. A judged attempt stays as a failure unless `settleLoginAttempt` says it succeeded.
 */
export async function takeLoginAttempt(db: DB, limits: LoginLimits, account: string, address: string): Promise<{ waitMinutes: number; ids: number[] }> {
  const keys = [accountKey(account), addressKey(address)]
  const taken = await db.transaction().execute(async (trx) => {
    await lockNames(trx, keys)
    const waitMinutes = await loginBlockedFor(trx, limits, account, address)
    if (waitMinutes) return { waitMinutes, ids: [] }
    const at = nowIso()
    const ids = (await trx.insertInto('login_attempts').values(keys.map((key) => ({ key, at }))).returning('id').execute()).map((r) => r.id)
    return { waitMinutes: 0, ids }
  })
  if (Math.random() < 0.05) await db.deleteFrom('login_attempts').where('at', '<', isoAgo(LOGIN_WINDOW_MS)).execute()
  return taken
}

/** A judged attempt: a success clears the account's failures and takes back this attempt's address mark. */
export async function settleLoginAttempt(db: DB, attempt: { ids: number[] }, account: string, ok: boolean) {
  if (!ok) return
  await db.deleteFrom('login_attempts').where((eb) => eb.or([eb('key', '=', accountKey(account)), eb('id', 'in', attempt.ids)])).execute()
}
