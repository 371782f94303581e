import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'

test('plan-locked page: usage, journals and students; archiving a journal frees its students', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'locked', { planEnded: true })
  const keep = await newJournalWith(account, 'Class 4A diary', ['student01@demo.test', 'student02@demo.test'])
  const drop = await newJournalWith(account, 'Old club diary', ['student02@demo.test', 'student03@demo.test'])
  await signInToConsole(page, account)
  await page.getByRole('alert').getByRole('link', { name: 'See what your plan counts' }).click()
  await expect(page).toHaveURL(/\/manage$/)
  await expect(page.locator('.usage-figure')).toHaveText('Students in your journals: 3/30')
  // An ended plan: archiving is not offered as the way out (it frees students, not the plan).
  await expect(page.getByText('Your plan has ended')).toBeVisible()
  await expect(page.getByText('archive journals you no longer use')).toHaveCount(0)
  await expect(page.locator('tbody tr')).toHaveCount(2)

  await page.getByRole('link', { name: 'Students', exact: true }).click()
  await expect(page.locator('tbody tr', { hasText: 'student02@demo.test' })).toContainText('Class 4A diary, Old club diary')
  await expect(page.locator('tbody tr')).toHaveCount(3)

  await page.goto('/manage')
  await page.locator('tbody tr', { hasText: 'Old club diary' }).getByRole('link', { name: 'Archive' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive' }).click()
  await expect(page.getByRole('status')).toHaveText('The journal was archived.')
  await expect(page.locator('.usage-figure')).toHaveText('Students in your journals: 2/30')
  const rows = await db().selectFrom('journals').select(['id', 'archived_at']).where('id', 'in', [keep, drop]).orderBy('id').execute()
  expect(rows.map((r) => r.archived_at !== null)).toEqual([false, true])
})

test('another teacher\'s journal cannot be archived from /manage', async ({ page }, info) => {
  const owner = await newTeacher(info, 'mowner')
  const other = await newTeacher(info, 'mother')
  const journal = await newJournalWith(owner, 'Not yours', [])
  await signInToConsole(page, other)
  await page.goto('/manage')
  const response = await page.request.post('/manage', { form: { journalId: String(journal) }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(response.status()).toBe(403)
  const row = await db().selectFrom('journals').select('archived_at').where('id', '=', journal).executeTakeFirstOrThrow()
  expect(row.archived_at).toBeNull()
})

test('an ended plan locks the journal pages, their posts and their actions by URL, not only /diary', async ({ page }, info) => {
  const account = await newTeacher(info, 'lockurl', { planEnded: true, standard: true })
  const journal = await newJournalWith(account, 'Locked diary', ['student04@demo.test'])
  const post = await newPost(journal, 'student04@demo.test', 'Locked post')
  await signInToConsole(page, account)
  // A bookmarked page goes to /diary, which explains the lock.
  for (const path of [`/diary/homework/${journal}/news`, `/diary/homework/${journal}/report`, `/diary/homework/${journal}/student`, `/diary/diaryPost/${post}`]) {
    await page.goto(path)
    await expect(page).toHaveURL(/\/diary$/)
  }
  await expect(page.getByRole('alert')).toContainText('plan')
  // Files and actions are refused, and nothing is written.
  const origin = new URL(page.url()).origin
  expect((await page.request.get(`/diary/homework/${journal}/export.xlsx?kind=raw`, { maxRedirects: 0 })).status()).not.toBe(200)
  const comment = await page.request.post(`/diary/diaryPost/${post}`, { form: { intent: 'add', type: '1', comment: 'Still here?' }, headers: { Origin: origin }, maxRedirects: 0 })
  expect(comment.status()).toBe(403)
  const saved = await page.request.post(`/diary/homework/${journal}/edit`, { form: { name: 'Renamed' }, headers: { Origin: origin }, maxRedirects: 0 })
  expect(saved.status()).toBe(403)
  expect(await db().selectFrom('comments').select('id').where('post_id', '=', post).execute()).toHaveLength(0)
  expect((await db().selectFrom('journals').select('name').where('id', '=', journal).executeTakeFirstOrThrow()).name).toBe('Locked diary')
})

test('a plan that ends while signed in locks the journals within minutes, without a new sign-in', async ({ page }, info) => {
  const account = await newTeacher(info, 'staleplan', { standard: true })
  const journal = await newJournalWith(account, 'Soon locked', [])
  await signInToConsole(page, account)
  await page.goto(`/diary/homework/${journal}/news`)
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journal}/news$`))
  // The plan ends (elsewhere: an admin, the calendar); the session's snapshot is a few minutes old.
  const user = await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
  await db().updateTable('user_plans').set({ end_date: new Date(Date.now() - 60_000).toISOString() }).where('user_id', '=', user.id).execute()
  const row = await db().selectFrom('sessions').select(['id', 'data']).where('user_id', '=', user.id).executeTakeFirstOrThrow()
  await db().updateTable('sessions').set({ data: JSON.stringify({ ...JSON.parse(row.data), valuesAt: new Date(Date.now() - 10 * 60_000).toISOString() }) }).where('id', '=', row.id).execute()
  await page.goto(`/diary/homework/${journal}/news`)
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.getByRole('alert')).toContainText('plan')
})
