import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOLD_BACK_DAYS } from '~/features/alerts/constants'
import { alertHoldsBack, heldBackPosts, withoutHeldBack } from '~/features/alerts/held-back.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'
import { writePost } from '../support/posts'

const DAY = 86_400_000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString()

// Decision 0063: the one rule that says which posts stay out of what goes to families.
describe('an alert holds its posts back', () => {
  it('while it is open, acknowledged or snoozed, and for HOLD_BACK_DAYS after it is resolved, unless as a false alarm', () => {
    for (const status of ['open', 'acknowledged', 'snoozed'] as const) expect(alertHoldsBack({ status, resolvedAt: null, verdict: null })).toBe(true)
    expect(alertHoldsBack({ status: 'resolved', resolvedAt: daysAgo(HOLD_BACK_DAYS - 1), verdict: 'right' })).toBe(true)
    expect(alertHoldsBack({ status: 'resolved', resolvedAt: daysAgo(HOLD_BACK_DAYS - 1), verdict: null })).toBe(true)
    expect(alertHoldsBack({ status: 'resolved', resolvedAt: daysAgo(HOLD_BACK_DAYS + 1), verdict: 'right' })).toBe(false)
    expect(alertHoldsBack({ status: 'resolved', resolvedAt: daysAgo(1), verdict: 'false_alarm' })).toBe(false)
  })

  it('leaves out the held-back posts a choice picked, unless put back, in the picked order', () => {
    const held = new Map([[2, { postId: 2 }], [4, { postId: 4 }]] as [number, never][])
    expect(withoutHeldBack([5, 4, 3, 2, 1], held)).toEqual({ kept: [5, 3, 1], leftOut: [{ postId: 4 }, { postId: 2 }] })
    expect(withoutHeldBack([5, 4, 3, 2, 1], held, [2])).toEqual({ kept: [5, 3, 2, 1], leftOut: [{ postId: 4 }] })
  })
})

describe.each(DIALECTS)('the posts held back from families on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  const post = (student: number, title: string, event = 'We played outside.') => writePost(conn.db, student, s.journalId, { title, diaryDate: '2026-10-05', event })
  const alert = async (student: number, v: { rule: 'words' | 'streak' | 'drop'; posts: number[]; status?: 'open' | 'acknowledged' | 'snoozed' | 'resolved'; resolvedAt?: string; verdict?: 'right' | 'false_alarm'; severity?: 'high' | 'medium' }) => {
    const points = v.posts.map((id) => ({ id, title: 't', diaryDate: '2026-10-05', emotions: ['B'], mood: -1 }))
    const reasons = v.rule === 'words' ? { rule: 'words', posts: points.map(({ id }) => ({ id, title: 't', diaryDate: '2026-10-05', findings: [] })) } : v.rule === 'streak' ? { rule: 'streak', length: points.length, negativeShare: 0.3, posts: points } : { rule: 'drop', threshold: 1, recentMean: -1, ownMean: 1, usualMean: 1, recent: points, earlierPosts: 3 }
    const at = daysAgo(60)
    return (
      await conn.db
        .insertInto('risk_alerts')
        .values({ journal_id: s.journalId, student_id: student, rule: v.rule, severity: v.severity ?? 'medium', status: v.status ?? 'open', snooze_until: null, reasons: JSON.stringify(reasons), created_at: at, updated_at: at, resolved_at: v.resolvedAt ?? null, verdict: v.verdict ?? null })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  }

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
  })
  afterAll(() => conn.close())

  it("holds back the posts every open or recent alert cites, each with the most telling alert, the student's only", async () => {
    // A post that says it: the content assessment raises a high alert by itself.
    const dark = await post(s.id.amy, 'Night', 'After school I cried a lot. Sometimes I want to die.')
    const raised = await conn.db.selectFrom('risk_alerts').select(['id', 'severity']).where('student_id', '=', s.id.amy).executeTakeFirstOrThrow()
    expect(raised.severity).toBe('high')
    const [sad1, sad2, low, recent, old, falseAlarm, fine] = [
      await post(s.id.amy, 'Sad 1'), await post(s.id.amy, 'Sad 2'), await post(s.id.amy, 'Low'), await post(s.id.amy, 'Resolved lately'),
      await post(s.id.amy, 'Resolved long ago'), await post(s.id.amy, 'False alarm'), await post(s.id.amy, 'A good day'),
    ]
    // One unresolved alert a rule: the streak's is snoozed, the drop's open.
    const streak = await alert(s.id.amy, { rule: 'streak', posts: [sad1, sad2], status: 'snoozed' })
    const drop = await alert(s.id.amy, { rule: 'drop', posts: [low] })
    const lately = await alert(s.id.amy, { rule: 'words', posts: [recent, dark], status: 'resolved', resolvedAt: daysAgo(3), verdict: 'right' })
    await alert(s.id.amy, { rule: 'words', posts: [old], status: 'resolved', resolvedAt: daysAgo(HOLD_BACK_DAYS + 2), verdict: 'right' })
    await alert(s.id.amy, { rule: 'words', posts: [falseAlarm], status: 'resolved', resolvedAt: daysAgo(1), verdict: 'false_alarm' })
    // Ben's alert holds back Ben's post, and an alert never holds back a post of someone else.
    const bens = await post(s.id.ben, 'Ben')
    await alert(s.id.ben, { rule: 'words', posts: [bens, fine] })

    const held = await heldBackPosts(conn.db, s.journalId, { studentIds: [s.id.amy] })
    expect([...held.keys()].sort((a, b) => a - b)).toEqual([dark, sad1, sad2, low, recent].sort((a, b) => a - b))
    // The dark post is under the open high alert and a resolved one: the open one says it.
    expect(held.get(dark)).toMatchObject({ alertId: raised.id, severity: 'high', open: true, resolvedAt: null, studentId: s.id.amy, title: 'Night' })
    expect(held.get(recent)).toMatchObject({ alertId: lately, open: false, resolvedAt: expect.any(String) })
    expect(held.get(sad1)).toMatchObject({ alertId: streak, open: true })
    expect(held.get(low)?.alertId).toBe(drop)
    expect(held.has(fine)).toBe(false)
    const all = await heldBackPosts(conn.db, s.journalId)
    expect(all.get(bens)?.studentId).toBe(s.id.ben)
    expect(all.has(fine)).toBe(false)
    // Thirty-one days on, the resolved alert holds nothing back; the open ones still do.
    const later31 = await heldBackPosts(conn.db, s.journalId, { studentIds: [s.id.amy], now: new Date(Date.now() + (HOLD_BACK_DAYS + 1) * DAY) })
    expect(later31.has(recent)).toBe(false)
    expect(later31.has(dark)).toBe(true)
  })
})
