import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'
import sharp from 'sharp'
import { hashPassword } from '../app/features/auth/password.server'
import { expect, test, NO_JS } from './support/test'
import { db } from './support/db'
import { newStudent, newTeacher } from './support/accounts'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'
import { newAlert, newSchoolTeam } from './support/school'

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
  await page.getByRole('link', { name: 'Pupil erase-pupil' }).click()
  await expect(page.getByRole('heading', { name: 'Erasure scheduled' })).toBeVisible()
  await expect(page.getByText('The team\'s admins can undo it until then.')).toBeVisible()
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

/** Amy's doors for a door test: a post with a picture, a family pack and its link, an e-book and its link, an export and a class pack. */
async function studentDoors(school: Awaited<ReturnType<typeof newSchoolTeam>>) {
  const now = new Date().toISOString()
  const later = new Date(Date.now() + 7 * 86_400_000).toISOString()
  const postId = await newPost(school.journalId, school.student.account, 'A door day')
  await newPost(school.journalId, school.classmate.account, 'A classmate day')
  const pictureId = randomUUID()
  await db().insertInto('post_pictures').values({ id: pictureId, owner_id: school.student.id, content_type: 'image/png', data: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#88aacc' } }).png().toBuffer(), width: 4, height: 4, created_at: now }).execute()
  await db().updateTable('post_frames').set({ img_url: `/pictures/${pictureId}` }).where('post_id', '=', postId).where('frame_type', '=', 'event').execute()
  const packToken = randomBytes(16).toString('base64url')
  const { id: packId } = await db()
    .insertInto('family_packs')
    .values({ journal_id: school.journalId, student_id: school.student.id, made_by: null, note: '', post_ids: JSON.stringify([postId]), period_from: now.slice(0, 10), period_to: now.slice(0, 10), pdf: Buffer.from('%PDF-1.7 door'), created_at: now, share_token: packToken, share_password_hash: await hashPassword('family-pass-1'), share_expires_at: later, share_revoked_at: null, consent: 'notNeeded', consent_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  const { id: bookId } = await db().insertInto('ebooks').values({ journal_id: school.journalId, student_id: school.student.id, made_by: null, made_as: 'teacher', name: 'Door book', created_at: now, edited_at: now, generated_at: null }).returning('id').executeTakeFirstOrThrow()
  const bookToken = randomBytes(16).toString('base64url')
  await db().insertInto('ebook_shares').values({ ebook_id: bookId, token: bookToken, password_hash: null, created_at: now, expires_at: later, consent: 'notNeeded', consent_at: null }).execute()
  const zip = Buffer.from('PK door zip')
  const exportToken = randomBytes(18).toString('base64url')
  mkdirSync(path.join(process.env.E2E_WORKER_DIR!, 'data', 'exports'), { recursive: true })
  writeFileSync(path.join(process.env.E2E_WORKER_DIR!, 'data', 'exports', `${exportToken}.zip`), zip)
  const { id: exportId } = await db()
    .insertInto('student_exports')
    .values({ journal_id: school.journalId, student_id: school.student.id, requested_by: null, lang: 'en', status: 'done', done: 1, total: 1, size: zip.length, token: exportToken, created_at: now, heartbeat_at: now, finished_at: now, expires_at: later })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db()
    .insertInto('class_jobs')
    .values({ journal_id: school.journalId, kind: 'packs', made_by: null, settings: JSON.stringify({ from: now.slice(0, 10), to: now.slice(0, 10), lang: 'en' }), student_ids: JSON.stringify([school.student.id, school.classmate.id]), results: JSON.stringify([{ studentId: school.student.id }, { studentId: school.classmate.id }]), current_student_id: null, status: 'done', file: Buffer.from('%PDF-1.7 class'), started_at: now, heartbeat_at: now, finished_at: now })
    .execute()
  const base = `/diary/homework/${school.journalId}/student/${school.student.id}`
  return {
    postId,
    packToken,
    /** The teacher's doors: the student's page and report, the family pack and its PDF, the post, its picture, the export and its zip, the e-book, the class's pack. */
    signedIn: [base, `${base}/report`, `${base}/family`, `${base}/family/${packId}/pack.pdf`, `/diary/diaryPost/${postId}`, `/pictures/${pictureId}`, `${base}/export/${exportId}`, `${base}/export/${exportId}/file.zip`, `${base}/ebook`, `/ebook/${bookId}/posts`, `/diary/homework/${school.journalId}/parentPacks/class.pdf`],
    /** The family's and the book's links, opened signed out (the family link once its password is given). */
    signedOut: [`/family/${packToken}`, `/family/${packToken}/pack.pdf`, `/ebook/share/${bookToken}`],
  }
}

test('while an erasure waits every door to the student\'s data is shut, signed in and signed out; the admin\'s undo opens them all again and tells the owner', NO_JS, async ({ page, playwright, baseURL }, info) => {
  const school = await newSchoolTeam(info, 'door')
  const doors = await studentDoors(school)
  const { alertId } = await newAlert(school.journalId, school.student, 'A worried night')
  const alertPage = `/diary/homework/${school.journalId}/alerts/${alertId}`
  const visitor = await playwright.request.newContext({ baseURL })
  // The family gives the link's password once: the browser keeps it for the link.
  expect((await visitor.post(`/family/${doors.packToken}`, { form: { password: 'family-pass-1' }, headers: { Origin: baseURL! }, maxRedirects: 0 })).status()).toBe(302)
  // Open: the door's own answer. Shut: not found, at the door or where it sends the visitor (an unknown student's report goes to /404).
  const door = async (response: Awaited<ReturnType<typeof visitor.get>>) => {
    const landed = new URL(response.url()).pathname
    return response.status() === 200 && landed !== '/404' ? 'open' : response.status() === 404 || landed === '/404' ? 'shut' : `${response.status()} at ${landed}`
  }
  const statuses = async () => ({
    signedIn: await Promise.all(doors.signedIn.map(async (url) => [url, await door(await page.request.get(url))])),
    signedOut: await Promise.all(doors.signedOut.map(async (url) => [url, await door(await visitor.get(url))])),
  })
  const all = (state: 'open' | 'shut') => ({ signedIn: doors.signedIn.map((url) => [url, state]), signedOut: doors.signedOut.map((url) => [url, state]) })
  const news = `/diary/homework/${school.journalId}/news`

  await signInToConsole(page, school.owner)
  expect(await statuses()).toEqual(all('open'))
  await page.goto(news)
  await expect(page.getByRole('link', { name: 'A door day' })).toBeVisible()

  // The owner asks for the erasure and lands on the journal's students, where it waits (not on the closed student's page).
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/erase`)
  await expect(page.getByText('the team\'s admins can undo it until then')).toBeVisible()
  await page.getByLabel(/Type the student's account to confirm/).fill(school.student.account)
  await page.getByLabel('I understand that after 30 days this cannot be undone.').check()
  await page.getByRole('button', { name: 'Erase the student' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${school.journalId}/student$`))
  await expect(page.getByRole('status')).toContainText('Until then the team\'s admins can undo it.')
  const waiting = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Erasures waiting' }) })
  await expect(waiting.getByRole('link', { name: 'Pupil door-pupil' })).toHaveAttribute('href', `/diary/homework/${school.journalId}/student/${school.student.id}/erase`)

  // Every door is shut: the teacher's pages and files and the family's links alike are not there.
  expect(await statuses()).toEqual(all('shut'))
  await page.goto(news)
  await expect(page.getByRole('link', { name: 'A classmate day' })).toBeVisible()
  // Nor in the side panel the feed keeps for a minute.
  await expect(page.getByText('A door day')).toHaveCount(0)
  await page.goto(doors.signedOut[0])
  await expect(page.getByRole('heading', { level: 1, name: 'This link does not open' })).toBeVisible()
  // The alert stays for the school's duty of care, but no link on it leads to the shut student's pages or posts.
  await page.goto(alertPage)
  await expect(page.getByText("The student's pages are shut while their erasure waits")).toBeVisible()
  await expect(page.getByRole('heading', { level: 3, name: /A worried night/ })).toBeVisible()
  expect(await page.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href')).filter((h) => h && (/\/student\/\d+$/.test(h) || h.startsWith('/diary/diaryPost/'))))).toEqual([])

  await page.context().clearCookies()
  await signInToConsole(page, school.admin)
  await page.goto('/team/my?tab=data')
  await page.getByRole('link', { name: 'Pupil door-pupil' }).click()
  await expect(page.getByText('You can undo it until then.')).toBeVisible()
  await page.getByRole('button', { name: 'Undo the erasure' }).click()
  await expect(page.getByRole('status')).toHaveText('The erasure of Pupil door-pupil is undone: the account signs in again and is back in its journals.')

  // Every door opens again; the owner's notice of the erasure's date is replaced by the undo's.
  await page.context().clearCookies()
  await signInToConsole(page, school.owner)
  expect(await statuses()).toEqual(all('open'))
  await page.goto('/notification')
  await expect(page.getByRole('main')).toContainText('The erasure of Pupil door-pupil was undone by Test door-admin')
  await expect(page.getByRole('main')).not.toContainText('will be erased on')
  await visitor.dispose()
})

test('a personal journal\'s erasure: the page promises what its owner may do, the owner lands on the students with a toast, no link leads to the erased student, and the undo retires the notice', NO_JS, async ({ page }, info) => {
  const owner = await newTeacher(info, 'solo-owner', { standard: true })
  const student = await newStudent(info, 'solo-pupil')
  const journalId = await newJournalWith(owner, `Solo class ${info.project.name}`, [student.account])
  await newPost(journalId, student.account, 'A solo day')
  const erase = `/diary/homework/${journalId}/student/${student.id}/erase`
  await signInToConsole(page, owner)
  await page.goto(erase)
  // Not "the team's admin": a personal journal has none, and its owner is the one who may undo.
  await expect(page.getByText('and you can undo it until then')).toBeVisible()
  await expect(page.getByText(/team's admin/)).toHaveCount(0)
  await page.getByLabel(/Type the student's account to confirm/).fill(student.account)
  await page.getByLabel('I understand that after 30 days this cannot be undone.').check()
  await page.getByRole('button', { name: 'Erase the student' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/student$`))
  await expect(page.getByRole('status')).toContainText('Until then you can undo it.')
  await page.goto('/notification')
  await expect(page.getByRole('main')).toContainText('Pupil solo-pupil\'s account and data will be erased on')
  await expect(page.getByRole('main')).toContainText('Until then the journal\'s owner, Test solo-owner, can undo it.')

  // From the waiting erasure back to its page: the breadcrumb leads to the journal's students, never to the closed student's page.
  await page.goto(`/diary/homework/${journalId}/student`)
  await page.getByRole('link', { name: 'Pupil solo-pupil' }).click()
  await expect(page).toHaveURL(new RegExp(`${erase}$`))
  const crumbs = page.getByRole('navigation', { name: 'You are here' })
  await expect(crumbs.getByRole('link')).toHaveAttribute('href', `/diary/homework/${journalId}/student`)
  await expect(crumbs.getByRole('link')).toHaveText(`Students of Solo class ${info.project.name}`)
  expect((await page.request.get(`/diary/homework/${journalId}/student/${student.id}`)).status()).toBe(404)
  for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).not.toBe(`/diary/homework/${journalId}/student/${student.id}`)

  await expect(page.getByText('You can undo it until then.')).toBeVisible()
  await page.getByRole('button', { name: 'Undo the erasure' }).click()
  await expect(page.getByRole('status')).toHaveText('The erasure of Pupil solo-pupil is undone: the account signs in again and is back in its journals.')
  await expect(page.getByRole('navigation', { name: 'You are here' }).getByRole('link')).toHaveAttribute('href', `/diary/homework/${journalId}/student/${student.id}`)
  await page.goto('/notification')
  await expect(page.getByRole('main')).not.toContainText('will be erased on')
})
