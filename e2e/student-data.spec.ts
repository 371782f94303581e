import { unzipSync } from 'fflate'
import { expect, test, NO_JS } from './support/test'
import { db } from './support/db'
import { newTeacher } from './support/accounts'
import { signInToConsole } from './support/helpers'
import { newPost } from './support/posts'
import { newSchoolTeam } from './support/school'

test('the owner exports a student\'s data: a job with its progress, one zip, a link that expires and is refused after', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'export')
  for (const title of ['First day', 'Second day', 'Third day']) await newPost(school.journalId, school.student.account, title)
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}`)
  await expect(page.getByRole('link', { name: 'Erase data' })).toHaveAttribute('href', `/diary/homework/${school.journalId}/student/${school.student.id}/erase`)
  await page.getByRole('link', { name: 'Export data' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Data of Pupil export-pupil in ${await journalName(school.journalId)}`)
  await page.getByRole('button', { name: 'Make the export' }).click()
  await expect(page.getByRole('status').first()).toBeVisible()
  const download = page.getByRole('link', { name: 'Download the zip' })
  await expect(download).toBeVisible({ timeout: 30_000 })
  const href = (await download.getAttribute('href'))!
  const zip = await page.request.get(href)
  expect(zip.status()).toBe(200)
  expect(zip.headers()['content-type']).toBe('application/zip')
  const files = unzipSync(new Uint8Array(await zip.body()))
  expect(Object.keys(files).sort()).toEqual(['README.txt', 'ebooks.json', 'posts.json', 'posts.pdf', 'profile.json', 'quiz-answers.json'])
  expect(JSON.parse(new TextDecoder().decode(files['posts.json'])).map((p: { title: string }) => p.title).sort()).toEqual(['First day', 'Second day', 'Third day'])

  // Seven days later the link is refused with a page that says so, and nothing is sent.
  const exportId = Number(href.split('/').at(-2))
  await db().updateTable('student_exports').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', exportId).execute()
  const late = await page.request.get(href, { maxRedirects: 0 })
  expect(late.status()).toBe(302)
  await page.goto(href)
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible()
  expect((await page.request.get(href.replace(/\/file\.zip$/, ''))).status()).toBe(410)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/export`)
  await expect(page.getByRole('row').filter({ hasText: 'Expired' })).toHaveCount(1)
})

test('a student\'s data pages refuse a co-teacher, another school\'s admin and another journal\'s link', async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'refuse')
  const other = await newSchoolTeam(info, 'refuse-other')
  const stranger = await newTeacher(info, 'refuse-stranger')
  const base = `/diary/homework/${school.journalId}/student/${school.student.id}`
  const now = new Date().toISOString()
  const { id: exportId } = await db()
    .insertInto('student_exports')
    .values({ journal_id: school.journalId, student_id: school.student.id, requested_by: null, lang: 'en', status: 'done', done: 1, total: 1, size: 10, token: `t${Date.now()}${info.project.name}`, created_at: now, heartbeat_at: now, finished_at: now, expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const account of [other.admin, stranger, school.counsellor]) {
    await page.context().clearCookies()
    await signInToConsole(page, account)
    for (const url of [`${base}/export`, `${base}/erase`, `${base}/export/${exportId}`, `${base}/export/${exportId}/file.zip`, `${base}/looks.csv`]) expect((await page.request.get(url, { maxRedirects: 0 })).status(), `${account} ${url}`).toBe(403)
    const origin = new URL(page.url()).origin
    expect((await page.request.post(`${base}/erase`, { form: { intent: 'erase', account: school.student.account, understood: 'on' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  }
  expect(await db().selectFrom('student_erasures').select('id').where('student_id', '=', school.student.id).execute()).toEqual([])
  // The export of this student, asked through another student's (or another journal's) address: refused with its page.
  await page.context().clearCookies()
  await signInToConsole(page, school.owner)
  expect((await page.request.get(`/diary/homework/${school.journalId}/student/${school.classmate.id}/export/${exportId}`)).status()).toBe(404)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.classmate.id}/export/${exportId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'No such export' })).toBeVisible()
})

test('erasure: the account typed again; twice at once makes one; the owner waits for the admin, who undoes it; who looked is the admin\'s to see', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'erase')
  await newPost(school.journalId, school.student.account, 'A day to erase')
  const pending = () => db().selectFrom('student_erasures').select(['id', 'status']).where('student_id', '=', school.student.id).where('status', '=', 'pending').execute()
  const disabled = async () => (await db().selectFrom('users').select('disabled_at').where('id', '=', school.student.id).executeTakeFirstOrThrow()).disabled_at
  await signInToConsole(page, school.owner)
  // The owner looks at the student's posts: it is recorded.
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}`)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/erase`)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Erase the student' }) })
  await form.getByRole('button', { name: 'Erase the student' }).click()
  await expect(form.getByText('This field must not be empty.')).toBeVisible()
  await expect(form.getByText('Tick the box to confirm.')).toBeVisible()
  await form.getByLabel(/Type the student's account to confirm/).fill('someone-else')
  await form.getByLabel('I understand that after 30 days this cannot be undone.').check()
  await form.getByRole('button', { name: 'Erase the student' }).click()
  await expect(form.getByText('This is not the student\'s account.')).toBeVisible()
  expect(await pending()).toEqual([])
  expect(await disabled()).toBeNull()
  await form.getByLabel(/Type the student's account to confirm/).fill(school.student.account)
  await form.getByLabel('I understand that after 30 days this cannot be undone.').check()
  await form.getByRole('button', { name: 'Erase the student' }).click()
  await expect(page.getByRole('status')).toContainText('The erasure is scheduled for')
  await expect(page.getByRole('heading', { name: 'Erasure scheduled' })).toBeVisible()
  await expect(page.getByText('The team\'s admin can undo it until then.')).toBeVisible()
  expect(await pending()).toHaveLength(1)
  expect(await disabled()).not.toBeNull()
  // The same form again (a second tab): refused, nothing more written; the owner may not undo.
  const origin = new URL(page.url()).origin
  const again = await page.request.post(page.url(), { form: { intent: 'erase', account: school.student.account, understood: 'on' }, headers: { Origin: origin }, maxRedirects: 0 })
  expect(again.status()).toBe(302)
  expect(await pending()).toHaveLength(1)
  expect((await page.request.post(page.url(), { form: { intent: 'undo' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  expect(await pending()).toHaveLength(1)

  await page.context().clearCookies()
  await signInToConsole(page, school.admin)
  await page.goto('/team/my?tab=data')
  await page.getByRole('link', { name: 'Pupil erase-pupil' }).click()
  await page.getByRole('button', { name: 'Undo the erasure' }).click()
  await expect(page.getByRole('status')).toHaveText('The erasure of Pupil erase-pupil is undone: the account signs in again and is back in its journals.')
  expect(await pending()).toEqual([])
  expect(await disabled()).toBeNull()
  await page.getByRole('link', { name: 'Export' }).click()
  const looks = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Who looked' }) })
  await expect(looks.getByRole('row').filter({ hasText: 'Test erase-owner' })).toContainText('posts')
  const csv = await page.request.get(`/diary/homework/${school.journalId}/student/${school.student.id}/looks.csv`)
  expect(csv.status()).toBe(200)
  expect(await csv.text()).toContain('Test erase-owner')
})

const journalName = async (id: number) => (await db().selectFrom('journals').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name

test('retention: off by default; the admin sets it, a forged value is refused and nothing is saved; the counsellor may not', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'keep')
  const setting = () => db().selectFrom('teams').select(['retention_years', 'school_year_start_month']).where('id', '=', school.teamId).executeTakeFirstOrThrow()
  await signInToConsole(page, school.admin)
  await page.goto('/team/my?tab=data')
  const form = page.locator('form').filter({ has: page.getByLabel('Delete diaries older than') })
  await expect(form.getByLabel('Delete diaries older than')).toHaveValue('')
  const origin = new URL(page.url()).origin
  expect((await page.request.post('/team/my', { form: { intent: 'retention', years: '50', startMonth: '8' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(400)
  expect(await setting()).toEqual({ retention_years: null, school_year_start_month: 8 })
  await form.getByLabel('Delete diaries older than').selectOption('2')
  await form.getByLabel('The school year starts in').selectOption('4')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved. Nothing is deleted without 30 days\' notice.')
  expect(await setting()).toEqual({ retention_years: 2, school_year_start_month: 4 })
  await page.context().clearCookies()
  await signInToConsole(page, school.counsellor)
  expect((await page.request.post('/team/my', { form: { intent: 'retention', years: '', startMonth: '8' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  expect(await setting()).toEqual({ retention_years: 2, school_year_start_month: 4 })
})
