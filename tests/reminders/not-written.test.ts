import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { notWritten, periodStart, remindingClosed, remindStudents, studentReminders } from '~/features/reminders/not-written.server'
import { archiveStudent } from '~/features/students/list.server'
import { createPost } from '~/features/students/posts.server'
import { createMailer } from '~/mail/mailer.server'
import { joinStudents, newJournal } from '../support/journals'
import { namedAccounts } from '../support/people'
import { DIALECTS, freshDatabase } from '../support/db'
import { startSmtp } from '../support/smtp'

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
    journalId = await newJournal(conn.db, id.owner, { name: 'Class 5', studentLimit: '9' })
    await conn.db.updateTable('journals').set({ time_zone: 'Asia/Taipei' }).where('id', '=', journalId).execute()
    await joinStudents(conn.db, journalId, [id.amy, id.ben, id.cat, id.dan, id.eve])
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

  it('reminds only in school time: out of it nothing is written, with why and from when (decision 0064)', async () => {
    const count = async () => Number((await conn.db.selectFrom('writing_reminders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    // A personal journal keeps the default week: Monday to Friday, 08:00 to 17:00 in the journal's zone.
    const sunday = taipei('2026-11-29', 2)
    expect(await remind([id.dan, id.cat], sunday)).toEqual({ reminded: 0, already: 0, closed: { why: 'day', from: taipei('2026-11-30', 8).toISOString(), startHour: 8, endHour: 17 } })
    expect(await remind([id.dan], taipei('2026-12-02', 18.5))).toMatchObject({ reminded: 0, closed: { why: 'hours', from: taipei('2026-12-03', 8).toISOString() } })
    expect(await remind([id.dan], taipei('2026-12-02', 7.75))).toMatchObject({ reminded: 0, closed: { why: 'hours', from: taipei('2026-12-02', 8).toISOString() } })
    expect(await remindingClosed(conn.db, journalId, taipei('2026-12-02', 8))).toBeNull()
    expect(await remindingClosed(conn.db, journalId, taipei('2026-12-02', 17))).toMatchObject({ why: 'hours' })
    expect(await count()).toBe(before)
    // A team's journal reads the team's calendar: Saturday school from 09:00 to 15:00, Monday 7 December closed.
    const { id: teamId } = await conn.db
      .insertInto('teams')
      .values({ name: 'Saturday School', school_id: null, created_at: new Date().toISOString(), school_days: '1,2,3,4,5,6', school_start_hour: 9, school_end_hour: 15, closed_dates: '2026-12-07' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await conn.db.updateTable('journals').set({ team_id: teamId }).where('id', '=', journalId).execute()
    try {
      expect(await remindingClosed(conn.db, journalId, taipei('2026-12-02', 8.5))).toMatchObject({ why: 'hours', from: taipei('2026-12-02', 9).toISOString(), startHour: 9, endHour: 15 })
      expect(await remindingClosed(conn.db, journalId, taipei('2026-12-06', 10))).toMatchObject({ why: 'day', from: taipei('2026-12-08', 9).toISOString() })
      expect(await remind([id.dan], taipei('2026-12-07', 10))).toMatchObject({ reminded: 0, closed: { why: 'day', from: taipei('2026-12-08', 9).toISOString() } })
      expect(await count()).toBe(before)
      expect(await remind([id.dan], taipei('2026-12-05', 10))).toEqual({ reminded: 1, already: 0 })
      // A calendar without school time (no day ticked) never reminds, and says so.
      await conn.db.updateTable('teams').set({ school_days: '' }).where('id', '=', teamId).execute()
      expect(await remindingClosed(conn.db, journalId, taipei('2026-12-09', 10))).toMatchObject({ why: 'never', from: null })
    } finally {
      await conn.db.updateTable('journals').set({ team_id: null }).where('id', '=', journalId).execute()
      await conn.db.deleteFrom('writing_reminders').where('day', '=', '2026-12-05').execute()
    }
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
