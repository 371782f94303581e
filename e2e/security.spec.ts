// The security part of the browser suite: what every route promises, whatever the route. The
// routes come from the built app's own manifest, so a route added later is covered without a new test.
import { expect, test, type APIRequestContext, type Page, type TestInfo, NO_JS } from './support/test'
import http from 'node:http'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { openBook } from '../app/features/ebooks/books.server'
import { submitImport } from '../app/features/students/import.server'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { DEMO_PASSWORD, signInToConsole, studentSignIn, uniqueAccount } from './support/helpers'
import { latestMailTo, resetLinkIn } from './support/mail'
import { newPost } from './support/posts'
import { flood, peakMemoryDuring } from './support/uploads'

/** Every route with an action (or a loader), as a URL pattern (":id") built from the manifest's nesting. */
async function routesWith(kind: 'action' | 'loader') {
  const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
  const fullPath = (id: string): string => {
    const route = build.routes[id]!
    const parent = route.parentId ? fullPath(route.parentId) : ''
    return [parent, route.path ?? ''].filter(Boolean).join('/')
  }
  return Object.values(build.routes)
    .filter((route) => route && kind in route.module && route.module[kind])
    .map((route) => ({ id: route!.id, path: `/${fullPath(route!.id)}`.replace(/\/+/g, '/') }))
}

/** Tests made of HTTP requests alone: the no-JavaScript project leaves them out (playwright.config.ts). */

