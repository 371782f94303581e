// Safe to send twice (decision 0072): a form's one-time key is claimed once in the
// database, its action runs once, and the same key again is answered the same, in one process or
// two, for URL-encoded forms and uploads alike.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { redirect, data } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ABANDONED_AFTER_MS, claimKey, KEY_LIFETIME_MS, keepAnswer, parkedForm, parkForm, releaseKey, unparkForm } from '~/features/once/keys.server'
import { readForm, readUpload } from '~/http/form.server'
import { onceIn } from '~/http/once.server'
import { ONCE_FIELD } from '~/shared/once'
import { DIALECTS, freshDatabase } from '../support/db'

const run = promisify(execFile)

const post = (path: string, fields: Record<string, string>, file?: File) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  if (file) body.append('picture', file)
  // Multipart with a file (an upload), URL-encoded without.
  return new Request(`http://school.test${path}`, { method: 'POST', body: file ? body : new URLSearchParams(fields) })
}

describe.each(DIALECTS)('one-time form keys on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
  })
  afterAll(() => conn.close())

  it('a key is claimed once; its answer is read back; a released key is claimed again; a key is kept to its form, and for a day', async () => {
    const { db } = conn
    const key = randomUUID()
    expect(await claimKey(db, key, '/a')).toEqual({ kind: 'claimed' })
    // A second send while the first runs waits for its answer (here: none comes within 50 ms).
    expect(await claimKey(db, key, '/a', { waitMs: 50 })).toEqual({ kind: 'busy' })
    await keepAnswer(db, key, '{"kind":"value","data":1}')
    expect(await claimKey(db, key, '/a')).toEqual({ kind: 'answered', answer: '{"kind":"value","data":1}' })
    expect(await claimKey(db, key, '/b')).toEqual({ kind: 'elsewhere' })

    const failed = randomUUID()
    expect((await claimKey(db, failed, '/a')).kind).toBe('claimed')
    await releaseKey(db, failed)
    expect((await claimKey(db, failed, '/a')).kind).toBe('claimed')

    // A pending key whose process died is taken over after ABANDONED_AFTER_MS; a day later any key is forgotten.
    const later = Date.now() + ABANDONED_AFTER_MS + 1000
    expect((await claimKey(db, failed, '/a', { now: () => later })).kind).toBe('claimed')
    const tomorrow = Date.now() + KEY_LIFETIME_MS + 1000
    expect((await claimKey(db, key, '/a', { now: () => tomorrow })).kind).toBe('claimed')
  })

  it('a form sent signed out is parked against its key for a day, once, and no longer offered once sent', async () => {
    const { db } = conn
    const key = randomUUID()
    const form = { path: '/diary/diaryPost/5', fields: [['comment', 'Written during the lesson'], ['type', '1']] as [string, string][] }
    expect(await parkForm(db, key, form)).toBe(true)
    expect(await parkForm(db, key, { ...form, fields: [] })).toBe(false)
    expect(await parkedForm(db, key)).toEqual(form)
    await unparkForm(db, key)
    expect(await parkedForm(db, key)).toBeNull()
    const old = randomUUID()
    await parkForm(db, old, form, Date.now() - KEY_LIFETIME_MS - 1000)
    expect(await parkedForm(db, old)).toBeNull()
  })

  it('once: the action runs once per key and the same key gets the same redirect, data and cookies (not the session\'s); a failure gives the key back', async () => {
    let runs = 0
    const action = onceIn(async () => conn.db, async ({ request }: { request: Request }) => {
      const form = await readForm(request)
      runs++
      if (form.get('fail') === 'yes') throw new Error('the database went away')
      if (form.get('answer') === 'data') return data({ saved: runs, when: 'now' }, { status: 201, headers: { 'Set-Cookie': 'toast=1; Path=/' } })
      if (form.get('answer') === 'value') return { result: { status: 'error', error: { title: ['required'] } } }
      const headers = new Headers([['Set-Cookie', '__session=abc; Path=/; HttpOnly'], ['Set-Cookie', 'seen=1; Path=/']])
      return redirect(`/s/post/${runs}`, { headers })
    })

    const key = randomUUID()
    const first = (await action({ request: post('/s/journal/1/new', { [ONCE_FIELD]: key }) })) as Response
    const again = (await action({ request: post('/s/journal/1/new', { [ONCE_FIELD]: key }) })) as Response
    expect(runs).toBe(1)
    expect([again.status, again.headers.get('Location'), again.headers.getSetCookie()]).toEqual([first.status, '/s/post/1', ['__session=abc; Path=/; HttpOnly', 'seen=1; Path=/']])
    // A browser that has a session gets every cookie but the session's: it may have signed in again since.
    const withSession = post('/s/journal/1/new', { [ONCE_FIELD]: key })
    withSession.headers.set('Cookie', '__session=newer')
    expect(((await action({ request: withSession })) as Response).headers.getSetCookie()).toEqual(['seen=1; Path=/'])

    const dataKey = randomUUID()
    await action({ request: post('/p', { [ONCE_FIELD]: dataKey, answer: 'data' }) })
    const replayed = (await action({ request: post('/p', { [ONCE_FIELD]: dataKey, answer: 'data' }) })) as { data: unknown; init: ResponseInit }
    expect(runs).toBe(2)
    expect(replayed.data).toEqual({ saved: 2, when: 'now' })
    expect(replayed.init.status).toBe(201)
    expect(new Headers(replayed.init.headers).getSetCookie()).toEqual(['toast=1; Path=/'])

    // A refusal the action answered (a form error) is its answer too: the same key sent again gets it, not a second run.
    const refusedKey = randomUUID()
    const refused = await action({ request: post('/p', { [ONCE_FIELD]: refusedKey, answer: 'value' }) })
    expect(await action({ request: post('/p', { [ONCE_FIELD]: refusedKey, answer: 'value' }) })).toEqual(refused)
    expect(runs).toBe(3)

    // A server error writes nothing: the key is given back and the next send runs the action.
    const failKey = randomUUID()
    await expect(action({ request: post('/p', { [ONCE_FIELD]: failKey, fail: 'yes' }) })).rejects.toThrow('went away')
    await action({ request: post('/p', { [ONCE_FIELD]: failKey }) })
    expect(runs).toBe(5)

    // The same key with other words (a page drawn before, sent again after the browser's Back) is a new form: it runs.
    await action({ request: post('/s/journal/1/new', { [ONCE_FIELD]: key, text: 'another comment' }) })
    expect(runs).toBe(6)
    await action({ request: post('/s/journal/1/new', { [ONCE_FIELD]: key, text: 'another comment' }) })
    expect(runs).toBe(6)

    // Without a key (an old page, a script) every send runs, as before.
    await action({ request: post('/p', {}) })
    await action({ request: post('/p', {}) })
    expect(runs).toBe(8)
  })

  it('once: an upload (multipart with a file) is answered once; two sends at once run the action once and get one answer', async () => {
    let runs = 0
    const action = onceIn(async () => conn.db, async ({ request }: { request: Request }) => {
      const form = await readUpload(request)
      runs++
      await new Promise((r) => setTimeout(r, 200))
      return redirect(`/s/post/${runs}?size=${(form as FormData).get('picture') instanceof File ? ((form as FormData).get('picture') as File).size : 0}`)
    })
    const key = randomUUID()
    const picture = () => new File([new Uint8Array(2048)], 'cat.png', { type: 'image/png' })
    const answers = (await Promise.all([1, 2, 3].map(() => action({ request: post('/s/journal/1/new', { [ONCE_FIELD]: key }, picture()) })))) as Response[]
    expect(runs).toBe(1)
    expect(answers.map((a) => a.headers.get('Location'))).toEqual(['/s/post/1?size=2048', '/s/post/1?size=2048', '/s/post/1?size=2048'])
  })

  it('two processes sending the same key at once write one row and both get its answer', async () => {
    await conn.db.schema.createTable('once_race').addColumn('who', 'text').execute()
    const key = randomUUID()
    const target = conn.url ?? conn.file!
    const startAt = String(Date.now() + 1500)
    const racer = (who: string) => run('node_modules/.bin/tsx', ['tests/support/once-racer.ts', target, key, who, startAt], { timeout: 20_000 })
    const [a, b] = await Promise.all([racer('first'), racer('second')])
    const rows = await conn.db.selectFrom('once_race' as never).selectAll().execute()
    expect(rows).toHaveLength(1)
    const saved = (rows[0] as { who: string }).who
    expect(JSON.parse(a.stdout)).toEqual({ savedBy: saved })
    expect(JSON.parse(b.stdout)).toEqual({ savedBy: saved })
  })
})

