// Decision 0059: an alert told in a line leads with its most serious concern everywhere; a teacher's
// worry says who raised it; a note is added to an escalation instead of being refused and lost; the
// zh-TW list keeps dates and short phrases whole at 1024 × 768.
import { expect, test, NO_JS, type Page } from './support/test'
import { db } from './support/db'
import { signInToConsole, studentWritesPost } from './support/helpers'
import { escalatedByItself, newAlert, newSchoolTeam } from './support/school'

const idOf = async (account: string) => (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id
const stepsOf = async (alertId: number) => (await db().selectFrom('risk_alert_steps').select('action').where('alert_id', '=', alertId).orderBy('id').execute()).map((s) => s.action)

/** The bell's newest notifications: its drop-down with JavaScript, the notification list without. */
async function bellItems(page: Page, js: boolean) {
  if (!js) {
    await page.locator('.console-top .bell').click()
    await expect(page).toHaveURL(/\/notification$/)
    return page.locator('main')
  }
  await page.waitForFunction(() => document.querySelector('details.bell-menu') !== null)
  await page.locator('.console-top .bell').click()
  return page.locator('.bell-drop')
}

test('the most serious concern leads the alert everywhere: the bell, the journal\'s list, the alert, the counsellor\'s bell and inbox', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const school = await newSchoolTeam(info, 'lead')
  // The assessment finds the bullying first (its sentence comes first), then the wish to die.
  await studentWritesPost(page, school.student.account, school.journalId, { title: 'After school', event: 'The big boys at school hit me and took my money again. Sometimes I want to die.' })
  const alert = await db().selectFrom('risk_alerts').select(['id', 'reasons']).where('student_id', '=', school.student.id).executeTakeFirstOrThrow()
  expect(JSON.parse(alert.reasons).posts[0].findings.map((f: { category: string }) => f.category)).toEqual(['bullying', 'suicide'])

  await signInToConsole(page, school.owner)
  await expect(await bellItems(page, js)).toContainText('Possible suicidal thoughts: Pupil lead-pupil may need help')
  await page.goto(`/diary/homework/${school.journalId}/alerts`)
  const row = page.getByRole('row').filter({ hasText: 'Pupil lead-pupil' })
  await expect(row.locator('.concern')).toHaveText('Possible suicidal thoughts')
  await expect(row.locator('.also-found')).toHaveText('Also: Possible bullying or a threat against the student')
  await expect(row.locator('.evidence-line')).toHaveText('Sometimes I want to die.')
  await row.getByRole('link', { name: /Open the alert of/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pupil lead-pupil: Possible suicidal thoughts')
  await expect(page).toHaveTitle(/^Pupil lead-pupil: Possible suicidal thoughts \|/)
  // Its reasons, the most serious first.
  await expect(page.locator('.word-hits .badge').first()).toHaveText('Possible suicidal thoughts')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Escalate to the counsellor' }) })
  await form.getByLabel('Note for the counsellor').fill('Please see him today.')
  await form.getByRole('button', { name: 'Escalate to the counsellor' }).click()
  await expect(page.getByRole('status')).toHaveText('Escalated. The counsellor is told at once.')

  await page.context().clearCookies()
  await signInToConsole(page, school.counsellor)
  await expect(await bellItems(page, js)).toContainText("Possible suicidal thoughts: Pupil lead-pupil's risk alert")
  await page.goto('/counsellor')
  const inbox = page.getByRole('row').filter({ hasText: 'Pupil lead-pupil' })
  await expect(inbox.locator('.concern')).toHaveText('Possible suicidal thoughts')
  await expect(inbox.locator('.evidence-line')).toHaveText('Sometimes I want to die.')
  await inbox.getByRole('link', { name: /Open the alert of/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pupil lead-pupil: Possible suicidal thoughts')
})

test('an alert a teacher raised says who raised it, in English, Chinese and Japanese; their note is not quoted as the student\'s words', async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'worry')
  const teacher = await idOf(school.owner)
  const { alertId } = await newAlert(school.journalId, school.student, 'Lunch', { flagged: { userId: teacher, by: 'Test worry-owner', note: 'He has stopped talking in class.' } })
  const said = {
    en: ['Test worry-owner raised this alert, a teacher of the journal, not the content assessment', 'Test worry-owner’s note: He has stopped talking in class.', "A teacher's concern"],
    'zh-TW': ['這則警示由本日記的老師 Test worry-owner 提出，而非內容評估', 'Test worry-owner 老師的說明：He has stopped talking in class.', '老師提出的擔心'],
    ja: ['このアラートは内容の評価ではなく、この日記の Test worry-owner 先生が出したものです', 'Test worry-owner 先生のメモ：He has stopped talking in class.', '先生が気にかけた投稿'],
  } as const
  for (const [locale, [explain, note, concern]] of Object.entries(said) as [keyof typeof said, readonly string[]][]) {
    await page.context().clearCookies()
    await signInToConsole(page, school.owner, locale)
    await page.goto(`/diary/homework/${school.journalId}/alerts/${alertId}`)
    await expect(page.locator('.alert-reasons > p').first()).toContainText(explain)
    await expect(page.locator('.alert-reasons .teacher-note')).toHaveText(note)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(concern)
    // Nothing found by the assessment is claimed, and the teacher's words are not in quotation marks.
    await expect(page.locator('.alert-reasons')).not.toContainText(['The content assessment found', '內容評估在學生的日記中發現', '内容の評価で、生徒の日記に'][['en', 'zh-TW', 'ja'].indexOf(locale)])
    await expect(page.locator('.alert-reasons q')).toHaveCount(0)
    await page.goto(`/diary/homework/${school.journalId}/alerts`)
    const row = page.getByRole('row').filter({ hasText: 'Pupil worry-pupil' })
    await expect(row.locator('.concern')).toHaveText(concern)
    await expect(row.locator('.teacher-note')).toHaveText(note)
    await expect(row.locator('q')).toHaveCount(0)
  }
  // zh-TW no longer says "him".
  await expect(page.locator('body')).not.toContainText('這讓他擔心')
})

test('an alert that escalated by itself offers a note to the escalation instead of an escalation the server refuses; the note reaches the counsellor', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'note')
  const counsellor = await idOf(school.counsellor)
  const { alertId } = await newAlert(school.journalId, school.student, 'A long night')
  await escalatedByItself(alertId, counsellor)

  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/alerts/${alertId}`)
  await expect(page.getByRole('button', { name: 'Escalate to the counsellor' })).toHaveCount(0)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Add the note' }) })
  await expect(form.getByRole('heading', { name: 'Add a note to the escalation' })).toBeVisible()
  await expect(form).toContainText('This alert went to Test note-counsellor already.')
  await form.getByRole('button', { name: 'Add the note' }).click()
  await expect(form.getByText('This field must not be empty.')).toBeVisible()
  expect(await stepsOf(alertId)).toEqual(['raised', 'escalated', 'seen'])
  const note = 'He told me his uncle is staying with them again. Please see him before Friday.'
  await form.getByLabel('Note for the counsellor').fill(note)
  await form.getByRole('button', { name: 'Add the note' }).click()
  await expect(page.getByRole('status')).toHaveText('The note is added to the escalation: they are told at once.')
  await expect(page.locator('.trail')).toContainText('added a note to the escalation to Test note-counsellor:')
  await expect(page.locator('.trail blockquote')).toHaveText(note)
  expect(await stepsOf(alertId)).toEqual(['raised', 'escalated', 'seen', 'noted'])
  const told = await db().selectFrom('notifications').select(['msg_key', 'params']).where('user_id', '=', counsellor).where('msg_key', '=', 'notification.alertNotedOf').execute()
  expect(told.map((n) => JSON.parse(n.params).teacher)).toEqual(['Test note-owner'])

  // Resolved by someone else while the next note is typed: nothing is sent, and the note stays on the page.
  const late = 'One more thing: his sister says he has not slept.'
  await page.locator('form').filter({ has: page.getByRole('button', { name: 'Add the note' }) }).getByLabel('Note for the counsellor').fill(late)
  await db().updateTable('risk_alerts').set({ status: 'resolved', resolved_at: new Date().toISOString() }).where('id', '=', alertId).execute()
  await page.getByRole('button', { name: 'Add the note' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This alert was resolved meanwhile, so your note was not sent.' }).first()).toBeVisible()
  expect(await page.locator('textarea').evaluateAll((areas, text) => areas.some((a) => (a as HTMLTextAreaElement).value === text), late)).toBe(true)
  expect(await stepsOf(alertId)).toEqual(['raised', 'escalated', 'seen', 'noted'])
})

test('escalating from a page that was open before the alert escalated by itself adds the note to the escalation', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'stale')
  const counsellor = await idOf(school.counsellor)
  const { alertId } = await newAlert(school.journalId, school.student, 'A hard week')
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/alerts/${alertId}`)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Escalate to the counsellor' }) })
  const note = 'She said she is afraid to go home.'
  await form.getByLabel('Note for the counsellor').fill(note)
  await escalatedByItself(alertId, counsellor)
  await form.getByRole('button', { name: 'Escalate to the counsellor' }).click()
  await expect(page.getByRole('status')).toHaveText('That person had this alert already: your note is added to the escalation, and they are told at once.')
  await expect(page.locator('.trail blockquote')).toHaveText(note)
  expect(await stepsOf(alertId)).toEqual(['raised', 'seen', 'escalated', 'noted'])
})

