import ExcelJS from 'exceljs'
import { readFile } from 'node:fs/promises'
import { schoolDaysBetween } from '../app/features/insights/school-days'
import { newTeacher } from './support/accounts'
import { schoolDate } from './support/dates'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { answerAfter, postAt, readTopics } from './support/insights'
import { newJournalWith } from './support/posts'
import { expect, expectAccessible, NO_JS, test, type Page } from './support/test'

// Decision 0048: Feedback (who waits for an answer) and Patterns (what comes before a feeling, and after).

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  const body = await readFile(await file.path())
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer)
  return { name: file.suggestedFilename(), book }
}

// axe-core runs as a script in the page: with JavaScript only (the markup is the same without it).
const checkAccessible = async (page: Page) => {
  if (test.info().project.name === 'js') await expectAccessible(page)
}
const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)

test('feedback: the student who waits longest comes first, in school days; each teacher\'s figures; the period is checked; the table as a file', NO_JS, async ({ page }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const teacher = await newTeacher(info, 'feedback', { standard: true })
  const [waiting, answered] = info.project.name === 'js' ? ['student31@demo.test', 'student32@demo.test'] : ['student33@demo.test', 'student34@demo.test']
  const journalId = await newJournalWith(teacher, `Feedback ${info.project.name} ${Date.now().toString(36)}`, [waiting, answered])
  // Begun three weeks ago, as its posts were written after it.
  await db().updateTable('journals').set({ created_at: new Date(Date.now() - 21 * 86_400_000).toISOString() }).where('id', '=', journalId).execute()
  // Ten days ago and never answered; two days ago and answered three hours later.
  const old = await postAt(journalId, waiting, { hoursAgo: 240, title: 'A hard week', event: 'My friend moved away.', emotions: ['B'], behaviour: 1 })
  const recent = await postAt(journalId, answered, { hoursAgo: 48, title: 'Sports day', event: 'We ran a relay.', emotions: ['3'], behaviour: 9 })
  await answerAfter(recent, teacher, 3)
  const days = schoolDaysBetween(schoolDate(-10), schoolDate())

  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/news`)
  await page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Feedback' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible()
  await expect(page.locator('.summary')).toContainText('2 posts in this period, 1 answered (50%). 1 post from 1 student is waiting for an answer.')
  await expect(page.locator('.summary')).toContainText(`has waited longest: ${days} school day`)
  const rows = page.getByRole('table').first().locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText(`${schoolDate(-10)} ${days} school day`)
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('1')
  await expect(rows.nth(1)).toContainText('3 hours')
  const teachers = page.getByRole('region', { name: 'Teachers of this journal' }).locator('tbody tr')
  await expect(teachers).toHaveCount(1)
  await expect(teachers.first()).toContainText('Test feedback (owner)')
  await expect(teachers.first()).toContainText('1 (50%)')
  await expect(page.locator('.weekly figure svg')).toBeVisible()
  await noSidewaysScroll(page)
  await checkAccessible(page)

  // The oldest waiting post opens itself; the student's name opens their page.
  await expect(rows.nth(0).getByRole('link', { name: schoolDate(-10) })).toHaveAttribute('href', `/diary/diaryPost/${old.id}`)
  await page.getByRole('link', { name: '7 days' }).click()
  await expect(page.getByText(`${schoolDate(-6)} to ${schoolDate()}`)).toBeVisible()
  await expect(page.locator('.summary')).toContainText('1 post in this period, 1 answered (100%). No post is waiting for an answer.')

  // A period reversed, or in the future: the message, and the default period.
  await page.getByLabel('Start').fill(schoolDate(-2))
  await page.getByLabel('End').fill(schoolDate(-5))
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('alert')).toHaveText('The start date cannot be after the end date.')
  await expect(page.getByText(`${schoolDate(-29)} to ${schoolDate()}`)).toBeVisible()
  await page.goto(`/diary/homework/${journalId}/feedback?start=${schoolDate(-3)}&end=${schoolDate(30)}`)
  await expect(page.getByRole('alert')).toContainText('Choose dates between')
  await expect(page.getByText(`${schoolDate(-29)} to ${schoolDate()}`)).toBeVisible()

  const file = await download(page, () => page.getByRole('link', { name: 'Download as Excel' }).click())
  expect(file.name).toMatch(/^Feedback .* - Feedback \d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/)
  expect(file.book.worksheets.map((s) => s.name)).toEqual(['Students', 'Teachers', 'Weeks'])
  const students = file.book.worksheets[0]
  expect((students.getRow(1).values as unknown[]).slice(1)).toEqual(['Student', 'Posts', 'Answered', 'Waiting', 'Oldest waiting post (date)', 'School days waited', 'Median hours to a first comment'])
  expect((students.getRow(2).values as unknown[]).slice(2, 7)).toEqual([1, 0, 1, schoolDate(-10), days])
  expect(students.getRow(3).getCell(7).value).toBe(3)

  await page.getByRole('table').first().locator('tbody tr').first().getByRole('link').first().click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/student/\\d+$`))
})