/**
 * The forms that opt out of the one-time key, each with its reason (decision 0072). Every other
 * action is `once(...)`; every route page with an action keeps its page when a send fails in the
 * network (`clientAction` of ui/send-safely.ts); every form is the console's (ui/form.tsx).
 */
const OPTED_OUT: Record<string, string> = {
  'login.tsx': 'signs in: writes only a session, and a kept answer would hold a new session cookie for a day',
  'student/login.tsx': 'signs a student in: the same',
  'oauth/start.tsx': "starts a provider's sign-in: writes a state cookie, nothing else",
  'oauth/confirm.tsx': 'binds a provider once, by a one-time value in the session: a second send finds none and signs in',
  'logout.ts': 'signs out: sending it twice signs out once',
  'student/logout.ts': 'signs a student out: the same',
  'ebook/logout.ts': "ends the e-book session: the same",
  'locale.ts': 'sets the language cookie: the same language twice is one language',
  'ebook/shared.tsx': "opens a shared book with its password: a cookie, nothing written",
  'family/shared.tsx': "opens a family pack with its password: a cookie, nothing written",
}

describe('every form that writes is safe to send twice', async () => {
  const { readdirSync, readFileSync } = await import('node:fs')
  const routes = (readdirSync('app/routes', { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !f.includes('+types'))
  const withAction = routes.filter((f) => /export (async function|const) action\b/.test(readFileSync(`app/routes/${f}`, 'utf8')))

  it('every action is once(...), or opts out with a written reason', () => {
    const bare = withAction.filter((f) => !/export const action = once\(/.test(readFileSync(`app/routes/${f}`, 'utf8')))
    expect(bare.sort()).toEqual(Object.keys(OPTED_OUT).sort())
    expect(withAction.length).toBeGreaterThan(50)
  })

  it('every page with an action keeps the page when a send fails; every form carries its key', () => {
    const pages = withAction.filter((f) => f.endsWith('.tsx'))
    expect(pages.filter((f) => !readFileSync(`app/routes/${f}`, 'utf8').includes('export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)'))).toEqual([])
    // The shared views (ui/) and each area's own (features/<area>/components/).
    const views = [...(readdirSync('app/ui') as string[]).filter((f) => f !== 'form.tsx').map((f) => `app/ui/${f}`), ...(readdirSync('app/features', { recursive: true }) as string[]).filter((f) => f.includes('components/')).map((f) => `app/features/${f}`)]
    const files = [...routes.map((f) => `app/routes/${f}`), ...views.filter((f) => f.endsWith('.tsx'))]
    const routerForms = files.filter((f) => /import \{[^}]*\bForm\b[^}]*\} from 'react-router'/.test(readFileSync(f, 'utf8')) || /<form\s[^>]*method="post"/.test(readFileSync(f, 'utf8')))
    expect(routerForms).toEqual([])
  })
})
