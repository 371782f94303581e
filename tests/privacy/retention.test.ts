import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { retentionCutoff, retentionPlan, runRetentionDuties, saveRetention } from '~/features/privacy/retention.server'
import { teamLog } from '~/features/privacy/erase.server'
import { createPost } from '~/features/students/posts.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'

const DAY = 86_400_000

describe('the retention cutoff', () => {
  it('counts the current school year as one, from the month it starts', () => {
    expect(retentionCutoff('2026-11-25', 1, 8)).toBe('2026-08-01')
    expect(retentionCutoff('2026-11-25', 2, 8)).toBe('2025-08-01')
    expect(retentionCutoff('2026-05-10', 2, 8)).toBe('2024-08-01')
    expect(retentionCutoff('2026-05-10', 1, 4)).toBe('2026-04-01')
    expect(retentionCutoff('2026-03-31', 1, 4)).toBe('2025-04-01')
  })
})

describe.each(DIALECTS)('retention on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  const diary = (title: string, diaryDate: string) => ({ title, diaryDate, event: 'A day.', emotions: ['3'], behaviour: '9', behaviourText: '' })
  const titles = async () => (await conn.db.selectFrom('posts').select('title').orderBy('diary_date').execute()).map((p) => p.title)

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
    await createPost(conn.db, s.id.amy, s.journalId, diary('Old', '2024-09-10'))
    await createPost(conn.db, s.id.amy, s.journalId, diary('Last year', '2025-10-01'))
    await createPost(conn.db, s.id.amy, s.journalId, diary('This year', '2026-09-01'))
    // A personal journal is not the team's: untouched.
    await createPost(conn.db, s.id.cara, s.soloJournalId, diary('Solo old', '2023-01-01'))
    await conn.db.insertInto('risk_alerts').values({ journal_id: s.journalId, student_id: s.id.amy, rule: 'drop', severity: 'medium', status: 'resolved', snooze_until: null, reasons: '{"rule":"drop"}', created_at: '2024-09-11T00:00:00.000Z', updated_at: '2024-09-11T00:00:00.000Z', resolved_at: '2024-09-12T00:00:00.000Z', verdict: 'right' }).execute()
  })
  afterAll(() => conn.close())

  it('off by default: nothing is told or deleted', async () => {
    expect(await runRetentionDuties(conn.db, new Date('2026-11-25T02:00:00Z'))).toBe(0)
    expect(await conn.db.selectFrom('notifications').select('id').where('msg_key', '=', 'notification.retentionNotice').execute()).toEqual([])
  })

  it('on: the admins are told 30 days before; only then, and only the team\'s journals, the diaries go, counted in the log', async () => {
    await saveRetention(conn.db, s.teamId, { years: 2, startMonth: 8 })
    const day1 = new Date('2026-11-25T02:00:00Z')
    // The notice now (2024's diary is before 2025-08-01), nothing deleted yet.
    expect(await runRetentionDuties(conn.db, day1)).toBe(0)
    const notices = await conn.db.selectFrom('notifications').select(['user_id', 'params']).where('msg_key', '=', 'notification.retentionNotice').execute()
    expect(notices.map((n) => n.user_id)).toEqual([s.id.admin])
    expect(JSON.parse(notices[0].params)).toEqual({ posts: 1, before: '2025-08-01', date: '2026-12-25' })
    expect((await retentionPlan(conn.db, s.teamId, day1)).next).toMatchObject({ before: '2025-08-01', on: '2026-12-25', posts: 1 })
    // The next days: told once; 29 days later still nothing deleted.
    expect(await runRetentionDuties(conn.db, new Date(day1.getTime() + DAY))).toBe(0)
    expect(await runRetentionDuties(conn.db, new Date(day1.getTime() + 29 * DAY))).toBe(0)
    expect(await conn.db.selectFrom('notifications').select('id').where('msg_key', '=', 'notification.retentionNotice').execute()).toHaveLength(1)
    expect(await titles()).toEqual(['Solo old', 'Old', 'Last year', 'This year'])
    // Thirty days on: the old diary goes, once; its alert is kept as a count.
    expect(await runRetentionDuties(conn.db, new Date(day1.getTime() + 30 * DAY))).toBe(1)
    expect(await runRetentionDuties(conn.db, new Date(day1.getTime() + 30 * DAY + 3_600_000))).toBe(0)
    expect(await titles()).toEqual(['Solo old', 'Last year', 'This year'])
    expect(await conn.db.selectFrom('erased_alerts').select('rule').execute()).toEqual([{ rule: 'drop' }])
    expect((await teamLog(conn.db, { teamId: s.teamId }))[0]).toMatchObject({ kind: 'retention', details: { posts: 1, journals: 1, before: '2025-08-01', alerts: 1 } })
  })

  it('a new school year brings its own notice before the next diaries go; changing the setting starts the notice over', async () => {
    // July 2027: 30 days before August, "Last year" (2025-10) is before the coming cutoff 2026-08-01.
    const july = new Date('2027-07-05T02:00:00Z')
    expect(await runRetentionDuties(conn.db, july)).toBe(0)
    expect(await conn.db.selectFrom('notifications').select('id').where('msg_key', '=', 'notification.retentionNotice').execute()).toHaveLength(2)
    await saveRetention(conn.db, s.teamId, { years: 1, startMonth: 8 })
    expect(await runRetentionDuties(conn.db, new Date(july.getTime() + 10 * DAY))).toBe(0)
    expect(await titles()).toEqual(['Solo old', 'Last year', 'This year'])
  })
})
