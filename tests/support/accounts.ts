import type { DB } from '~/db/connect.server'
import { registerWithPassword } from '~/features/auth/accounts.server'

/** Accounts registered for a test, each named as its account in capitals ("amy" is AMY): their ids by account. */
export async function namedAccounts(db: DB, accounts: string[]) {
  const id: Record<string, number> = {}
  for (const account of accounts) {
    const r = await registerWithPassword(db, { account, password: 'secret-pass-1', locale: 'en' })
    if (r.code !== '01000') throw new Error(`setup: ${account}`)
    id[account] = r.userId
    await db.updateTable('users').set({ name: account.toUpperCase() }).where('id', '=', r.userId).execute()
  }
  return id
}
