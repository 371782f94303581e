import { readFile } from 'node:fs/promises'
import { addDays, todayDate } from '../app/shared/dates'
import { newStudent, newTeacher } from './support/accounts'
import { db } from './support/db'
import { expectClassJobRefused } from './support/class-jobs'
import { signInToConsole } from './support/helpers'
import { postAt } from './support/insights'
import { newJournalWith } from './support/posts'
import { newAlert } from './support/school'
import { expect, expectAccessible, NO_JS, test, type Page } from './support/test'

// Decision 0053: the parent-meeting pack of the whole class, one PDF made as a job.

const checkAccessible = async (page: Page) => {
  if (test.info().project.name === 'js') await expectAccessible(page)
}
const jobs = async (journalId: number) => (await db().selectFrom('class_jobs').select('journal_id').where('journal_id', '=', journalId).where('kind', '=', 'packs').execute()).length

test("a teacher makes the class's parent-meeting pack: a bad period is refused at its field with the dates kept, a post under an alert is left out and named, then one PDF", NO_JS, async ({ page }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const teacher = await newTeacher(info, 'packs', { standard: true })
  const [one, two] = [await newStudent(info, 'one'), await newStudent(info, 'two')]
  const journalId = await newJournalWith(teacher, `Packs ${info.project.name} ${Date.now().toString(36)}`, [one.account, two.account])
  await postAt(journalId, one.account, { hoursAgo: 30, title: 'A day', event: 'We sang.', emotions: ['3'], behaviour: 9 })
  // Two's post raised a high alert (decision 0063): listed to put back, and left out unless it is.
  await newAlert(journalId, two, 'Night')

  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/student`)
  await page.getByRole('link', { name: 'Parent meetings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Parent meetings' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)
  await checkAccessible(page)

  await expect(page.getByRole('group', { name: 'Held back: 1 post under an alert' }).getByRole('checkbox', { name: /^Put back Pupil two: .* · Night$/ })).not.toBeChecked()

  // The start after the end: the message at the field, what was typed kept, and no job (decision 0063).
  await page.getByLabel('From').fill('2026-11-20')
  await page.getByLabel('To').fill('2026-11-10')
  await page.getByRole('button', { name: 'Make the pack for 2 students' }).click()
  await expect(page.getByLabel('To')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('To')).toHaveAccessibleDescription('The end comes before the start: choose an end on or after the start.')
  await expect(page.getByLabel('From')).toHaveValue('2026-11-20')
  await expect(page.getByLabel('To')).toHaveValue('2026-11-10')
  expect(await jobs(journalId)).toBe(0)
  await checkAccessible(page)
  // A day after today: the same, at the field.
  await page.getByLabel('To').fill(addDays(todayDate(), 1))
  await page.getByRole('button', { name: 'Make the pack for 2 students' }).click()
  await expect(page.getByLabel('To')).toHaveAccessibleDescription('The period ends today at the latest.')
  await expect(page.getByLabel('From')).toHaveValue('2026-11-20')

  // The last 30 days, clicked twice: one pack.
  await page.getByLabel('From').fill(addDays(todayDate(), -29))
  await page.getByLabel('To').fill(todayDate())
  await page.getByRole('button', { name: 'Make the pack for 2 students' }).dblclick()
  await expect(page.getByRole('link', { name: 'Download the pack (PDF)' })).toBeVisible({ timeout: 30_000 })
  await expect(page.locator('.class-books-job').getByRole('status')).toContainText('2 students, made')
  await expect(page.locator('.class-books-job')).toContainText('1 post was left out: it is under an alert.')
  await expect(page.locator('.class-books-job')).toContainText(/Pupil two: .* · Night/)
  expect(await jobs(journalId)).toBe(1)
  await checkAccessible(page)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the pack (PDF)' }).click()])
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-')
})

test("another teacher and a student are refused the class's pack and its PDF, and nothing is made", async ({ page, browser }, info) => {
  const teacher = await newTeacher(info, 'packsown', { standard: true })
  const student = await newStudent(info, 'packee')
  const journalId = await newJournalWith(teacher, `Packs refused ${Date.now().toString(36)}`, [student.account])
  const stranger = await newTeacher(info, 'packstranger', { standard: true })
  await signInToConsole(page, stranger)
  await expectClassJobRefused(page, browser, { journalId, path: 'parentPacks', file: 'class.pdf', form: { from: '2026-10-01', to: '2026-10-31' }, studentAccount: student.account })
  expect(await jobs(journalId)).toBe(0)
})
