import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'

// The guards use the app's own session storage: point it at a fresh SQLite database first.
process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'guards-'))
const { startup } = await import('~/startup.server')
const { requireUser, requireSignedIn } = await import('~/auth/guards.server')
const { rotateSession, sessionStorage } = await import('~/auth/session.server')
const { loadSessionValues } = await import('~/features/account/session-values.server')
const { db } = await import('~/db/db.server')

async function sessionCookie(values: Record<string, unknown>) {
  const session = await sessionStorage.getSession()
  for (const [k, v] of Object.entries(values)) session.set(k as never, v as never)
  return (await sessionStorage.commitSession(session)).split(';')[0]
}

async function thrown(p: Promise<unknown>) {
  try {
    await p
  } catch (e) {
    return e as Response
  }
  throw new Error('expected a redirect')
}

describe('route guard (spec 1 section 4)', () => {
  let teacherId: number
  beforeAll(async () => {
    await startup()
    teacherId = (await db.selectFrom('users').select('id').where('account', '=', 'teacher@demo.test').executeTakeFirstOrThrow()).id
    // startup() seeds the whole demo school in this process: on a busy 2-core machine that has taken over 30 s.
  }, 120_000)

  it('no user: saves the wanted path and goes to /login/check', async () => {
    const res = await thrown(requireUser(new Request('http://console.test/diary?tab=joined')))
    expect(res.status).toBe(302)
    expect(res.headers.get('Location')).toBe('/login/check')
    // Waiting in its own cookie until sign-in (no session row for a visitor).
    expect(res.headers.get('Set-Cookie')).toMatch(/^__wanted=/)
    const values = (await loadSessionValues(db, teacherId))!
    const signedIn = await rotateSession(new Request('http://console.test/login', { headers: { Cookie: res.headers.get('Set-Cookie')!.split(';')[0] } }), undefined, values)
    expect(signedIn.session.get('redirect_path')).toBe('/diary?tab=joined')
  })

  it('an unverified e-mail goes to /setting/email, an unfinished profile to /setting/basicInfo', async () => {
    const now = new Date().toISOString() // a fresh snapshot: not read again from the database
    const unverified = await sessionCookie({ userId: teacherId, emailVerified: '0', infoSet: '0', valuesAt: now })
    let res = await thrown(requireUser(new Request('http://console.test/diary', { headers: { Cookie: unverified } })))
    expect(res.headers.get('Location')).toBe('/setting/email')
    const noInfo = await sessionCookie({ userId: teacherId, emailVerified: '1', infoSet: '0', valuesAt: now })
    res = await thrown(requireUser(new Request('http://console.test/diary', { headers: { Cookie: noInfo } })))
    expect(res.headers.get('Location')).toBe('/setting/basicInfo')
    // The setup pages themselves only need a signed-in user.
    const { user } = await requireSignedIn(new Request('http://console.test/setting/email', { headers: { Cookie: unverified } }))
    expect(user.userId).toBe(teacherId)
  })

  it('a snapshot a few minutes old is read again (a plan changed elsewhere), keeping the language chosen', async () => {
    const values = (await loadSessionValues(db, teacherId))!
    const old = new Date(Date.now() - 10 * 60_000).toISOString()
    const cookie = await sessionCookie({ ...values, planName: 'free', payfunctionMap: {}, locale: 'ja', valuesAt: old } as unknown as Record<string, unknown>)
    const { user } = await requireUser(new Request('http://console.test/diary', { headers: { Cookie: cookie } }))
    expect(user.planName).toBe(values.planName)
    expect(user.payfunctionMap).toEqual(values.payfunctionMap)
    expect(user.locale).toBe('ja')
    expect((await sessionStorage.getSession(cookie)).get('planName')).toBe(values.planName)
  })

  it('a complete user passes with the session values', async () => {
    const values = (await loadSessionValues(db, teacherId))!
    const cookie = await sessionCookie(values as unknown as Record<string, unknown>)
    const { user } = await requireUser(new Request('http://console.test/diary', { headers: { Cookie: cookie } }))
    expect(user).toMatchObject({ userId: teacherId, planName: 'standard', emailVerified: '1', infoSet: '1' })
  })

  it('sign-in rotates the session id and keeps only the wanted path', async () => {
    const before = await sessionCookie({ redirect_path: '/diary?tab=joined', userName: 'stale' })
    const oldId = (await sessionStorage.getSession(before)).id
    const values = (await loadSessionValues(db, teacherId))!
    const { session, headers } = await rotateSession(new Request('http://console.test/login', { headers: { Cookie: before } }), undefined, values)
    const cookie = headers.get('Set-Cookie')!
    expect(session.id).not.toBe(oldId)
    expect(cookie).not.toContain('Secure')
    expect(await db.selectFrom('sessions').select('id').where('id', '=', oldId).executeTakeFirst()).toBeUndefined()
    const fresh = await sessionStorage.getSession(cookie.split(';')[0])
    expect(fresh.get('redirect_path')).toBe('/diary?tab=joined')
    expect(fresh.get('userName')).toBe(values.userName)
    const https = await rotateSession(new Request('https://console.test/login'), undefined, values)
    expect(https.headers.get('Set-Cookie')).toContain('Secure')
  })

  it("a visitor's wanted path waits in its own cookie, writes no session row, and lands in the session at sign-in", async () => {
    const count = async () => Number((await db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
    const rows = await count()
    let thrown: unknown
    for (let i = 0; i < 5; i++) {
      try {
        await requireUser(new Request('http://console.test/diary/homework/3/report?days=30'))
      } catch (error) {
        thrown = error
      }
    }
    expect(await count()).toBe(rows)
    const wanted = (thrown as Response).headers.get('Set-Cookie')!
    expect(wanted).toMatch(/^__wanted=/)
    const values = (await loadSessionValues(db, teacherId))!
    const signedIn = await rotateSession(new Request('http://console.test/login', { headers: { Cookie: wanted.split(';')[0] } }), undefined, values)
    expect(signedIn.redirectPath).toBe('/diary/homework/3/report?days=30')
    expect(signedIn.session.get('redirect_path')).toBe('/diary/homework/3/report?days=30')
    // The waiting cookie is cleared as the session takes the path over.
    expect(signedIn.headers.getSetCookie().some((c) => c.startsWith('__wanted=;'))).toBe(true)
  })
})
