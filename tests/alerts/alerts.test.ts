import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { actOnAlert, activeAlertCount, alertDetail, alertFeedback, alertsOf, markSeen } from '~/features/alerts/manage.server'
import { alertOfPost, flagPost, recordFinding } from '~/features/alerts/raise.server'
import { alertsPerWeek, replayAlerts } from '~/features/alerts/replay'
import { assessPost } from '~/features/alerts/assess/assess.server'
import { findingsFor, streakLength, usualOf, type MoodPost } from '~/features/alerts/rules'
import { notificationList } from '~/features/notifications/list.server'
import { createPost } from '~/features/students/posts.server'
import { casesOf } from '~/features/alerts/cases.server'
import { setWatching } from '~/features/posts/marks.server'
import { addDays } from '~/shared/dates'
import { DIALECTS, freshDatabase } from '../support/db'
import { addCoTeacher, joinStudents, newJournal } from '../support/journals'
import { namedAccounts } from '../support/people'

const DAY = 86_400_000
const start = Date.parse('2026-10-01T08:00:00Z')
/** A post of day `d` with a mood: +1, -1 or 0. */
const at = (d: number) => new Date(start + d * DAY).toISOString()
const post = (id: number, mood: number, d = id, content?: MoodPost['content']): MoodPost => ({ id, title: `Day ${d}`, diaryDate: at(d).slice(0, 10), createdAt: at(d), emotions: mood > 0 ? ['3'] : mood < 0 ? ['B'] : ['3', 'B'], mood, content })
const usual = (negativeShare: number, mean = 0) => ({ negativeShare, mean, posts: 100 })

