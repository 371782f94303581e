import { unzipSync } from 'fflate'
import { readFile } from 'node:fs/promises'
import { newStudent, newTeacher } from './support/accounts'
import { db } from './support/db'
import { expectClassJobRefused } from './support/class-jobs'
import { signInToConsole } from './support/helpers'
import { postAt } from './support/insights'
import { newJournalWith } from './support/posts'
import { newAlert } from './support/school'
import { schoolDate } from './support/dates'
import { expect, expectAccessible, NO_JS, test, type Page } from './support/test'

// Decision 0053: every student's e-book and PDF in one job, from the journal's students page.

const checkAccessible = async (page: Page) => {
  if (test.info().project.name === 'js') await expectAccessible(page)
}
const books = async (journalId: number) => (await db().selectFrom('ebooks').select('id').where('journal_id', '=', journalId).execute()).length

test("a teacher makes the class's e-books in one job: progress, a student without posts listed with the reason, one zip by name", NO_JS, async ({ page }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const teacher = await newTeacher(info, 'books', { standard: true })
  const [writer, quiet] = [await newStudent(info, 'writer'), await newStudent(info, 'quiet')]
  const journalId = await newJournalWith(teacher, `Books ${info.project.name} ${Date.now().toString(36)}`, [writer.account, quiet.account])
  for (let i = 1; i <= 3; i++) await postAt(journalId, writer.account, { hoursAgo: 24 * i, title: `Day ${i}`, event: `We did thing ${i}.`, emotions: ['3'], behaviour: 9 })

  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/student`)
  await page.getByRole('link', { name: 'E-books for the class' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'E-books for the class' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)
  await checkAccessible(page)

  // Nobody ticked: the message, and nothing made.
  for (const name of ['Pupil writer', 'Pupil quiet']) await page.getByRole('checkbox', { name }).uncheck()
  await page.getByRole('button', { name: 'Make the books' }).click()
  await expect(page.getByText('Choose at least one student.')).toBeVisible()
  expect(await books(journalId)).toBe(0)

  // Both students, the newest five, Sunrise; clicked twice: one job.
  for (const name of ['Pupil writer', 'Pupil quiet']) await page.getByRole('checkbox', { name }).check()
  await page.getByLabel('How many of the newest posts').selectOption('5')
  await page.getByLabel('Design').selectOption('sunrise')
  await page.getByRole('button', { name: 'Make the books' }).dblclick()
  // The page follows the job (polling with JavaScript, a refresh without) until it is done.
  await expect(page.getByText('1 book made,')).toBeVisible({ timeout: 30_000 })
  const rows = page.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.filter({ hasText: 'Pupil writer' })).toContainText('Open the book')
  await expect(rows.filter({ hasText: 'Pupil quiet' })).toContainText('No book: no published posts yet')
  expect(await books(journalId)).toBe(2)
  await checkAccessible(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PDF (zip)' }).click()])
  const files = unzipSync(await readFile(await download.path()))
  expect(Object.keys(files)).toEqual(['Pupil writer.pdf'])
  expect(Buffer.from(files['Pupil writer.pdf'].subarray(0, 5)).toString()).toBe('%PDF-')

  // The book opens to edit as any other.
  await rows.filter({ hasText: 'Pupil writer' }).getByRole('link', { name: 'Open the book' }).click()
  await expect(page).toHaveURL(/\/ebook\/\d+\/list$/)
})

test("another teacher and a student are refused the class's books and their zip, and nothing is made", async ({ page, browser }, info) => {
  const teacher = await newTeacher(info, 'booksown', { standard: true })
  const student = await newStudent(info, 'bookee')
  const journalId = await newJournalWith(teacher, `Books refused ${Date.now().toString(36)}`, [student.account])
  await postAt(journalId, student.account, { hoursAgo: 2, title: 'Mine', event: 'Mine.', emotions: ['3'], behaviour: 9 })
  const stranger = await newTeacher(info, 'bookstranger', { standard: true })
  await signInToConsole(page, stranger)
  await expectClassJobRefused(page, browser, { journalId, path: 'classBooks', file: 'books.zip', form: { studentId: String(student.id), rule: 'newest', newest: '5', design: 'meadow' }, studentAccount: student.account })
  expect(await books(journalId)).toBe(0)
})

test("a post under an alert stays out of the class's books, named with its reason, until the teacher puts it back (decision 0063)", NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'heldbooks', { standard: true })
  const writer = await newStudent(info, 'hwriter')
  const journalId = await newJournalWith(teacher, `Held books ${info.project.name} ${Date.now().toString(36)}`, [writer.account])
  for (let i = 1; i <= 2; i++) await postAt(journalId, writer.account, { hoursAgo: 24 * i, title: `Day ${i}`, event: `We did thing ${i}.`, emotions: ['3'], behaviour: 9 })
  // Her newest post raised a high alert, still open.
  const { postId: night } = await newAlert(journalId, writer, 'Night')
  const inBook = async () => (await db().selectFrom('ebook_posts as p').innerJoin('ebooks as b', 'b.id', 'p.ebook_id').select('p.post_id').where('b.journal_id', '=', journalId).execute()).map((p) => p.post_id)

  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/classBooks`)
  const held = page.getByRole('group', { name: 'Held back: 1 post under an alert' })
  await expect(held.getByRole('checkbox', { name: `Put back Pupil hwriter: ${schoolDate()} · Night` })).not.toBeChecked()
  await expect(held).toContainText('Open alert (high), raised')
  await checkAccessible(page)

  await page.getByRole('button', { name: 'Make the books' }).click()
  await expect(page.getByText('1 book made,')).toBeVisible({ timeout: 30_000 })
  const row = page.getByRole('table').locator('tbody tr').filter({ hasText: 'Pupil hwriter' })
  await expect(row).toContainText('Open the book')
  await expect(row).toContainText('1 post was left out: it is under an alert.')
  await expect(row).toContainText(`${schoolDate()} · Night`)
  expect(await inBook()).not.toContain(night)
  expect(await inBook()).toHaveLength(2)
  await checkAccessible(page)

  // Put back knowingly: the book takes it, and nothing is left out.
  await page.getByRole('group', { name: 'Held back: 1 post under an alert' }).getByRole('checkbox', { name: /Night/ }).check()
  await page.getByRole('button', { name: 'Make the books' }).click()
  await expect(page.getByText('1 book made,')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: 'Pupil hwriter' })).not.toContainText('left out')
  expect(await inBook()).toContain(night)
})
