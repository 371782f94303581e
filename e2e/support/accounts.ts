// Fresh, ready-to-use teacher accounts written straight into the e2e server's database, so a test
// that changes an account's state never meets another test running in parallel.
import type { TestInfo } from '@playwright/test'
import { registerWithPassword } from '../../app/features/auth/accounts.server'
import { db } from './db'
import { DEMO_PASSWORD, uniqueAccount } from './helpers'

/** A verified teacher with the profile filled in, on the free plan (or standard, or one that ended); signs in with DEMO_PASSWORD. */
export async function newTeacher(info: TestInfo, prefix = 'teacher', { planEnded = false, standard = false } = {}) {
  const account = uniqueAccount(info, prefix)
  const result = await registerWithPassword(db(), { account, password: DEMO_PASSWORD, locale: 'en' })
  if (!('userId' in result)) throw new Error(`could not create ${account}`)
  await db().updateTable('users').set({ email_verified: 1, info_set: 1, name: `Test ${prefix}` }).where('id', '=', result.userId).execute()
  // An ended plan puts the account under the homework lock.
  if (planEnded) await db().updateTable('user_plans').set({ end_date: new Date(Date.now() - 86_400_000).toISOString() }).where('user_id', '=', result.userId).execute()
  if (standard) {
    const plan = await db().selectFrom('plans').select('id').where('code', '=', 'standard').executeTakeFirstOrThrow()
    await db().updateTable('user_plans').set({ plan_id: plan.id }).where('user_id', '=', result.userId).execute()
  }
  return account
}

/** A fresh student account (signs in at /s/login with DEMO_PASSWORD), named `Pupil {prefix}`. */
export async function newStudent(info: TestInfo, prefix = 'pupil') {
  const account = uniqueAccount(info, prefix)
  const result = await registerWithPassword(db(), { account, password: DEMO_PASSWORD, locale: 'en' })
  if (!('userId' in result)) throw new Error(`could not create ${account}`)
  await db().updateTable('users').set({ kind: 'student', email_verified: 1, info_set: 1, name: `Pupil ${prefix}` }).where('id', '=', result.userId).execute()
  return { account, id: result.userId }
}
