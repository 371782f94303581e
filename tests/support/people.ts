import type { DB } from '~/db/connect.server'
import { registerWithPassword } from '~/features/auth/accounts.server'

type Locale = Parameters<typeof registerWithPassword>[1]['locale']

/**
 * People for the tests: accounts (teachers, students, admins alike until a journal or a team makes
 * them one) and the teams that hold them. Journals and their members are journals.ts; posts are posts.ts.
 */

export const TEST_PASSWORD = 'secret-pass-1'

/**
 * Accounts registered with the password for a test, their ids by account. `named`: each named as its
 * account in capitals ("amy" is AMY); `email`: an address `account@school.test`, verified;
 * `locale`: the account's language (English unless said).
 */
export async function accountsFor(db: DB, accounts: string[], { named = false, email = false, locale = (): Locale => 'en' }: { named?: boolean; email?: boolean; locale?: (account: string) => Locale } = {}) {
  const id: Record<string, number> = {}
  for (const account of accounts) {
    const r = await registerWithPassword(db, { account, password: TEST_PASSWORD, locale: locale(account) })
    if (r.code !== '01000') throw new Error(`setup: ${account}`)
    id[account] = r.userId
    if (named || email) await db.updateTable('users').set({ ...(named ? { name: account.toUpperCase() } : {}), ...(email ? { email: `${account}@school.test`, email_verified: 1 } : {}) }).where('id', '=', r.userId).execute()
  }
  return id
}

/** Accounts registered for a test, each named as its account in capitals ("amy" is AMY): their ids by account. */
export const namedAccounts = (db: DB, accounts: string[]) => accountsFor(db, accounts, { named: true })

/** Marks these accounts as students' (what a student's sign-up or a class import makes them). */
export async function asStudents(db: DB, userIds: number[]) {
  if (userIds.length) await db.updateTable('users').set({ kind: 'student' }).where('id', 'in', userIds).execute()
}

/** A team and its members, each with their role (features/team/roles.ts): the team's id. */
export async function teamOf(db: DB, name: string, members: [userId: number, roleId: number][]) {
  const { id: teamId } = await db.insertInto('teams').values({ name, school_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()
  for (const [userId, role] of members) await db.insertInto('team_members').values({ team_id: teamId, user_id: userId, role_id: role, joined_at: new Date().toISOString() }).execute()
  return teamId
}