test('patterns: a topic and its feelings, the heat map, the posts behind a cell five at a time, a student against the class, and the file', NO_JS, async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  // The server reads the demo's topics in the background after it starts: done by now, or here.
  await readTopics()
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/1/news')
  await page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Patterns' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Patterns' })).toBeVisible()
  // The demo's maths tests are always a worry (decision 0049): the finding names them.
  const topics = page.getByRole('region', { name: 'Events → feelings' })
  await expect(topics.locator('.finding')).toContainText('Posts about “School work and tests” most often come with a negative feeling')
  await expect(topics.locator('figure svg a')).not.toHaveCount(0)
  const heat = page.locator('table.heatmap')
  await expect(heat.getByRole('columnheader', { name: 'Ask for help' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Feelings → behaviour' }).locator('.finding')).toContainText('the class most often chose')
  await noSidewaysScroll(page)
  await checkAccessible(page)

  // A cell of the heat map: its posts, five at a time.
  await page.getByRole('link', { name: 'This term' }).click()
  await heat.getByRole('row', { name: /^Sad/ }).getByRole('link', { name: /Sad, Try again/ }).click()
  await expect(page.getByRole('heading', { name: 'Posts: Sad → Try again' })).toBeVisible()
  const picked = page.locator('.picked .people > li')
  await expect(picked).toHaveCount(5)
  await page.getByRole('link', { name: 'Load more' }).click()
  await expect(picked).toHaveCount(10)
  await expect(picked.first().locator('.tags')).toContainText('#Sad')
  // A bar of the chart opens its topic's posts.
  await topics.locator('figure svg a[aria-label^="School work and tests"]').click()
  await expect(page.getByRole('heading', { name: 'Posts: School work and tests' })).toBeVisible()
  await expect(picked).toHaveCount(5)
  await page.getByRole('link', { name: 'Close the list' }).click()
  await expect(page.locator('.picked')).toHaveCount(0)

  const file = await download(page, () => page.getByRole('link', { name: 'Download as Excel' }).click())
  expect(file.name).toMatch(/^501 心情日記 - Patterns \d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/)
  expect(file.book.worksheets.map((s) => s.name)).toEqual(['Topics', 'Before each feeling', 'Feelings and behaviours'])
  const first = file.book.worksheets[0].getRow(2)
  expect(first.getCell(1).value).toBe('School work and tests')
  expect(first.getCell(5).value).toBe(100)

  // Student 07's page: their patterns against the class, then all of them on the Patterns page.
  await page.goto('/diary/homework/1/student')
  await page.getByRole('row', { name: /Student 07/ }).getByRole('link').last().click()
  const section = page.getByRole('region', { name: 'Patterns this term' })
  await expect(section.locator('.versus li').first()).toContainText('Student 07')
  await section.getByRole('link', { name: "All of Student 07's patterns" }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Patterns: Student 07' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Events → feelings' }).locator('.finding')).toContainText("Student 07's posts about")
  await checkAccessible(page)
})