test('the zh-TW alert list at 1024 × 768 breaks no date, badge, count or concern in the middle', async ({ page }, info) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  const school = await newSchoolTeam(info, 'wrap')
  const teacher = await idOf(school.owner)
  const long = (s: string) => `${s}，我每天下課都一個人坐在教室的角落，沒有人願意跟我說話，回家以後也沒有人問我今天過得好不好。`
  const snoozed = await newAlert(school.journalId, school.student, '好累', { status: 'snoozed', snoozeUntil: '2026-12-04', findings: [{ category: 'bullying', sentence: long('他們又在放學後打我'), words: '打我', language: 'zh' }] })
  const open = await newAlert(school.journalId, school.classmate, '不想活', { findings: [{ category: 'hopelessness', sentence: long('我覺得一切都不會變好'), words: '不會變好', language: 'zh' }, { category: 'suicide', sentence: long('我不想活了'), words: '不想活', language: 'zh' }] })
  for (const { alertId } of [snoozed, open]) await db().insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: teacher, action: 'seen', note: '', at: new Date().toISOString() }).execute()
  await signInToConsole(page, school.owner, 'zh-TW')
  await page.goto(`/diary/homework/${school.journalId}/alerts`)
  await expect(page.getByRole('row').filter({ hasText: '暫緩至 2026-12-04' })).toHaveCount(1)
  await expect(page.getByRole('row').filter({ hasText: '不想活' }).locator('.concern')).toHaveText('可能有自殺念頭')
  // How many lines each short phrase takes: its text's boxes, on how many heights.
  const lines = await page.locator('.alerts-table tbody').evaluate((body) => {
    const count = (el: Element) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      const tops = [...range.getClientRects()].map((r) => r.top).sort((a, b) => a - b)
      return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 6).length
    }
    return [...body.querySelectorAll('tr')].flatMap((tr) => [
      ...[...tr.querySelectorAll('.badge, .concern')].map((el) => [el.textContent, count(el)]),
      ...[3, 4].map((i) => [tr.children[i].textContent, count(tr.children[i])]),
    ])
  })
  expect(lines.length).toBeGreaterThanOrEqual(10)
  expect(lines.filter(([, n]) => n !== 1)).toEqual([])
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
})
