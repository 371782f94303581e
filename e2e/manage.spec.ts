import { expect, test } from '@playwright/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith } from './support/posts'

test('plan-locked page: usage, journals and students; archiving a journal frees its students', async ({ page }, info) => {
  const account = await newTeacher(info, 'locked', { planEnded: true })
  const keep = await newJournalWith(account, 'Class 4A diary', ['student01@demo.test', 'student02@demo.test'])
  const drop = await newJournalWith(account, 'Old club diary', ['student02@demo.test', 'student03@demo.test'])
  await signInToConsole(page, account)
  await page.getByRole('alert').getByRole('link', { name: 'See what your plan counts' }).click()
  await expect(page).toHaveURL(/\/manage$/)
  await expect(page.locator('.usage-figure')).toHaveText('Students in your journals: 3/30')
  await expect(page.getByText('Your journals are locked')).toBeVisible()
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