describe('the alert rules', () => {
  it('the words rule takes the content assessment: its severity, each finding in its whole sentence', async () => {
    const content = await assessPost({ title: 'Night', event: 'After school I cried a lot. Sometimes I want to die, I think.' })
    expect(content.findings).toEqual([expect.objectContaining({ category: 'suicide', severity: 'high', field: 'event', sentence: 'Sometimes I want to die, I think.', words: 'want to die' })])
    expect(findingsFor([post(1, -1, 1, content)], usual(0.3))[0]).toMatchObject({ rule: 'words', severity: 'high', reasons: { posts: [{ findings: content.findings }] } })
    // Names and things thrown away: medium; a threat of violence by other children: at once (decision 0060).
    const names = await assessPost({ title: '放學', event: '他們每天都叫我胖子，還把我的書包丟到垃圾桶' })
    expect(findingsFor([post(1, -1, 1, names)], usual(0.3))[0]).toMatchObject({ rule: 'words', severity: 'medium' })
    const threat = await assessPost({ title: '放學', event: '他們說放學要打死我' })
    expect(findingsFor([post(1, -1, 1, threat)], usual(0.3))[0]).toMatchObject({ rule: 'words', severity: 'high' })
    expect(findingsFor([post(1, -1, 1, await assessPost({ title: '夜', event: '今日は死にたいと思った' }))], usual(0.3))[0]).toMatchObject({ rule: 'words', severity: 'high' })
    // An ordinary sad day, and a word that only contains a worrying one.
    expect(findingsFor([post(1, -1, 1, await assessPost({ title: 'Museum', event: 'I was sad and tired. The gunnery museum was closed.' }))], usual(0.3))).toEqual([])
  })

  it('a streak is as long as this class makes unlikely by chance: 3 where a third of posts are sad, 9 where most are', () => {
    expect([0.05, 0.3, 0.5, 0.7, 0.95].map(streakLength)).toEqual([3, 3, 5, 9, 10])
    const three = [post(1, 1), post(2, -1), post(3, -1), post(4, -1)]
    expect(findingsFor(three, usual(0.3)).map((f) => [f.rule, f.severity, f.evidence])).toEqual([['streak', 'medium', [2, 3, 4]]])
    // Must not alert: two sad days then a good one; three sad days in a class where sad days are the rule.
    expect(findingsFor([post(1, -1), post(2, -1), post(3, 1)], usual(0.3))).toEqual([])
    expect(findingsFor(three, usual(0.7))).toEqual([])
    // A mixed post breaks a streak.
    expect(findingsFor([post(1, -1), post(2, 0), post(3, -1), post(4, -1)], usual(0.3))).toEqual([])
  })

  it('a drop: the last four posts well below both the student\'s own and the class\'s usual mood', () => {
    const history = [1, 1, 1, 0, 1, -1, -1, -1, -1].map((m, i) => post(i + 1, m, i * 2))
    const found = findingsFor(history, usual(0.6, 0.3)).find((f) => f.rule === 'drop')
    expect(found?.reasons).toMatchObject({ rule: 'drop', recentMean: -1, ownMean: 0.8, usualMean: 0.3, threshold: 1, earlierPosts: 5 })
    // Must not alert: a class whose usual is as low; a student who was always this low; four posts spread over more than 21 days.
    expect(findingsFor(history, usual(0.9, -0.8)).some((f) => f.rule === 'drop')).toBe(false)
    expect(findingsFor([-1, -1, 0, -1, -1, -1, -1, -1].map((m, i) => post(i + 1, m, i)), usual(0.9, 0.5)).some((f) => f.rule === 'drop')).toBe(false)
    expect(findingsFor([1, 1, 1, 1, 1, -1, -1, -1, -1].map((m, i) => post(i + 1, m, i * 8)), usual(0.6, 0.3)).some((f) => f.rule === 'drop')).toBe(false)
  })

  it('evidence a teacher has already judged does not raise the rule again', async () => {
    const three = [post(2, -1), post(3, -1), post(4, -1)]
    expect(findingsFor(three, usual(0.3), { streak: at(3) })).toEqual([])
    expect(findingsFor(three, usual(0.3), { streak: at(1) })).toHaveLength(1)
    expect(findingsFor([post(5, -1, 5, await assessPost({ title: 'x', event: 'I want to die' }))], usual(0.3), { words: at(6) })).toEqual([])
  })

  it('replayed on a class with random moods, the rules stay quiet; a student who turns is found', () => {
    let seed = 7
    const rand = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
    const posts = Array.from({ length: 25 }, (_, s) => Array.from({ length: 20 }, (_, i) => ({ ...post(s * 100 + i, rand() < 0.4 ? -1 : 1, i * 3), studentId: s }))).flat()
    const quiet = replayAlerts(posts)
    expect(alertsPerWeek(quiet, posts)).toBeLessThan(3)
    const turned = posts.map((p) => (p.studentId === 3 && p.id % 100 >= 14 ? { ...p, mood: -1, emotions: ['B'] } : p.studentId === 3 ? { ...p, mood: 1, emotions: ['3'] } : p))
    expect(replayAlerts(turned).filter((a) => a.studentId === 3).map((a) => a.rule)).toContain('drop')
  })

  it('the usual mood needs enough posts; until then a third of posts count as sad', () => {
    expect(usualOf([-1, -1])).toEqual({ negativeShare: 1 / 3, mean: 0, posts: 2 })
    expect(usualOf(Array.from({ length: 20 }, (_, i) => (i < 5 ? -1 : 1)))).toEqual({ negativeShare: 0.25, mean: 0.5, posts: 20 })
  })
})