test('patterns and feedback of a journal without posts, and of posts with no topic, say so and draw nothing', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'patterns', { standard: true })
  const student = info.project.name === 'js' ? 'student35@demo.test' : 'student36@demo.test'
  const empty = await newJournalWith(teacher, `Quiet ${info.project.name} ${Date.now().toString(36)}`, [])
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${empty}/feedback`)
  await expect(page.getByText('No posts were written in this period.')).toBeVisible()
  await expect(page.getByText('No students in this journal yet.')).toBeVisible()
  await expect(page.getByText('No posts in these eight weeks.')).toBeVisible()
  await expect(page.locator('figure')).toHaveCount(0)
  await checkAccessible(page)
  await page.goto(`/diary/homework/${empty}/patterns`)
  await expect(page.getByText('No posts in this period. Try a longer period.')).toBeVisible()
  await expect(page.getByText('No post in this period has a negative feeling.')).toBeVisible()
  await expect(page.getByText('No post in this period names a feeling and a behaviour.')).toBeVisible()
  await expect(page.locator('figure, table.heatmap')).toHaveCount(0)
  await checkAccessible(page)

  // Two students of one post each, of emoji alone and in a fourth language: no topic, no chart, too few to tell.
  const other = info.project.name === 'js' ? 'student37@demo.test' : 'student38@demo.test'
  const journalId = await newJournalWith(teacher, `Emoji ${info.project.name} ${Date.now().toString(36)}`, [student, other])
  await db().updateTable('journals').set({ created_at: new Date(Date.now() - 2 * 86_400_000).toISOString() }).where('id', '=', journalId).execute()
  await postAt(journalId, student, { hoursAgo: 5, title: '😀', event: '😀😀😀', emotions: ['B'], behaviour: 5 })
  await postAt(journalId, other, { hoursAgo: 4, title: 'Hoy', event: 'Hoy fui a la playa.', emotions: ['B'], behaviour: 5 })
  await readTopics()
  await page.goto(`/diary/homework/${journalId}/patterns`)
  const topics = page.getByRole('region', { name: 'Events → feelings' })
  await expect(topics.locator('.finding')).toHaveText('No post in this period names a topic of the lexicon yet.')
  await expect(topics.locator('figure')).toHaveCount(0)
  await expect(topics.getByRole('row', { name: /No topic found/ })).toContainText('2')
  const coping = page.getByRole('region', { name: 'Feelings → behaviour' })
  await expect(coping.locator('.finding.few')).toHaveText('Feeling “Sad”, the class most often chose “Leave”: 2 of 2 posts (100%). (From 2 posts: too few to tell.)')
  await topics.getByRole('row', { name: /No topic found/ }).getByRole('link').click()
  await expect(page.locator('.picked .people > li')).toHaveCount(2)
  // The student of one post: their page says it is too few to tell, greyed.
  const studentId = (await db().selectFrom('users').select('id').where('account', '=', student).executeTakeFirstOrThrow()).id
  await page.goto(`/diary/homework/${journalId}/student/${studentId}`)
  const section = page.getByRole('region', { name: 'Patterns this term' })
  await expect(section.locator('.versus li.few')).toHaveText(/Feeling “Sad”, Student \d\d, like the class, most often chose “Leave” \(1 of 1 post; the class 100%\)\. \(From 1 post: too few to tell\.\)/)
  await expect(section.getByRole('table')).toHaveCount(0)
  await expect(section).toContainText('No post in this period names a topic of the lexicon yet.')
})

test('feedback and patterns are refused to a teacher of another journal, and behind the reports\' pay gate', async ({ page }) => {
  // free@ waits for approval on 501 and 502: not a teacher of them yet.
  await signInToConsole(page, 'free@demo.test')
  for (const path of ['feedback', 'feedback.xlsx', 'patterns', 'patterns.xlsx', 'patterns?student=1']) expect((await page.request.get(`/diary/homework/2/${path}`, { maxRedirects: 0 })).status(), path).toBe(403)
  // Their own Reading Club without the reports' pay function: the notice and no data.
  for (const path of ['feedback', 'patterns']) {
    await page.goto(`/diary/homework/4/${path}`)
    await expect(page.getByText('A paid feature')).toBeVisible()
    await expect(page.locator('table, figure')).toHaveCount(0)
  }
  await checkAccessible(page)
  for (const path of ['feedback.xlsx', 'patterns.xlsx']) expect((await page.request.get(`/diary/homework/4/${path}`, { maxRedirects: 0 })).status(), path).toBe(403)
  await page.context().clearCookies()
  // A student who is not in the journal is not found; an unknown pick is no pick.
  await signInToConsole(page, 'teacher@demo.test')
  // A co-teacher (teacher@ in free@'s Reading Club) sees the same table of the journal's teachers, the owner first.
  await page.goto('/diary/homework/4/feedback')
  await expect(page.getByRole('region', { name: 'Teachers of this journal' }).locator('tbody th')).toHaveText([/\(owner\)/, /Lin Mei-hua/])
  expect((await page.request.get('/diary/homework/1/patterns?student=99999999')).status()).toBe(404)
  expect((await page.request.get('/diary/homework/1/patterns?student=abc')).status()).toBe(404)
  await page.goto('/diary/homework/1/patterns?pick=topic:weather&more=-4')
  await expect(page.locator('.picked')).toHaveCount(0)
})
