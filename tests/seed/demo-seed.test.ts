import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemo } from '~/seed/demo.server'
import { verifyLogin } from '~/features/auth/accounts.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { joinedJournals, ownJournals } from '~/features/journals/list.server'
import { runOverdueAlerts } from '~/features/alerts/escalate.server'
import { counsellorInbox } from '~/features/counsellor/inbox.server'
import { DIALECTS, freshDatabase } from '../support/db'

describe.each(DIALECTS)('demo school on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    expect(await seedDemo(conn.db)).toBe(true)
    // The whole demo school (two months of posts, each read by the risk assessment): on PostgreSQL
    // on a busy 2-core machine it has taken over 30 s.
  }, 120_000)
  afterAll(() => conn.close())

  it('is written once', async () => {
    expect(await seedDemo(conn.db)).toBe(false)
  })

  it('has the README logins with the demo password', async () => {
    for (const account of ['teacher@demo.test', 'free@demo.test', 'admin@demo.test']) {
      expect(await verifyLogin(conn.db, account, DEMO_PASSWORD), account).toBeTypeOf('number')
    }
    for (const account of ['student01@demo.test', 'student50@demo.test']) {
      expect(await verifyLogin(conn.db, account, DEMO_PASSWORD, 'student'), account).toBeTypeOf('number')
      // A student is not a console user, and a teacher not a student.
      expect(await verifyLogin(conn.db, account, DEMO_PASSWORD), account).toBeNull()
    }
    expect(await verifyLogin(conn.db, 'teacher@demo.test', DEMO_PASSWORD, 'student')).toBeNull()
    expect(await verifyLogin(conn.db, 'teacher@demo.test', 'wrong-pass')).toBeNull()
  })

  it('gives the paid teacher three journals with two months of posts, three contest journals, and one joined journal', async () => {
    const id = (await verifyLogin(conn.db, 'teacher@demo.test', DEMO_PASSWORD))!
    const all = await ownJournals(conn.db, id)
    const contests = await conn.db.selectFrom('journals').select('name').where('owner_id', '=', id).where('share_type', '=', '5').execute()
    expect(contests.map((c) => c.name).sort()).toEqual(['Autumn Gratitude 501', 'Kindness Relay 501', 'Winter Diary 502'])
    const own = all.filter((j) => !contests.some((c) => c.name === j.name))
    expect(own.map((j) => j.name)).toHaveLength(3)
    expect(own.find((j) => j.name === '501 心情日記')?.studentCount).toBe(25)
    for (const j of own) expect(j.postCount).toBeGreaterThan(50)
    // Every card with posts says when the last came, the contest journals' too.
    for (const j of all) expect([j.name, j.postCount > 0 ? j.lastPostAt !== null : true]).toEqual([j.name, true])
    const joined = await joinedJournals(conn.db, id)
    expect(joined).toMatchObject([{ name: 'Reading Club', drpStatus: 1 }])
    const oldest = await conn.db.selectFrom('posts').select((eb) => eb.fn.min<string>('diary_date').as('d')).executeTakeFirstOrThrow()
    expect(Date.now() - Date.parse(oldest.d)).toBeGreaterThan(55 * 86_400_000)
    const languages = await conn.db.selectFrom('journals').select('speech_lang').distinct().execute()
    expect(languages.map((l) => l.speech_lang).sort()).toEqual(['en', 'ja', 'zh'])
    const comments = await conn.db.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    expect(Number(comments.n)).toBeGreaterThan(50)
  })

  it('sets the plans: paid teacher has every pay function, the free one none, the admin team mode', async () => {
    const paid = (await loadSessionValues(conn.db, (await verifyLogin(conn.db, 'teacher@demo.test', DEMO_PASSWORD))!))!
    expect(paid).toMatchObject({ planName: 'standard', isHomeworkLock: false, teamModeAvailable: false, infoSet: '1', emailVerified: '1' })
    expect(Object.values(paid.payfunctionMap).every((v) => v === 1)).toBe(true)
    expect(paid.payfunctionMap).toHaveProperty('f3', 1)
    const free = (await loadSessionValues(conn.db, (await verifyLogin(conn.db, 'free@demo.test', DEMO_PASSWORD))!))!
    expect(free.planName).toBe('free')
    expect(Object.values(free.payfunctionMap).every((v) => v === 0)).toBe(true)
    const admin = (await loadSessionValues(conn.db, (await verifyLogin(conn.db, 'admin@demo.test', DEMO_PASSWORD))!))!
    expect(admin.teamModeAvailable).toBe(true)
    const roles = await conn.db.selectFrom('team_members').select('role_id').distinct().execute()
    expect(roles.map((r) => r.role_id).sort()).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('gives the counsellor one alert a teacher escalated and one that escalated by itself, which the next tick leaves alone', async () => {
    const id = (await verifyLogin(conn.db, 'counsellor@demo.test', DEMO_PASSWORD))!
    expect((await loadSessionValues(conn.db, id))!.teamRoleId).toBe(6)
    const inbox = await counsellorInbox(conn.db, id, 1)
    expect(inbox.rows.map((r) => [r.student, r.by, r.severity, r.status])).toEqual([
      ['Student 47', '陳怡君 Chen Yi-jun', 'high', 'open'],
      ['Student 48', null, 'high', 'open'],
    ])
    const told = await conn.db.selectFrom('notifications').select('msg_key').where('user_id', '=', id).orderBy('msg_key').execute()
    expect(told.map((n) => n.msg_key)).toEqual(['notification.alertEscalatedAutoOf', 'notification.alertEscalatedOf'])
    const mails = await runOverdueAlerts(conn.db)
    expect(mails.filter((m) => m.link.startsWith('/counsellor/'))).toEqual([])
  })
})