describe.each(DIALECTS)('risk alerts on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const id: Record<string, number> = {}
  let journalId: number
  let otherJournal: number
  const today = new Date().toISOString().slice(0, 10)
  // A low mood with no worrying words (being left out would be a sign of bullying: decision 0069).
  const sad = { title: 'A hard day', diaryDate: today, event: 'I felt sad all day.', emotions: ['B'], behaviour: '6', behaviourText: 'I cried.' }

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    Object.assign(id, await namedAccounts(conn.db, ['owner', 'cot', 'stranger', 'amy', 'ben']))
    journalId = await newJournal(conn.db, id.owner, { name: 'Class' })
    otherJournal = await newJournal(conn.db, id.stranger, { name: 'Other' })
    await addCoTeacher(conn.db, journalId, id.cot)
    await joinStudents(conn.db, journalId, [id.amy, id.ben])
  })
  afterAll(() => conn.close())

  const alertsOfJournal = () => conn.db.selectFrom('risk_alerts').selectAll().where('journal_id', '=', journalId).orderBy('id').execute()
  const told = async (user: string) => (await notificationList(conn.db, id[user], { type: 'd', limit: 50 })).items.filter((n) => n.msgKey === 'notification.alertHighOf')

  it('a post with suicidal words raises one high alert with its whole sentence, told at once to each teacher of the journal', async () => {
    await createPost(conn.db, id.amy, journalId, { ...sad, behaviourText: 'Sometimes I want to die.' })
    const [alert] = await alertsOfJournal()
    expect(alert).toMatchObject({ student_id: id.amy, rule: 'words', severity: 'high', status: 'open' })
    expect(JSON.parse(alert.reasons).posts[0].findings).toEqual([{ category: 'suicide', severity: 'high', field: 'behaviour', sentence: 'Sometimes I want to die.', words: 'want to die', language: 'en' }])
    for (const teacher of ['owner', 'cot']) expect((await told(teacher)).map((n) => n.params)).toEqual([{ student: 'AMY', journal: 'Class', concern: 'alerts.category_suicide' }])
    expect(await told('stranger')).toEqual([])
    // More words from the same student join the open alert: its evidence grows, nobody is told twice.
    await createPost(conn.db, id.amy, journalId, { ...sad, title: 'Again', event: 'I want to hurt myself.' })
    const alerts = await alertsOfJournal()
    expect(alerts).toHaveLength(1)
    expect(JSON.parse(alerts[0].reasons).posts).toHaveLength(2)
    expect(await told('owner')).toHaveLength(1)
    const detail = (await alertDetail(conn.db, journalId, alerts[0].id))!
    expect(detail.trail.map((s) => s.action)).toEqual(['raised', 'evidence'])
  })

  it('three negative posts in a row (a class whose usual is not known yet) raise a medium streak alert, not told at once', async () => {
    for (const title of ['One', 'Two']) await createPost(conn.db, id.ben, journalId, { ...sad, title })
    expect((await alertsOfJournal()).filter((a) => a.student_id === id.ben)).toEqual([])
    await createPost(conn.db, id.ben, journalId, { ...sad, title: 'Three' })
    const [streak] = (await alertsOfJournal()).filter((a) => a.student_id === id.ben)
    expect(streak).toMatchObject({ rule: 'streak', severity: 'medium' })
    expect(JSON.parse(streak.reasons).posts.map((p: { title: string }) => p.title)).toEqual(['One', 'Two', 'Three'])
    expect(await told('owner')).toHaveLength(1)
    expect(await activeAlertCount(conn.db, journalId)).toBe(2)
  })

  it('the watched students list puts students with open alerts first', async () => {
    const { aaron } = await namedAccounts(conn.db, ['aaron'])
    await joinStudents(conn.db, journalId, [aaron])
    for (const studentId of [aaron, id.amy, id.ben]) await setWatching(conn.db, { teacherId: id.owner, journalId, studentId, on: true })
    const { rows } = await casesOf(conn.db, { teacherId: id.owner, journalId, page: 1 })
    // AARON comes first by name, but has no alert.
    expect(rows.map((r) => [r.name, r.openAlerts])).toEqual([['AMY', 1], ['BEN', 1], ['AARON', 0]])
  })

  it('two findings of one rule at once make one alert', async () => {
    const finding = findingsFor([post(1, -1, 1, await assessPost({ title: 'x', event: 'they said they will beat me up after school' }))], usual(0.3))[0]
    await Promise.all([recordFinding(conn.db, journalId, id.ben, finding), recordFinding(conn.db, journalId, id.ben, finding)])
    expect((await alertsOfJournal()).filter((a) => a.student_id === id.ben && a.rule === 'words')).toHaveLength(1)
  })

  it('acknowledge, snooze and resolve are each kept in the trail; a stale action writes nothing; another journal\'s alert is missing', async () => {
    const [alert] = await alertsOfJournal()
    expect(await markSeen(conn.db, journalId, alert.id, id.cot)).toBe(true)
    expect(await markSeen(conn.db, journalId, alert.id, id.cot)).toBe(true)
    expect(await actOnAlert(conn.db, journalId, alert.id, id.owner, { intent: 'acknowledge' })).toBe('ok')
    expect(await actOnAlert(conn.db, journalId, alert.id, id.cot, { intent: 'acknowledge' })).toBe('stale')
    expect(await actOnAlert(conn.db, otherJournal, alert.id, id.stranger, { intent: 'resolve', note: 'x', verdict: 'right' })).toBe('missing')
    expect(await markSeen(conn.db, otherJournal, alert.id, id.stranger)).toBe(false)
    const active = await activeAlertCount(conn.db, journalId, today)
    expect(await actOnAlert(conn.db, journalId, alert.id, id.owner, { intent: 'snooze', until: addDays(today, 3) })).toBe('ok')
    expect(await activeAlertCount(conn.db, journalId, today)).toBe(active - 1)
    // The snooze ends on its day: the alert counts again, without a job to wake it.
    expect(await activeAlertCount(conn.db, journalId, addDays(today, 3))).toBe(active)
    expect((await alertsOf(conn.db, journalId, 1, addDays(today, 3))).rows.find((r) => r.id === alert.id)?.shownStatus).toBe('snoozeEnded')
    expect(await actOnAlert(conn.db, journalId, alert.id, id.cot, { intent: 'resolve', note: 'Called home; counsellor weekly.', verdict: 'right' })).toBe('ok')
    const detail = (await alertDetail(conn.db, journalId, alert.id))!
    expect(detail.verdict).toBe('right')
    expect(detail.trail.map((s) => [s.action, s.who, s.note])).toEqual([
      ['raised', null, ''],
      ['evidence', null, ''],
      ['seen', 'COT', ''],
      ['acknowledged', 'OWNER', ''],
      ['snoozed', 'OWNER', addDays(today, 3)],
      ['resolved', 'COT', 'Called home; counsellor weekly.'],
    ])
    expect(detail.seenBy.sort()).toEqual(['COT', 'OWNER'])
    // Resolved alerts go last; the list's first row needs someone.
    const list = await alertsOf(conn.db, journalId, 1)
    expect(list.rows.at(-1)?.id).toBe(alert.id)
    expect(list.rows[0].shownStatus).toBe('open')
    // Evidence already judged raises nothing; a new worrying post after the resolution raises a new alert.
    await createPost(conn.db, id.amy, journalId, { ...sad, title: 'Later', event: 'I want to die.' })
    expect((await alertsOfJournal()).filter((a) => a.student_id === id.amy && a.rule === 'words' && a.status !== 'resolved')).toHaveLength(1)
  })

  it('the teachers\' verdicts: the share of false alarms over 90 days; a worrying post flagged by a teacher is an alert and a miss, once', async () => {
    const before = await alertFeedback(conn.db, [journalId])
    // A false alarm resolved: ben's alert.
    const bens = (await alertsOfJournal()).find((a) => a.student_id === id.ben && a.status !== 'resolved')!
    expect(await actOnAlert(conn.db, journalId, bens.id, id.owner, { intent: 'resolve', note: 'A game.', verdict: 'false_alarm' })).toBe('ok')
    const after = await alertFeedback(conn.db, [journalId])
    expect(after.resolved).toBe(before.resolved + 1)
    expect(after.falseAlarms).toBe(before.falseAlarms + 1)
    expect(after.falseShare).toBeCloseTo(after.falseAlarms / after.resolved)
    // A post that raised nothing, flagged: a medium alert with the teacher's reason, told at once, counted as a miss.
    id.aaron = (await conn.db.selectFrom('users').select('id').where('account', '=', 'aaron').executeTakeFirstOrThrow()).id
    const quiet = await createPost(conn.db, id.aaron, journalId, { ...sad, title: 'Quiet', event: 'We visited my aunt on Sunday.' })
    expect((await alertsOfJournal()).filter((a) => a.student_id === id.aaron)).toEqual([])
    const flagged = await flagPost(conn.db, quiet, { userId: id.cot, name: 'COT' }, 'Not like him.')
    expect(flagged.ok).toBe(true)
    const alert = (await alertsOfJournal()).find((a) => a.id === flagged.alertId)!
    expect(alert).toMatchObject({ student_id: id.aaron, rule: 'words', severity: 'medium', flagged_by: id.cot })
    expect(JSON.parse(alert.reasons).posts[0]).toMatchObject({ id: quiet, flaggedBy: 'COT', note: 'Not like him.', findings: [] })
    expect((await alertDetail(conn.db, journalId, alert.id))!.trail.map((s) => [s.action, s.who])).toEqual([['raised', 'COT']])
    expect((await told('owner')).length).toBeGreaterThan(0)
    expect((await alertFeedback(conn.db, [journalId])).flagged).toBe(1)
    expect((await alertFeedback(conn.db, [journalId])).misses).toBe(after.misses + 1)
    // Flagged again (a double click, another teacher): the same alert, nothing more.
    expect(await flagPost(conn.db, quiet, { userId: id.owner, name: 'OWNER' })).toEqual({ ok: false, alertId: alert.id })
    expect(await alertOfPost(conn.db, journalId, quiet)).toBe(alert.id)
  })
})
