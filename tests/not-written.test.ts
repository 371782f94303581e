import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createJournal } from '~/features/journals/settings.server'
import { notWritten, periodStart, remindStudents, studentReminders } from '~/features/journals/not-written.server'
import { archiveStudent } from '~/features/students/list.server'
import { joinAsStudent } from '~/features/students/join.server'
import { createPost } from '~/features/students/posts.server'
import { createMailer } from '~/mail/mailer.server'
import { namedAccounts } from './support/accounts'
import { DIALECTS, freshDatabase } from './support/db'
import { startSmtp } from './support/smtp'

const HOUR = 3_600_000
// A moment in Taipei (UTC+8).
const taipei = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00Z`) + (hour - 8) * HOUR)

describe('the period', () => {
  it('is today, or the school week from Monday', () => {
    expect(periodStart('today', '2026-11-25')).toBe('2026-11-25')
    expect(periodStart('week', '2026-11-25')).toBe('2026-11-23') // a Wednesday
    expect(periodStart('week', '2026-11-23')).toBe('2026-11-23') // a Monday
    expect(periodStart('week', '2026-11-29')).toBe('2026-11-23') // a Sunday
  })
})

describe.each(DIALECTS)('who has not written, and reminders, on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const id: Record<string, number> = {}
  let journalId: number
  const smtpMailer = { current: createMailer({ outboxDir: '/nonexistent', from: 'test@console.test' }) }
  const scope = (period: 'today' | 'week', now: Date) => ({ journalId, timeZone: 'Asia/Taipei', period, now })
  const remind = (studentIds: number[], now: Date, db = conn.db, teacher = 'owner') =>
    remindStudents(db, { ...scope('today', now), teacherId: id[teacher], studentIds, journalName: 'Class 5', teacherName: 'Ms Owner', mailer: smtpMailer.current, origin: 'https://console.school.example' })

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: taipei('2026-11-20', 9) })
    conn = await freshDatabase(dialect)
    Object.assign(id, await namedAccounts(conn.db, ['owner', 'cot', 'amy', 'ben', 'cat', 'dan', 'eve']))
    const j = await createJournal(conn.db, { userId: id.owner, planLimit: 30 }, { name: 'Class 5', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '9', shareType: '2' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    await conn.db.updateTable('journals').set({ time_zone: 'Asia/Taipei' }).where('id', '=', journalId).execute()
    const code = (await conn.db.selectFrom('journals').select('invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()).invite_code!
    for (const s of ['amy', 'ben', 'cat', 'dan', 'eve']) await joinAsStudent(conn.db, id[s], code)
    const write = async (who: string, at: Date) => {
      vi.setSystemTime(at)
      await createPost(conn.db, id[who], journalId, { title: 'A day', diaryDate: at.toISOString().slice(0, 10), event: 'School.', emotions: ['B'], behaviour: '4' })
    }
    // Wednesday 25 November 2026 is "today". Amy wrote today at 07:30 Taipei (23:30 UTC the day
    // before: the school's day, not UTC's); Ben on Monday; Cat last Friday; Dan never; Eve left.
    await write('cat', taipei('2026-11-20', 10))
    await write('ben', taipei('2026-11-23', 11))
    await write('amy', taipei('2026-11-25', 7.5))
    await write('eve', taipei('2026-11-21', 9))
    await archiveStudent(conn.db, journalId, id.eve)
  })
  afterAll(async () => {
    vi.useRealTimers()
    await conn.close()
  })

  it('lists today the students with no post since midnight in the school, those who never wrote first', async () => {
    const list = await notWritten(conn.db, scope('today', taipei('2026-11-25', 10)))
    expect(list.students.map((s) => s.name)).toEqual(['DAN', 'CAT', 'BEN'])
    expect(list.students.map((s) => s.lastPost)).toEqual([null, '2026-11-20', '2026-11-23'])
    expect(list.enrolled).toBe(4)
    expect(list.today).toBe('2026-11-25')
  })

  it('lists this week the students with no post since Monday', async () => {
    const list = await notWritten(conn.db, scope('week', taipei('2026-11-25', 10)))
    expect(list.since).toBe('2026-11-23')
    expect(list.students.map((s) => s.name)).toEqual(['DAN', 'CAT'])
  })

  it('reminds only the chosen who still have not written, once a school day, and mails those with an address', async () => {
    const smtp = await startSmtp()
    smtpMailer.current = createMailer({ smtpUrl: smtp.url, outboxDir: '/nonexistent', from: 'test@console.test' })
    await conn.db.updateTable('users').set({ email: 'dan@home.test', email_verified: 1, locale: 'ja' }).where('id', '=', id.dan).execute()
    const at = taipei('2026-11-25', 10)
    // Amy wrote today (a stale page still ticks her): she is not reminded.
    expect(await remind([id.dan, id.cat, id.amy], at)).toEqual({ reminded: 2, already: 0 })
    // A second click, and the co-teacher minutes later: nobody twice.
    expect(await remind([id.dan, id.cat], new Date(at.getTime() + 60_000))).toEqual({ reminded: 0, already: 2 })
    expect(await remind([id.dan, id.ben], new Date(at.getTime() + 120_000), conn.db, 'cot')).toEqual({ reminded: 1, already: 1 })
    await smtp.close()
    expect(smtp.received.map((m) => m.to)).toEqual([['dan@home.test']])
    expect(smtp.received[0].raw.replace(/=\r?\n/g, '')).toContain(`https://console.school.example/s/journal/${journalId}/new`)
    const rows = await conn.db.selectFrom('writing_reminders').selectAll().orderBy('student_id').execute()
    expect(rows.map((r) => [r.student_id, r.day, r.teacher_id, r.mailed])).toEqual([
      [id.ben, '2026-11-25', id.cot, 0],
      [id.cat, '2026-11-25', id.owner, 0],
      [id.dan, '2026-11-25', id.owner, 1],
    ])
    // The teacher sees who was reminded, when and by whom.
    const list = await notWritten(conn.db, scope('today', at))
    expect(list.students.find((s) => s.id === id.dan)).toMatchObject({ remindedAt: at.toISOString(), remindedBy: 'OWNER' })
    // The next school day, a new reminder may go.
    expect(await remind([id.dan], taipei('2026-11-26', 9))).toEqual({ reminded: 1, already: 0 })
  })

  it('shows a reminder on the student\'s home page until they write in that journal, for a day', async () => {
    const at = taipei('2026-11-26', 12)
    expect((await studentReminders(conn.db, id.dan, at)).map((r) => [r.journalId, r.teacher])).toEqual([[journalId, 'OWNER']])
    expect(await studentReminders(conn.db, id.amy, at)).toEqual([])
    // Cat writes: her notice goes.
    expect(await studentReminders(conn.db, id.cat, taipei('2026-11-25', 12))).toHaveLength(1)
    vi.setSystemTime(taipei('2026-11-25', 13))
    await createPost(conn.db, id.cat, journalId, { title: 'Now', diaryDate: '2026-11-25', event: 'School.', emotions: ['B'], behaviour: '4' })
    expect(await studentReminders(conn.db, id.cat, taipei('2026-11-25', 14))).toEqual([])
    // Two days later, an old reminder is gone.
    expect(await studentReminders(conn.db, id.dan, taipei('2026-11-28', 12))).toEqual([])
  })

  it('reminds a student once when two app processes click at the same moment', async () => {
    const at = taipei('2026-11-27', 9)
    if (!conn.another) {
      // SQLite serves one process (decision 0050): two clicks at once in it.
      const both = await Promise.all([remind([id.ben], at), remind([id.ben], at)])
      expect(both.map((b) => b.reminded).sort()).toEqual([0, 1])
      return
    }
    const other = await conn.another()
    try {
      const both = await Promise.all([remind([id.ben], at), remind([id.ben], at, other.db, 'cot')])
      expect(both.map((b) => b.reminded).sort()).toEqual([0, 1])
      expect(await conn.db.selectFrom('writing_reminders').select('teacher_id').where('student_id', '=', id.ben).where('day', '=', '2026-11-27').execute()).toHaveLength(1)
    } finally {
      await other.close()
    }
  })
})