/** Bodies that are not forms, as a careless script or an attacker sends them. */
const NOT_FORMS: { name: string; headers: Record<string, string>; body: string }[] = [
  { name: 'JSON', headers: { 'Content-Type': 'application/json' }, body: '{"intent":"delete","id":1}' },
  { name: 'text/plain', headers: { 'Content-Type': 'text/plain' }, body: 'intent=delete&id=1' },
  { name: 'no Content-Type', headers: {}, body: 'intent=delete&id=1' },
  { name: 'multipart without boundary', headers: { 'Content-Type': 'multipart/form-data' }, body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n--x--\r\n' },
  { name: 'multipart with a wrong boundary', headers: { 'Content-Type': 'multipart/form-data; boundary=yyy' }, body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndelete\r\n--x--\r\n' },
  { name: 'multipart cut off', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndel' },
]

async function studentContext(page: Page, account: string): Promise<APIRequestContext> {
  const student = await (await page.context().browser()!.newContext()).newPage()
  await studentSignIn(student, account)
  return student.request
}

/**
 * A teacher with a journal, its student and a post, both signed in: what the route-by-route tests
 * act as. `snapshot` is what these accounts own, to see that nothing was written.
 */
async function ownerAndStudent(page: Page, info: TestInfo) {
  const teacher = await newTeacher(info, 'bodies', { standard: true })
  const owner = await db().selectFrom('users').select('id').where('account', '=', teacher).executeTakeFirstOrThrow()
  const studentAccount = uniqueAccount(info, 'bodies-student')
  const imported = await submitImport(db(), { userId: owner.id, planLimit: 100 }, [{ year: '2026', grade: '5', classNo: '1', name: 'Body Student', account: studentAccount, password: DEMO_PASSWORD }], { journalName: 'Bodies' })
  if (imported.code !== 0) throw new Error('import failed')
  const journalId = imported.journalId
  const student = await db().selectFrom('users').select('id').where('account', '=', studentAccount).executeTakeFirstOrThrow()
  const postId = await newPost(journalId, studentAccount, 'A post for the bodies test')

  // What these two accounts own, before and after.
  const snapshot = async () =>
    JSON.stringify([
      await db().selectFrom('users').selectAll().where('id', 'in', [owner.id, student.id]).orderBy('id').execute(),
      await db().selectFrom('journals').selectAll().where('owner_id', '=', owner.id).orderBy('id').execute(),
      await db().selectFrom('journal_members').selectAll().where('journal_id', '=', journalId).orderBy('user_id').execute(),
      // The post's topics (decision 0049) are read by the background job whenever it comes round: derived, never an action's write.
      (await db().selectFrom('posts').selectAll().where('journal_id', '=', journalId).orderBy('id').execute()).map(({ topics_version: _v, topic_mask: _m, ...post }) => post),
      await db().selectFrom('comments').selectAll().where('post_id', '=', postId).execute(),
      await db().selectFrom('samples').selectAll().where('owner_id', '=', owner.id).execute(),
      await db().selectFrom('user_plans').selectAll().where('user_id', '=', owner.id).execute(),
    ])

  await signInToConsole(page, teacher)
  // The e-book session too (taken over from the console's), so the e-book actions read their bodies.
  await page.goto('/ebook/login')
  const studentRequest = await studentContext(page, studentAccount)
  // A book of this student, so the e-book actions are this teacher's to answer.
  const bookId = await openBook(db(), journalId, student.id, { userId: owner.id, kind: 'teacher' })
  const params: Record<string, string> = { id: String(journalId), sid: String(student.id), postId: String(postId), bookId: String(bookId), code: 'NOSUCHCODE', platform: 'google' }
  return { page, snapshot, studentRequest, params }
}

test('every action answers a body that is not a form with 400 and writes nothing', async ({ page }, info) => {
  test.setTimeout(120_000)
  const { snapshot, studentRequest, params } = await ownerAndStudent(page, info)
  const before = await snapshot()
  const routes = await routesWith('action')
  expect(routes.length).toBeGreaterThan(25)
  const answers: string[] = []
  for (const route of routes) {
    const url = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1')
    const request = url.startsWith('/s/') || url === '/s' ? studentRequest : page.request
    for (const body of NOT_FORMS) {
      const response = await request.post(url, { headers: body.headers, data: Buffer.from(body.body), maxRedirects: 0 })
      answers.push(`${route.id} ${url} ${body.name}: ${response.status()}`)
    }
  }
  // Every one refused: a bad request, or a 403/404 where the route refuses this user before it
  // reads a body (no team, no such sample). Never a server error, never a redirect of a done action.
  expect(answers.filter((a) => !/: (400|403|404)$/.test(a))).toEqual([])
  // Exactly these refuse this user before reading a body: no team (team/my), no such sample, a
  // quiz run that is not this journal's or student's, the counsellor's page (not a counsellor,
  // decision 0047), and Google Classroom's import without a linked Google account. Every other
  // route reads the body and says 400.
  const refusedFirst = [...new Set(answers.filter((a) => !a.endsWith(': 400')).map((a) => `${a.split(' ')[0]}: ${a.split(': ').pop()}`))].sort()
  expect(refusedFirst).toEqual(['routes/counsellor/alert: 403', 'routes/journal/quiz: 404', 'routes/roster/classroom: 403', 'routes/student/quiz: 404', 'routes/team/my: 404', 'sample-edit: 404'])
  expect(await snapshot()).toBe(before)
  // The answer is the error page in the user's language, titled like every page.
  const page400 = await page.request.post('/diary', { headers: { 'Content-Type': 'application/json' }, data: '{}' })
  expect(await page400.text()).toContain('<title>The form could not be read | Mood Diary Console</title>')
  const page413 = await page.request.post('/diary', { form: { intent: 'join', code: 'x'.repeat(2 * 1024 * 1024) } })
  expect(page413.status()).toBe(413)
  expect(await page413.text()).toContain('<title>Too much to send | Mood Diary Console</title>')
})

test('every loader, opened with GET, writes nothing of the accounts', async ({ page }, info) => {
  test.setTimeout(120_000)
  const { snapshot, studentRequest, params } = await ownerAndStudent(page, info)
  const before = await snapshot()
  // Sign-out by a plain visit is the spec's /logout page: it ends the session, nothing else.
  const routes = (await routesWith('loader')).filter((r) => !['routes/logout', 'routes/student/logout'].includes(r.id))
  expect(routes.length).toBeGreaterThan(40)
  const answers: string[] = []
  for (const route of routes) {
    const url = route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1').replace('/*', '/no-such-page')
    const request = url.startsWith('/s/') || url === '/s' ? studentRequest : page.request
    answers.push(`${route.id} ${url}: ${(await request.get(url, { maxRedirects: 0 })).status()}`)
  }
  expect(answers.filter((a) => / 5\d\d$/.test(a))).toEqual([])
  expect(await snapshot()).toBe(before)
})

test('a password change in the settings ends the other sessions of the account, not this one', NO_JS, async ({ page, browser }, info) => {
  const teacher = await newTeacher(info, 'sessions')
  const other = await browser.newContext()
  const elsewhere = await other.newPage()
  await signInToConsole(elsewhere, teacher)
  await signInToConsole(page, teacher)
  await page.goto('/setting/user?edit=account')
  await page.getByLabel('Current password').fill(DEMO_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('a-new-pass-42')
  await page.getByLabel('Repeat the new password').fill('a-new-pass-42')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status')).toContainText('Saved')
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/diary$/)
  await elsewhere.goto('/diary')
  await expect(elsewhere).toHaveURL(/\/login/)
  await other.close()
})

test('a long correction is refused with the length message and nothing is saved', NO_JS, async ({ page }, info) => {
  const id = await newPost(2, 'student33@demo.test', `Too long ${info.project.name} ${Date.now().toString(36)}`)
  await signInToConsole(page, 'teacher@demo.test')
  const origin = new URL(page.url()).origin
  const frame = await db().selectFrom('post_frames').select('id').where('post_id', '=', id).where('frame_type', '=', 'event').executeTakeFirstOrThrow()
  const response = await page.request.post(`/diary/diaryPost/${id}/revise`, { form: { [`frame-${frame.id}`]: 'x'.repeat(100_000) }, headers: { Origin: origin }, maxRedirects: 0 })
  expect(response.status()).toBe(400)
  expect(await response.text()).toContain('This is too long: at most 2000 characters.')
  expect(await db().selectFrom('post_revisions').select('post_id').where('post_id', '=', id).execute()).toEqual([])
})

test('a post picture with an unknown layout is a bad request, not a server error', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  const post = await db().selectFrom('posts').select('id').where('journal_id', '=', 2).executeTakeFirstOrThrow()
  for (const compose of ['../../etc/passwd', '9', '']) expect((await page.request.get(`/diary/diaryPost/${post.id}/image?compose=${encodeURIComponent(compose)}`)).status()).toBe(400)
})

test('huge page numbers are clamped on every list', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  for (const list of ['/voucher', '/invite', '/student', '/my/ucp', '/diary/homework/2/student', '/diary/homework/2/news']) {
    for (const page_ of ['1e308', '-5', '99999999999999999999', 'abc']) expect((await page.request.get(`${list}?page=${page_}`)).status(), `${list}?page=${page_}`).toBe(200)
  }
})

test('a redirect target with control characters or backslashes stays on this site', async ({ page }) => {
  await page.goto('/index')
  const origin = new URL(page.url()).origin
  for (const target of ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '//evil.example']) {
    const response = await page.request.post('/locale', { form: { locale: 'en', redirectTo: target }, headers: { Origin: origin }, maxRedirects: 0 })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/index')
  }
})

test('20 bodies of 200 MB at once, with and without a length, get 413 and do not fill the memory', async ({ baseURL }) => {
  test.setTimeout(120_000)
  const url = new URL('/login', baseURL)
  const { result: answers, before, peak } = await peakMemoryDuring(() => Promise.all(Array.from({ length: 20 }, (_, i) => flood(url, 200 * 1024 * 1024, i % 2 === 0))))
  expect(answers).toEqual(Array(20).fill(413))
  // Each is read up to the form's limit (1 MiB), the rest dropped as it comes.
  expect(peak - before, `grew from ${before.toFixed(0)} to ${peak.toFixed(0)} MB`).toBeLessThan(300)
})

/** A raw request with any Host header (browsers and Playwright's client send the real one). */
function withHost(url: URL, host: string, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const headers: Record<string, string> = { Host: host }
    if (body) Object.assign(headers, { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://${host}` })
    const req = http.request(url, { method: body ? 'POST' : 'GET', headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end(body)
  })
}

test('a forged Host is refused, so no mail can carry it; mail links use the configured address', async ({ baseURL }, info) => {
  const teacher = await newTeacher(info, 'host')
  await db().updateTable('users').set({ email: teacher }).where('account', '=', teacher).execute()
  const login = new URL('/login', baseURL)
  expect(await withHost(login, 'evil.example', new URLSearchParams({ intent: 'forgot', email: teacher }).toString())).toBe(421)
  expect(await withHost(new URL('/index', baseURL), `evil.example:${login.port}`)).toBe(421)
  expect(await withHost(new URL('/index', baseURL), login.host)).toBe(200)
  // The real request: its link is the configured public address (PUBLIC_URL, here the default).
  expect(await withHost(login, login.host, new URLSearchParams({ intent: 'forgot', email: teacher }).toString())).toBeLessThan(400)
  const mail = (await latestMailTo(teacher)).replace(/=\r?\n/g, '')
  expect(mail).toContain(`http://localhost:${login.port}${resetLinkIn(mail)}`)
})

test('impossible dates in reports, their pictures, the export and a journal expiry are refused, never a server error', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  for (const [start, end] of [['2026-13-45', '2026-11-01'], ['9999-99-99', '9999-99-99'], ['2026-02-30', '2026-03-01']]) {
    const range = `start=${start}&end=${end}`
    for (const url of [`/diary/homework/2/report?tab=bar&${range}`, `/diary/homework/2/report/chart.png?tab=bar&${range}`, `/diary/homework/2/report/report.pdf?${range}`, `/diary/homework/2/export?${range}`, `/diary/homework/2/export.xlsx?${range}`]) {
      const status = (await page.request.get(url, { maxRedirects: 0 })).status()
      expect(status, url).toBeLessThan(500)
    }
  }
  const expiry = await page.request.post('/diary/homework/new', {
    form: { name: 'Bad expiry', labelColorCode: '2', speechLang: 'en', display: 'list', shareType: '2', expireType: '2', expireDate: '2026-13-45', expireTime: '08:00', studentLimit: '5' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  })
  expect(expiry.status()).toBe(400)
  expect(await db().selectFrom('journals').select('id').where('name', '=', 'Bad expiry').execute()).toEqual([])
})
