import { expect, test, NO_JS, expectAccessible } from './support/test'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newAlert, newSchoolTeam } from './support/school'

const stepsOf = async (alertId: number) => (await db().selectFrom('risk_alert_steps').select('action').where('alert_id', '=', alertId).orderBy('id').execute()).map((s) => s.action)

test('a teacher escalates an alert to the counsellor with a note; the counsellor is told, takes it, adds a step, resolves it, and prints the record', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'esc')
  const { alertId } = await newAlert(school.journalId, school.student, 'A long night')

  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/alerts/${alertId}`)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Escalate to the counsellor' }) })
  // The team's one counsellor is chosen already; without a note nothing is written.
  await expect(form.getByLabel('Escalate to')).toHaveValue(String((await db().selectFrom('users').select('id').where('account', '=', school.counsellor).executeTakeFirstOrThrow()).id))
  await form.getByRole('button', { name: 'Escalate to the counsellor' }).click()
  await expect(form.getByText('This field must not be empty.')).toBeVisible()
  // Opening the alert's page is on the trail (decision 0044); the refused escalation is not.
  expect(await stepsOf(alertId)).toEqual(['raised', 'seen'])
  await form.getByLabel('Note for the counsellor').fill('She told me she is afraid to go home. Please see her today.')
  await form.getByRole('button', { name: 'Escalate to the counsellor' }).click()
  await expect(page.getByRole('status')).toHaveText('Escalated. The counsellor is told at once.')
  await expect(page.locator('.escalation-summary')).toContainText('Test esc-counsellor')
  await expect(page.locator('.trail')).toContainText('escalated it to Test esc-counsellor:')
  await expect(page.locator('.trail blockquote')).toHaveText('She told me she is afraid to go home. Please see her today.')
  expect(await stepsOf(alertId)).toEqual(['raised', 'seen', 'escalated'])

  await page.context().clearCookies()
  await signInToConsole(page, school.counsellor)
  await expect(page.locator('.console-top .bell')).toHaveAttribute('aria-label', 'Notifications, 1 unread')
  await page.getByRole('link', { name: 'Counselling' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Counselling' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Pupil esc-pupil' })
  await expect(row).toContainText('by Test esc-owner')
  await row.getByRole('link', { name: /Open the alert of/ }).click()
  await expect(page).toHaveURL(new RegExp(`/counsellor/alerts/${alertId}$`))
  // The cited post as written, and the student's mood; the post's title leads to its copy on this page.
  await expect(page.locator(`#post-${(await db().selectFrom('posts').select('id').where('title', '=', 'A long night').where('journal_id', '=', school.journalId).executeTakeFirstOrThrow()).id}`)).toContainText('My friend did not sit with me at lunch.')
  await expect(page.locator('.alert-reasons h3 a')).toHaveAttribute('href', /^#post-\d+$/)
  await expect(page.locator('.mood-history')).toContainText('Of their last post (')

  await page.getByRole('button', { name: 'Take it' }).click()
  await expect(page.getByRole('status')).toHaveText('Taken. The teachers see that you follow it.')
  await expect(page.getByRole('button', { name: 'Take it' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Add the step' }).click()
  await expect(page.getByText('This field must not be empty.')).toBeVisible()
  expect(await stepsOf(alertId)).toEqual(['raised', 'seen', 'escalated', 'taken'])
  await page.getByLabel('A step taken').fill('Talked with her at lunch; called her aunt.')
  await page.getByRole('button', { name: 'Add the step' }).click()
  await expect(page.getByRole('status')).toHaveText('The step is in the trail.')
  await page.getByLabel('What was done').fill('Referred to the social worker; weekly check-ins.')
  await page.getByLabel('Right: it was worth seeing').check()
  await page.getByRole('button', { name: 'Resolve' }).click()
  await expect(page.getByRole('status')).toHaveText('Resolved. The note is in the trail.')
  expect(await stepsOf(alertId)).toEqual(['raised', 'seen', 'escalated', 'taken', 'step', 'resolved'])

  const pdf = await page.request.get(`/counsellor/alerts/${alertId}/record.pdf`)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  expect(await stepsOf(alertId)).toContain('recorded')

  // The teacher sees who took it and every step.
  await page.context().clearCookies()
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/alerts/${alertId}`)
  await expect(page.locator('.escalation-summary')).toContainText('Taken by Test esc-counsellor')
  await expect(page.locator('.trail')).toContainText('Talked with her at lunch; called her aunt.')
})

test('the counsellor\'s rights: what was escalated to them and nothing else of the journal; an alert not escalated to them is refused with a clear page', async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'rights')
  const mine = await newAlert(school.journalId, school.student, 'Escalated post')
  const other = await newAlert(school.journalId, school.classmate, 'Another post')
  const ownerId = (await db().selectFrom('users').select('id').where('account', '=', school.owner).executeTakeFirstOrThrow()).id
  const counsellorId = (await db().selectFrom('users').select('id').where('account', '=', school.counsellor).executeTakeFirstOrThrow()).id
  await db().insertInto('alert_escalations').values({ alert_id: mine.alertId, user_id: counsellorId, escalated_by: ownerId, note: 'Please', at: new Date().toISOString() }).execute()

  await signInToConsole(page, school.counsellor)
  const origin = new URL(page.url()).origin
  const j = `/diary/homework/${school.journalId}`
  const allowed = ['/counsellor', `/counsellor/alerts/${mine.alertId}`, `/counsellor/alerts/${mine.alertId}/record.pdf`, '/team/my', '/notification']
  const refused = [
    `${j}/news`, `${j}/student`, `${j}/student/${school.student.id}`, `${j}/student/${school.student.id}/report`, `${j}/export`, `${j}/report`, `${j}/alerts`, `${j}/alerts/${mine.alertId}`,
    `${j}/alerts/${mine.alertId}/record.pdf`, `/diary/diaryPost/${mine.postId}`, `/diary/diaryPost/${other.postId}`, `/counsellor/alerts/${other.alertId}`, `/counsellor/alerts/${other.alertId}/record.pdf`,
  ]
  for (const url of allowed) expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(200)
  for (const url of refused) expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(403)
  // Acting on an alert not escalated to them: refused, nothing written.
  for (const form of [{ intent: 'take' }, { intent: 'step', note: 'x' }, { intent: 'resolve', note: 'x', verdict: 'right' }] as Record<string, string>[]) {
    expect((await page.request.post(`/counsellor/alerts/${other.alertId}`, { form, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  }
  expect(await stepsOf(other.alertId)).toEqual(['raised'])
  await page.goto(`/counsellor/alerts/${other.alertId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Not escalated to you' })).toBeVisible()
  await expect(page.getByText('This alert was not escalated to you, so you cannot open it.')).toBeVisible()
  await expect(page.getByText('Another post')).toHaveCount(0)
  await expectAccessible(page)

  // A teacher who is not a counsellor has no counsellor's page.
  await page.context().clearCookies()
  await signInToConsole(page, school.owner)
  expect((await page.request.get('/counsellor', { maxRedirects: 0 })).status()).toBe(403)
  expect((await page.request.get(`/counsellor/alerts/${mine.alertId}`, { maxRedirects: 0 })).status()).toBe(403)
  await expect(page.getByRole('link', { name: 'Counselling' })).toHaveCount(0)
})

test('the demo counsellor: one alert escalated by a teacher, one by itself; readable at 1024 px without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInToConsole(page, 'counsellor@demo.test')
  await page.goto('/counsellor')
  await expect(page.getByRole('row').filter({ hasText: 'Student 47' })).toContainText('by 陳怡君 Chen Yi-jun')
  await expect(page.getByRole('row').filter({ hasText: 'Student 48' })).toContainText('by itself')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
  await page.getByRole('link', { name: 'Open the alert of Student 48' }).click()
  await expect(page.locator('.trail')).toContainText('escalated it by itself to 黃淑芬 Huang Shu-fen: nobody had opened it within 4 school hours.')
  await expect(page.locator('.cited-post')).toContainText('我不敢回家')
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
})

test('the team admin sets the school calendar; bad input shows its message and saves nothing; the counsellor reads it only', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'cal')
  const calendarOf = () => db().selectFrom('teams').select(['school_days', 'school_start_hour', 'school_end_hour', 'closed_dates', 'time_zone']).where('id', '=', school.teamId).executeTakeFirstOrThrow()
  await signInToConsole(page, school.admin)
  await page.goto('/team/my?tab=profile')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Save the calendar' }) })
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await form.getByLabel(day).uncheck()
  await form.getByLabel('The school day ends').selectOption('08:00')
  await form.getByLabel('Closed dates (holidays)').fill('2026-12-25\n2026-13-01')
  await form.getByRole('button', { name: 'Save the calendar' }).click()
  await expect(form.getByText('Choose at least one school day.')).toBeVisible()
  await expect(form.getByText('The school day must end after it starts.')).toBeVisible()
  await expect(form.getByText('Write each date as YYYY-MM-DD, a real date.')).toBeVisible()
  expect(await calendarOf()).toEqual({ school_days: '1,2,3,4,5', school_start_hour: 8, school_end_hour: 17, closed_dates: '', time_zone: 'Asia/Taipei' })
  // A zone that is not one (only a hand-made request can send it): refused, nothing saved.
  const bad = await page.request.post('/team/my', { form: { intent: 'calendar', days: '1', startHour: '8', endHour: '9', timeZone: 'Mars/Olympus' }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(bad.status()).toBe(400)
  expect((await calendarOf()).time_zone).toBe('Asia/Taipei')
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) await form.getByLabel(day).check()
  await form.getByLabel('Time zone').selectOption('Asia/Tokyo')
  await form.getByLabel('The school day starts').selectOption('07:00')
  await form.getByLabel('The school day ends').selectOption('16:00')
  await form.getByLabel('Closed dates (holidays)').fill('2026-12-25\n2026-01-01 2026-12-25')
  await form.getByRole('button', { name: 'Save the calendar' }).click()
  await expect(page.getByRole('status')).toHaveText('The school calendar is saved.')
  expect(await calendarOf()).toEqual({ school_days: '1,2,3,4,5,6', school_start_hour: 7, school_end_hour: 16, closed_dates: '2026-01-01,2026-12-25', time_zone: 'Asia/Tokyo' })
  // The admin's own pages follow the school's new clock at once (the zone note names it).
  await expect(page.locator('select#' + (await form.getByLabel('Time zone').getAttribute('id')))).toHaveValue('Asia/Tokyo')

  await page.context().clearCookies()
  await signInToConsole(page, school.counsellor)
  await page.goto('/team/my?tab=profile')
  await expect(page.getByRole('button', { name: 'Save the calendar' })).toHaveCount(0)
  await expect(page.locator('.settings-list').last()).toContainText('07:00–16:00')
  await expect(page.locator('.settings-list').last()).toContainText('Asia/Tokyo')
  const origin = new URL(page.url()).origin
  expect((await page.request.post('/team/my', { form: { intent: 'calendar', days: '1', startHour: '8', endHour: '9' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  expect((await calendarOf()).school_end_hour).toBe(16)
})

test('a journal sets how many school hours an unopened high alert waits: 1 to 40', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'hours')
  const hours = async () => (await db().selectFrom('journals').select('escalate_after_hours').where('id', '=', school.journalId).executeTakeFirstOrThrow()).escalate_after_hours
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/edit`)
  const field = page.getByLabel('Escalate an unopened high alert after (school hours)')
  await expect(field).toHaveValue('4')
  await field.fill('99')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Enter a whole number of hours from 1 to 40.')).toBeVisible()
  expect(await hours()).toBe(4)
  await page.getByLabel('Escalate an unopened high alert after (school hours)').fill('6')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${school.journalId}/(news|info)`))
  expect(await hours()).toBe(6)
})

test('by keyboard alone, the counsellor opens an alert from the list and takes it', async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'keys')
  const { alertId } = await newAlert(school.journalId, school.student, 'A hard week')
  const counsellorId = (await db().selectFrom('users').select('id').where('account', '=', school.counsellor).executeTakeFirstOrThrow()).id
  await db().insertInto('alert_escalations').values({ alert_id: alertId, user_id: counsellorId, escalated_by: null, note: '', at: new Date().toISOString() }).execute()
  await signInToConsole(page, school.counsellor)
  await page.goto('/counsellor')
  const tabTo = async (name: string) => {
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab')
      if ((await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')) === name) return
    }
    throw new Error(`${name} is not reached by Tab`)
  }
  await tabTo('Pupil keys-pupil')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/counsellor/alerts/${alertId}$`))
  await tabTo('Take it')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toHaveText('Taken. The teachers see that you follow it.')
  expect(await stepsOf(alertId)).toEqual(['raised', 'taken'])
})
