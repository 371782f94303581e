// A page with several forms answers each by its intent, one function an intent, and refuses any
// other with 400 (decision 0079): an unknown or missing intent is never read as the page's main form.
// The route actions run in process on a database of their own (SQLite), as the server runs them.
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'intents-'))
process.env.SEED_DEMO = '0'
const { connection } = await import('~/db/db.server')
const { migrate } = await import('~/db/migrate.server')
const { seedReferenceData } = await import('~/seed/demo.server')
const { registerWithPassword } = await import('~/features/auth/accounts.server')
const { loadSessionValues } = await import('~/features/account/session-values.server')
const { sessionStorage, storeValues } = await import('~/auth/session.server')
const { createLoadContext } = await import('~/context.server')
const manage = await import('~/routes/student-import/manage')
const login = await import('~/routes/login')
const roster = await import('~/routes/roster/index')

const db = connection.db
let cookie = ''

/** What an action answered, returned or thrown: its status (200 for plain data). */
async function statusOf(run: () => Promise<unknown>) {
  let answer: unknown
  try {
    answer = await run()
  } catch (thrown) {
    answer = thrown
  }
  if (answer instanceof Response) return answer.status
  const init = (answer as { init?: { status?: number } | null } | undefined)?.init
  return init?.status ?? 200
}

const post = (pathname: string, fields: [string, string][]) =>
  new Request(`http://school.test${pathname}`, { method: 'POST', body: new URLSearchParams(fields), headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' } })
const args = (request: Request) => ({ request, context: createLoadContext('nonce', '127.0.0.1'), params: {} }) as never

beforeAll(async () => {
  await migrate(connection)
  await seedReferenceData(db)
  const r = await registerWithPassword(db, { account: 'intent-teacher', password: 'secret-pass-1', locale: 'en' })
  if (r.code !== '01000') throw new Error('setup')
  await db.updateTable('users').set({ name: 'Teacher', email: 'intent@school.test', email_verified: 1 }).where('id', '=', r.userId).execute()
  const session = await sessionStorage.getSession()
  storeValues(session, { ...(await loadSessionValues(db, r.userId))!, emailVerified: '1', infoSet: '1', valuesAt: new Date().toISOString() })
  cookie = (await sessionStorage.commitSession(session)).split(';')[0]
})
afterAll(() => db.destroy())

describe('a page of several forms', () => {
  it('the class import reads only its own intents: a preview sent without one imports nothing', async () => {
    const row: [string, string][] = [['year', '2026'], ['grade', '5'], ['classNo', '1'], ['name', 'Amy'], ['account', 'intent-amy'], ['password', 'secret-pass-1']]
    expect(await statusOf(() => manage.action(args(post('/student', [...row, ['journalName', 'Class 5']]))))).toBe(400)
    expect(await statusOf(() => manage.action(args(post('/student', [['intent', 'import'], ...row, ['journalName', 'Class 5']]))))).toBe(400)
    expect(await db.selectFrom('users').select('id').where('account', '=', 'intent-amy').executeTakeFirst()).toBeUndefined()
    // Its own intents still answer: the check shows the preview.
    expect(await statusOf(() => manage.action(args(post('/student', [['intent', 'check'], ...row]))))).toBe(200)
  })

  it('the sign-in page and the roster page refuse an intent they do not have', async () => {
    expect(await statusOf(() => login.action(args(post('/login', [['intent', 'bogus'], ['email', 'intent-teacher'], ['password', 'secret-pass-1']]))))).toBe(400)
    expect(await statusOf(() => login.action(args(post('/login', [['email', 'intent-teacher'], ['password', 'secret-pass-1']]))))).toBe(400)
    expect(await statusOf(() => roster.action(args(post('/roster', [['intent', 'bogus']]))))).toBe(400)
  })
})
