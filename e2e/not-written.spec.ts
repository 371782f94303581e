import { newStudent, newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, studentSignIn } from './support/helpers'
import { postAt } from './support/insights'
import { newJournalWith } from './support/posts'
import { schoolDate } from './support/dates'
import { schoolCalendarOf } from './support/school'
import { expect, expectAccessible, NO_JS, test, type Page } from './support/test'

// Decision 0052: who has not written today or this week, and a reminder once a school day.

const checkAccessible = async (page: Page) => {
  if (test.info().project.name === 'js') await expectAccessible(page)
}
const reminders = async (journalId: number) => (await db().selectFrom('writing_reminders').select(['student_id', 'teacher_id']).where('journal_id', '=', journalId).execute()).length

test('a teacher sees who has not written today, reminds the ticked ones once, and the student finds the reminder on their home page', NO_JS, async ({ page, browser }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const teacher = await newTeacher(info, 'remind', { standard: true })
  const [wrote, silent, never] = [await newStudent(info, 'wrote'), await newStudent(info, 'silent'), await newStudent(info, 'never')]
  const journalId = await newJournalWith(teacher, `Reminders ${info.project.name} ${Date.now().toString(36)}`, [wrote.account, silent.account, never.account])
  await postAt(journalId, wrote.account, { hoursAgo: 0.05, title: 'Today', event: 'We had art.', emotions: ['3'], behaviour: 9 })
  await postAt(journalId, silent.account, { hoursAgo: 24 * 9, title: 'Long ago', event: 'A trip.', emotions: ['3'], behaviour: 9 })
  // Reminders go out in school time: this school's is every hour of every day, whenever the test runs.
  await schoolCalendarOf(journalId)

  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/news`)
  await page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Not written' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Who has not written' })).toBeVisible()
  await expect(page.locator('.summary')).toHaveText('2 of 3 students have not written today.')
  const rows = page.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  // Who never wrote comes first.
  await expect(rows.nth(0)).toContainText('Pupil never')
  await expect(rows.nth(0)).toContainText('Never')
  await expect(rows.nth(1)).toContainText('Pupil silent')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024)
  await checkAccessible(page)

  // Nobody ticked: the message, and nothing written.
  await page.getByRole('checkbox', { name: 'Remind Pupil never' }).uncheck()
  await page.getByRole('checkbox', { name: 'Remind Pupil silent' }).uncheck()
  await page.getByRole('button', { name: 'Remind them' }).click()
  await expect(page.getByText('Tick at least one student to remind.')).toBeVisible()
  expect(await reminders(journalId)).toBe(0)

  // The boxes come back as the teacher left them. Only the silent one, with a double click: one
  // reminder, recorded for the teacher.
  await expect(page.getByRole('checkbox', { name: 'Remind Pupil never' })).not.toBeChecked()
  await page.getByRole('checkbox', { name: 'Remind Pupil silent' }).check()
  await page.getByRole('checkbox', { name: 'Remind Pupil never' }).uncheck()
  await page.getByRole('button', { name: 'Remind them' }).dblclick()
  // Without JavaScript the browser sends both clicks and shows the second answer.
  await expect(page.getByText(/^1 student (reminded|was already reminded today)\.$/)).toBeVisible()
  await expect(rows.nth(1)).toContainText(/Reminded at \d\d:\d\d by Test remind/)
  await expect(page.getByRole('checkbox', { name: 'Remind Pupil silent' })).toHaveCount(0)
  expect(await reminders(journalId)).toBe(1)

  // A stale page (the silent one ticked again, as an old tab would send): nobody is reminded twice.
  const again = await page.request.post(`/diary/homework/${journalId}/notWritten`, { form: { intent: 'remind', period: 'today', studentId: String(silent.id) }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(again.status()).toBe(302)
  expect(await reminders(journalId)).toBe(1)

  // This week: the same two (neither wrote since Monday).
  await page.getByRole('link', { name: 'This week' }).click()
  await expect(page.locator('.summary')).toContainText('2 of 3 students have not written since')

  // The student's home page shows the reminder and opens the form; the other student sees none.
  const student = await browser.newContext({ javaScriptEnabled: info.project.name === 'js' })
  const studentPage = await student.newPage()
  await studentSignIn(studentPage, silent.account)
  await expect(studentPage.getByRole('heading', { name: 'A reminder from Test remind' })).toBeVisible()
  await studentPage.getByRole('link', { name: 'Write now' }).click()
  await expect(studentPage).toHaveURL(`/s/journal/${journalId}/new`)
  await student.close()
  const other = await browser.newContext({ javaScriptEnabled: info.project.name === 'js' })
  const otherPage = await other.newPage()
  await studentSignIn(otherPage, never.account)
  await expect(otherPage.getByRole('heading', { name: /A reminder from/ })).toHaveCount(0)
  await other.close()
})

test('another teacher and a student are refused the page and the reminder, and nothing is written', async ({ page, browser }, info) => {
  const teacher = await newTeacher(info, 'remindown', { standard: true })
  const student = await newStudent(info, 'remindee')
  const journalId = await newJournalWith(teacher, `Refused ${Date.now().toString(36)}`, [student.account])
  const stranger = await newTeacher(info, 'stranger', { standard: true })
  await signInToConsole(page, stranger)
  const origin = new URL(page.url()).origin
  expect((await page.request.get(`/diary/homework/${journalId}/notWritten`, { maxRedirects: 0 })).status()).toBe(403)
  expect((await page.request.post(`/diary/homework/${journalId}/notWritten`, { form: { intent: 'remind', period: 'today', studentId: String(student.id) }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  const asStudent = await browser.newContext()
  const studentPage = await asStudent.newPage()
  await studentSignIn(studentPage, student.account)
  const refused = await studentPage.request.post(`/diary/homework/${journalId}/notWritten`, { form: { intent: 'remind', period: 'today', studentId: String(student.id) }, headers: { Origin: origin }, maxRedirects: 0 })
  expect([302, 403]).toContain(refused.status())
  if (refused.status() === 302) expect(refused.headers().location).not.toContain('notWritten')
  await asStudent.close()
  expect(await reminders(journalId)).toBe(0)
})

test("a contest's journal has a third tab: who has not answered the quest of the day", async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  // The demo's running contest (journal 6): every student answered every quest so far.
  await page.goto('/diary/homework/6/notWritten')
  await page.getByRole('link', { name: 'Quest of the day' }).click()
  await expect(page).toHaveURL(/period=quest$/)
  await expect(page.getByText('Everyone has answered the quest of the day.')).toBeVisible()
  // A journal that is not a contest's has no such tab.
  await page.goto('/diary/homework/1/notWritten')
  await expect(page.getByRole('link', { name: 'Quest of the day' })).toHaveCount(0)
})

test('reminders go out in school time only, and after reminding some the others keep the teacher\'s ticks', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'ticks', { standard: true })
  const pupils = [await newStudent(info, 'tick-a'), await newStudent(info, 'tick-b'), await newStudent(info, 'tick-c'), await newStudent(info, 'tick-d')]
  const journalId = await newJournalWith(teacher, `Ticks ${info.project.name} ${Date.now().toString(36)}`, pupils.map((p) => p.account))
  // Today is a day off in the school's calendar: tomorrow from 00:00 is school time.
  const school = await schoolCalendarOf(journalId, { closed: [schoolDate(0)] })
  const from = `${schoolDate(1)} 00:00`
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/notWritten`)
  await expect(page.getByText(`Today is not a school day in the school’s calendar: reminders can be sent from ${from}.`)).toBeVisible()
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((x) => page.getByRole('checkbox', { name: `Remind Pupil tick-${x}` }))
  for (const box of [a, b, c, d]) await expect(box).toBeChecked()
  await c.uncheck()
  await d.uncheck()
  await page.getByRole('button', { name: 'Remind them' }).click()
  await expect(page.getByText(`No reminder was sent: today is not a school day in the school’s calendar. You can remind from ${from}.`)).toBeVisible()
  expect(await reminders(journalId)).toBe(0)
  await expect(a).toBeChecked()
  await expect(b).toBeChecked()
  await expect(c).not.toBeChecked()
  await expect(d).not.toBeChecked()

  // School time: the two ticked are reminded; the other two stay unticked.
  await school.open()
  await page.getByRole('button', { name: 'Remind them' }).click()
  await expect(page.getByText('2 students reminded.')).toBeVisible()
  expect(await reminders(journalId)).toBe(2)
  await expect(a).toHaveCount(0)
  await expect(b).toHaveCount(0)
  await expect(c).not.toBeChecked()
  await expect(d).not.toBeChecked()
  await checkAccessible(page)
})

test('out of school time the refusal is in the page\'s language, zh-TW and ja', async ({ page }, info) => {
  const teacher = await newTeacher(info, 'closedlang', { standard: true })
  const pupil = await newStudent(info, 'closedlang-p')
  const journalId = await newJournalWith(teacher, `Closed ${Date.now().toString(36)}`, [pupil.account])
  await schoolCalendarOf(journalId, { closed: [schoolDate(0)] })
  const from = `${schoolDate(1)} 00:00`
  for (const [locale, remind, refused] of [
    ['zh-TW', '提醒他們', `沒有送出提醒：依學校行事曆，今天不是上課日。${from} 起才能提醒。`],
    ['ja', 'お知らせする', `お知らせは送っていません。学校のカレンダーでは今日は授業日ではありません。${from} からお知らせできます。`],
  ] as const) {
    await signInToConsole(page, teacher, locale)
    await page.goto(`/diary/homework/${journalId}/notWritten`)
    await page.getByRole('button', { name: remind }).click()
    await expect(page.getByText(refused)).toBeVisible()
  }
  expect(await reminders(journalId)).toBe(0)
})
