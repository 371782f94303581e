import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDbSessionStorage, SESSION_COOKIE } from '~/auth/session-storage.server'
import { endOtherSessions } from '~/features/auth/sessions.server'
import { loadSessionValues, refreshValuesOf } from '~/features/account/session-values.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

const cookieValue = (setCookie: string) => setCookie.split(';')[0]

describe.each(DIALECTS)('server-side sessions on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let storage: ReturnType<typeof createDbSessionStorage>
  const users: number[] = []
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    users.push(...Object.values(await accountsFor(conn.db, ['u1', 'u2', 'u3'])))
    storage = createDbSessionStorage(conn.db, ['a-test-secret-of-enough-length'])
  })
  afterAll(() => conn.close())

  it("reads a user's values again once a change elsewhere marked the sessions, and ends the other sessions on request", async () => {
    const open = async (userId: number) => {
      const session = await storage.getSession()
      session.set('userId', userId)
      // Read a minute ago: before the mark below, with no wait.
      session.set('valuesAt', new Date(Date.now() - 60_000).toISOString())
      return cookieValue(await storage.commitSession(session))
    }
    const [mine, theirs, other] = [await open(users[0]), await open(users[0]), await open(users[1])]
    // A team admin removed users[0] from the team: both of that user's sessions are read again.
    await refreshValuesOf(conn.db, [users[0]])
    expect((await storage.getSession(mine)).get('valuesAt')).toBeUndefined()
    expect((await storage.getSession(theirs)).get('valuesAt')).toBeUndefined()
    expect((await storage.getSession(other)).get('valuesAt')).toBeDefined()
    // Values read after the mark hold again.
    const refreshed = await storage.getSession(mine)
    refreshed.set('valuesAt', new Date(Date.now() + 1000).toISOString())
    await storage.commitSession(refreshed)
    expect((await storage.getSession(mine)).get('valuesAt')).toBeDefined()
    // A password change keeps this session and ends the account's others.
    await endOtherSessions(conn.db, users[0], refreshed.id)
    expect((await storage.getSession(mine)).get('userId')).toBe(users[0])
    expect((await storage.getSession(theirs)).get('userId')).toBeUndefined()
    expect((await storage.getSession(other)).get('userId')).toBe(users[1])
    await conn.db.deleteFrom('sessions').execute()
  })

  it('keeps the values in the database; the cookie holds only a signed id, httpOnly and SameSite=Lax', async () => {
    const session = await storage.getSession()
    session.set('userName', 'Ms. Lin')
    session.set('payfunctionMap', { f3: 1 })
    const header = await storage.commitSession(session)
    expect(header).toMatch(new RegExp(`^${SESSION_COOKIE}=`))
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(header).not.toContain('Secure')
    expect(decodeURIComponent(header)).not.toContain('Ms. Lin')
    const rows = await conn.db.selectFrom('sessions').selectAll().execute()
    expect(rows).toHaveLength(1)
    expect(JSON.parse(rows[0].data)).toMatchObject({ userName: 'Ms. Lin', payfunctionMap: { f3: 1 } })
    const again = await storage.getSession(cookieValue(header))
    expect(again.get('userName')).toBe('Ms. Lin')
  })

  it('sets Secure when asked for an HTTPS response', async () => {
    const header = await storage.commitSession(await storage.getSession(), { secure: true })
    expect(header).toContain('Secure')
  })

  it('ignores a forged or tampered cookie', async () => {
    const session = await storage.getSession()
    session.set('userId', users[0])
    const value = cookieValue(await storage.commitSession(session))
    // Flip the first character of the signature (after the last dot of the decoded value).
    const [name, encoded] = value.split('=')
    const signed = decodeURIComponent(encoded)
    const dot = signed.lastIndexOf('.')
    const flipped = signed.slice(0, dot + 1) + (signed[dot + 1] === 'A' ? 'B' : 'A') + signed.slice(dot + 2)
    const tampered = `${name}=${encodeURIComponent(flipped)}`
    expect((await storage.getSession(tampered)).get('userId')).toBeUndefined()
    const other = createDbSessionStorage(conn.db, ['another-secret-entirely-here'])
    expect((await other.getSession(value)).get('userId')).toBeUndefined()
  })

  it('destroying a session removes its row; an expired session reads as empty', async () => {
    const session = await storage.getSession()
    session.set('userId', users[1])
    const value = cookieValue(await storage.commitSession(session))
    const loaded = await storage.getSession(value)
    await storage.destroySession(loaded)
    expect(await conn.db.selectFrom('sessions').select('id').where('id', '=', loaded.id).executeTakeFirst()).toBeUndefined()
    expect((await storage.getSession(value)).get('userId')).toBeUndefined()

    const old = await storage.getSession()
    old.set('userId', users[2])
    const oldValue = cookieValue(await storage.commitSession(old))
    await conn.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', users[2]).execute()
    expect((await storage.getSession(oldValue)).get('userId')).toBeUndefined()
  })

  it('a session that ended elsewhere keeps what is set in it next (the wanted path), never a sign-in', async () => {
    const session = await storage.getSession()
    session.set('userId', users[0])
    const value = cookieValue(await storage.commitSession(session))
    const read = await storage.getSession(value) // a request in flight, read before the sign-out
    await conn.db.deleteFrom('sessions').where('id', '=', read.id).execute() // signed out on another computer
    await storage.commitSession(read)
    expect((await storage.getSession(value)).get('userId')).toBeUndefined()
    const dead = await storage.getSession(value)
    dead.set('redirect_path', '/diary/homework/7/report')
    await storage.commitSession(dead)
    const again = await storage.getSession(value)
    expect(again.get('redirect_path')).toBe('/diary/homework/7/report')
    expect(again.get('userId')).toBeUndefined()
  })

  it("gives a teacher their school's zone: the team's, else the newest journal's they teach; none for neither (decision 0044)", async () => {
    const zone = async (userId: number) => (await loadSessionValues(conn.db, userId))!.timeZone
    const [teacher, teamed] = [users[1], users[2]]
    expect(await zone(teacher)).toBeNull()
    const at = (day: number) => `2026-11-0${day}T00:00:00.000Z`
    const journal = (name: string, timeZone: string, day: number) =>
      conn.db.insertInto('journals').values({ owner_id: users[0], name, description: '', label_color_code: 1, user_classes: '', speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, diary_publish_num: 10, share_type: '2', sub_type: '', invite_code: name, time_zone: timeZone, created_at: at(day) }).returning('id').executeTakeFirstOrThrow()
    const tokyo = await journal('TZ1', 'Asia/Tokyo', 1)
    await journal('TZ2', 'Europe/London', 2)
    expect(await zone(users[0])).toBe('Europe/London')
    // A co-teacher reads the clock of the journal they teach.
    await conn.db.insertInto('journal_members').values({ journal_id: tokyo.id, user_id: teacher, role: 'teacher', drp_status: 1, joined_at: at(3) }).execute()
    expect(await zone(teacher)).toBe('Asia/Tokyo')
    const team = await conn.db.insertInto('teams').values({ name: 'TZ team', school_id: null, created_at: at(1), time_zone: 'Asia/Seoul' }).returning('id').executeTakeFirstOrThrow()
    await conn.db.insertInto('team_members').values({ team_id: team.id, user_id: teamed, role_id: 1, joined_at: at(1) }).execute()
    expect(await zone(teamed)).toBe('Asia/Seoul')
  })
})
