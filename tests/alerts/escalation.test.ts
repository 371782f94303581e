import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Finding } from '~/features/alerts/rules'
import { addEscalationNote, counselOf, escalateAlert, escalationTargets, runOverdueAlerts } from '~/features/alerts/escalate.server'
import { counselsPost, mayCounsel } from '~/features/counsellor/access.server'
import { addStep, takeAlert } from '~/features/counsellor/actions.server'
import { counsellorInbox } from '~/features/counsellor/inbox.server'
import { pictureForReader } from '~/features/counsellor/pictures.server'
import { counsellorView } from '~/features/counsellor/view.server'
import { recipientsOf } from '~/features/alerts/trail'
import { actOnAlert, alertDetail, markSeen } from '~/features/alerts/manage.server'
import { recordFinding } from '~/features/alerts/raise.server'
import { alertRecord } from '~/features/alerts/record.server'
import { addSchoolHours, calendarOf, escalationDue, parseClosedDates } from '~/features/team/school-hours'
import { createPost } from '~/features/students/posts.server'
import { ROLE } from '~/features/team/roles'
import { changeMember, saveTeamCalendar, TeamForbidden } from '~/features/team/team.server'
import { translatorOf } from '~/i18n/middleware.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'

// Friday 27 November 2026, 15:00 in Taipei (UTC+8); the school is open weekdays 8 to 17.
const FRIDAY_3PM = '2026-11-27T07:00:00.000Z'
const taipei = calendarOf(null, 'Asia/Taipei')

describe('school hours', () => {
  it('four school hours from Friday 15:00 end on Monday at 10:00, not over the weekend', () => {
    expect(addSchoolHours(new Date(FRIDAY_3PM), 4, taipei)?.toISOString()).toBe('2026-11-30T02:00:00.000Z')
    // Raised on Saturday: the count starts at Monday's opening.
    expect(addSchoolHours(new Date('2026-11-28T04:00:00Z'), 4, taipei)?.toISOString()).toBe('2026-11-30T04:00:00.000Z')
    // Raised before school on Monday: from 08:00.
    expect(addSchoolHours(new Date('2026-11-29T22:00:00Z'), 1, taipei)?.toISOString()).toBe('2026-11-30T01:00:00.000Z')
  })
  it('a closed Monday moves it to Tuesday; a school open on Saturday mornings counts them', () => {
    expect(addSchoolHours(new Date(FRIDAY_3PM), 4, { ...taipei, closed: ['2026-11-30'] })?.toISOString()).toBe('2026-12-01T02:00:00.000Z')
    expect(addSchoolHours(new Date(FRIDAY_3PM), 4, { ...taipei, days: [1, 2, 3, 4, 5, 6], endHour: 17 })?.toISOString()).toBe('2026-11-28T02:00:00.000Z')
  })
  it('a medium alert waits three school days; a calendar without school hours never escalates', () => {
    expect(escalationDue(FRIDAY_3PM, 'medium', 4, taipei)?.toISOString()).toBe('2026-12-02T07:00:00.000Z')
    // Two hours from 15:00: the end of Friday's school day.
    expect(escalationDue(FRIDAY_3PM, 'high', 2, taipei)?.toISOString()).toBe('2026-11-27T09:00:00.000Z')
    expect(escalationDue(FRIDAY_3PM, 'high', 3, taipei)?.toISOString()).toBe('2026-11-30T01:00:00.000Z')
    expect(addSchoolHours(new Date(FRIDAY_3PM), 4, { ...taipei, days: [] })).toBeNull()
  })
  it('closed dates are read from any list of real dates, sorted and once each', () => {
    expect(parseClosedDates('2026-12-25\n2026-01-01, 2026-12-25 2026-02-30 nonsense')).toEqual(['2026-01-01', '2026-12-25'])
  })
})

describe.each(DIALECTS)('escalation to the counsellor on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  let postId: number
  const happy = { title: 'Park', diaryDate: '2026-11-27', event: 'We played in the park.', emotions: ['3'], behaviour: '9', behaviourText: 'I said thank you.' }

  const highFinding = (id: number): Finding => ({ rule: 'words', severity: 'high', reasons: { rule: 'words', posts: [{ id, title: 'Park', diaryDate: '2026-11-27', findings: [] }] }, evidence: [id] })
  const mediumFinding = (id: number): Finding => ({ rule: 'streak', severity: 'medium', reasons: { rule: 'streak', length: 3, negativeShare: 0.3, posts: [{ id, title: 'Park', diaryDate: '2026-11-27', emotions: ['B'], mood: -1 }] }, evidence: [id] })
  const stepsOf = async (alertId: number) => (await conn.db.selectFrom('risk_alert_steps').select(['action', 'user_id']).where('alert_id', '=', alertId).orderBy('id').execute()).map((x) => `${x.action}:${x.user_id ?? 'console'}`)
  const escalationsOf = async (alertId: number) => (await conn.db.selectFrom('alert_escalations').select(['user_id', 'escalated_by']).where('alert_id', '=', alertId).orderBy('user_id').execute())
  const noticesOf = async (userId: number, key: string) => conn.db.selectFrom('notifications').select(['msg_key', 'link', 'params']).where('user_id', '=', userId).where('msg_key', '=', key).execute()

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
    postId = await createPost(conn.db, s.id.amy, s.journalId, happy)
  })
  afterAll(() => conn.close())

  it('the team\'s counsellors receive escalations; without a counsellor its admins; outside a team nobody', async () => {
    expect(await escalationTargets(conn.db, s.journalId)).toMatchObject({ kind: 'counsellors', people: [{ id: s.id.counsellor, name: 'COUNSELLOR' }] })
    expect(await escalationTargets(conn.db, s.soloJournalId)).toMatchObject({ kind: 'none', people: [] })
  })

  it('a high alert nobody opened escalates by itself at the right school hour across a weekend, once, told at once', async () => {
    const { id: alertId } = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(postId), FRIDAY_3PM)
    // Friday evening and the whole weekend, and Monday at 09:59: not yet.
    for (const at of ['2026-11-27T10:00:00Z', '2026-11-29T12:00:00Z', '2026-11-30T01:59:00Z']) expect(await runOverdueAlerts(conn.db, new Date(at))).toEqual([])
    expect(await escalationsOf(alertId)).toEqual([])
    const mails = await runOverdueAlerts(conn.db, new Date('2026-11-30T02:00:00Z'))
    expect(mails).toEqual([{ userId: s.id.counsellor, msgKey: 'mail.alertEscalated', params: { journal: 'Class 5', severity: 'high', concern: 'alerts.rule_words' }, link: `/counsellor/alerts/${alertId}` }])
    expect(await escalationsOf(alertId)).toEqual([{ user_id: s.id.counsellor, escalated_by: null }])
    expect(await stepsOf(alertId)).toEqual(['raised:console', 'escalated:console'])
    expect(await noticesOf(s.id.counsellor, 'notification.alertEscalatedAutoOf')).toEqual([{ msg_key: 'notification.alertEscalatedAutoOf', link: `/counsellor/alerts/${alertId}`, params: JSON.stringify({ student: 'AMY', journal: 'Class 5', concern: 'alerts.rule_words' }) }])
    // The next ticks find it done.
    expect(await runOverdueAlerts(conn.db, new Date('2026-11-30T02:01:00Z'))).toEqual([])
    expect(await stepsOf(alertId)).toEqual(['raised:console', 'escalated:console'])
  })

  it('two processes running the tick at the same moment escalate it once', async () => {
    const other = conn.another ? await conn.another() : null
    try {
      const ben = await createPost(conn.db, s.id.ben, s.journalId, { ...happy, title: 'Ben' })
      const { id: alertId } = await recordFinding(conn.db, s.journalId, s.id.ben, highFinding(ben), FRIDAY_3PM)
      const due = new Date('2026-11-30T03:00:00Z')
      const results = await Promise.all([runOverdueAlerts(conn.db, due), runOverdueAlerts((other ?? conn).db, due), runOverdueAlerts(conn.db, due)])
      expect(results.flat().filter((m) => m.link === `/counsellor/alerts/${alertId}`)).toHaveLength(1)
      expect(await stepsOf(alertId)).toEqual(['raised:console', 'escalated:console'])
      expect(await noticesOf(s.id.counsellor, 'notification.alertEscalatedAutoOf')).toHaveLength(2)
    } finally {
      await other?.close()
    }
  })

  it('an alert a teacher opened does not escalate by itself; a medium one waits three school days', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: FRIDAY_3PM }).execute()
    const seen = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(postId), FRIDAY_3PM)
    await markSeen(conn.db, s.journalId, seen.id, s.id.cot)
    const medium = await recordFinding(conn.db, s.journalId, s.id.ben, mediumFinding(postId), FRIDAY_3PM)
    expect(await runOverdueAlerts(conn.db, new Date('2026-12-02T06:59:00Z'))).toEqual([])
    const mails = await runOverdueAlerts(conn.db, new Date('2026-12-02T07:00:00Z'))
    expect(mails.map((m) => m.link)).toEqual([`/counsellor/alerts/${medium.id}`])
    expect(await escalationsOf(seen.id)).toEqual([])
    const trail = await conn.db.selectFrom('risk_alert_steps').select('note').where('alert_id', '=', medium.id).where('action', '=', 'escalated').executeTakeFirstOrThrow()
    expect(JSON.parse(trail.note)).toEqual({ days: 3 })
    // The alert's page reads that wait from the trail the server gives it.
    const shown = (await alertDetail(conn.db, s.journalId, medium.id))!.trail.find((step) => step.action === 'escalated')
    expect(shown?.autoWait).toEqual({ days: 3 })
  })

  it('the team\'s calendar decides: a school closed on Monday escalates on Tuesday; only its admins may change it', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: FRIDAY_3PM }).execute()
    await expect(saveTeamCalendar(conn.db, s.id.counsellor, s.teamId, { days: ['1'], startHour: 8, endHour: 9, closed: [], timeZone: 'Asia/Taipei' })).rejects.toBeInstanceOf(TeamForbidden)
    await saveTeamCalendar(conn.db, s.id.admin, s.teamId, { days: ['1', '2', '3', '4', '5'], startHour: 8, endHour: 17, closed: ['2026-11-30'], timeZone: 'Asia/Taipei' })
    const { id } = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(postId), FRIDAY_3PM)
    expect(await runOverdueAlerts(conn.db, new Date('2026-11-30T08:00:00Z'))).toEqual([])
    expect((await runOverdueAlerts(conn.db, new Date('2026-12-01T02:00:00Z'))).map((m) => m.link)).toEqual([`/counsellor/alerts/${id}`])
    await saveTeamCalendar(conn.db, s.id.admin, s.teamId, { days: ['1', '2', '3', '4', '5'], startHour: 8, endHour: 17, closed: [], timeZone: 'Asia/Taipei' })
  })

  it('without a counsellor the team admin receives it; outside a team the journal\'s teachers are told again', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: FRIDAY_3PM }).execute()
    await conn.db.updateTable('team_members').set({ role_id: ROLE.teamTeacher }).where('user_id', '=', s.id.counsellor).execute()
    try {
      const { id } = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(postId), FRIDAY_3PM)
      const cara = await createPost(conn.db, s.id.cara, s.soloJournalId, { ...happy, title: 'Cara' })
      const solo = await recordFinding(conn.db, s.soloJournalId, s.id.cara, highFinding(cara), FRIDAY_3PM)
      const mails = await runOverdueAlerts(conn.db, new Date('2026-11-30T02:00:00Z'))
      expect(mails.map((m) => [m.userId, m.msgKey, m.link]).sort()).toEqual(
        [
          [s.id.admin, 'mail.alertEscalated', `/counsellor/alerts/${id}`],
          [s.id.solo, 'mail.alertOverdue', `/diary/homework/${s.soloJournalId}/alerts/${solo.id}`],
        ].sort(),
      )
      expect(await escalationsOf(solo.id)).toEqual([])
      expect(await stepsOf(solo.id)).toEqual(['raised:console', 'reminded:console'])
      expect(await noticesOf(s.id.solo, 'notification.alertOverdueOf')).toHaveLength(1)
      expect(await mayCounsel(conn.db, s.id.admin, id)).toMatchObject({ id })
    } finally {
      await conn.db.updateTable('team_members').set({ role_id: ROLE.counsellor }).where('user_id', '=', s.id.counsellor).execute()
    }
  })

  it('a teacher escalates with a note: to the team\'s counsellor only, once; a resolved alert is not escalated', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: FRIDAY_3PM }).execute()
    const { id } = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(postId))
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.elsewhere, note: 'Please see her.' })).result).toBe('notTarget')
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.cot, note: 'Please see her.' })).result).toBe('notTarget')
    expect(await escalationsOf(id)).toEqual([])
    const done = await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.counsellor, note: 'Please see her today.' })
    expect(done).toEqual({ result: 'ok', mails: [{ userId: s.id.counsellor, msgKey: 'mail.alertEscalated', params: { journal: 'Class 5', severity: 'high', concern: 'alerts.rule_words' }, link: `/counsellor/alerts/${id}` }] })
    // The same form sent again writes nothing; another teacher escalating to the same person adds their note to the escalation (decision 0059).
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.counsellor, note: 'Please see her today.' })).result).toBe('already')
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.cot, { to: s.id.counsellor, note: 'She cried in maths too.' })).result).toBe('noted')
    expect(await stepsOf(id)).toEqual(['raised:console', `escalated:${s.id.owner}`, `noted:${s.id.cot}`])
    expect(await escalationsOf(id)).toEqual([{ user_id: s.id.counsellor, escalated_by: s.id.owner }])
    expect(await noticesOf(s.id.counsellor, 'notification.alertEscalatedOf')).toHaveLength(1)
    expect(await noticesOf(s.id.counsellor, 'notification.alertNotedOf')).toHaveLength(1)
    // Escalated by a teacher: the tick leaves it alone.
    expect(await runOverdueAlerts(conn.db, new Date(Date.now() + 30 * 86_400_000))).toEqual([])
    await actOnAlert(conn.db, s.journalId, id, s.id.owner, { intent: 'resolve', note: 'Done.', verdict: 'right' })
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.counsellor, note: 'Late' })).result).toBe('resolved')
  })

  it('an alert that escalated by itself takes a teacher\'s note: told at once to whom it went, written once; refused on a resolved alert', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: FRIDAY_3PM }).execute()
    const { id } = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(postId), FRIDAY_3PM)
    // Not escalated yet: there is no escalation to add a note to.
    expect((await addEscalationNote(conn.db, s.journalId, id, s.id.cot, 'Seen her at lunch.')).result).toBe('notEscalated')
    await runOverdueAlerts(conn.db, new Date('2026-11-30T02:00:00Z'))
    expect(await escalationsOf(id)).toEqual([{ user_id: s.id.counsellor, escalated_by: null }])
    const note = 'She has not eaten lunch all week. Please see her before Friday.'
    const added = await addEscalationNote(conn.db, s.journalId, id, s.id.cot, note)
    expect(added).toEqual({ result: 'ok', mails: [{ userId: s.id.counsellor, msgKey: 'mail.alertNoted', params: { journal: 'Class 5', severity: 'high', concern: 'alerts.rule_words' }, link: `/counsellor/alerts/${id}` }] })
    // Escalating to the counsellor who has it adds the note instead of refusing it.
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.counsellor, note: 'Her mother called me.' })).result).toBe('noted')
    expect((await addEscalationNote(conn.db, s.journalId, id, s.id.cot, note)).result).toBe('already')
    expect(await stepsOf(id)).toEqual(['raised:console', 'escalated:console', `noted:${s.id.cot}`, `noted:${s.id.owner}`])
    const told = (await noticesOf(s.id.counsellor, 'notification.alertNotedOf')).filter((n) => n.link === `/counsellor/alerts/${id}`)
    expect(told.map((n) => JSON.parse(n.params))).toEqual([
      { teacher: 'COT', student: 'AMY', journal: 'Class 5', concern: 'alerts.rule_words' },
      { teacher: 'OWNER', student: 'AMY', journal: 'Class 5', concern: 'alerts.rule_words' },
    ])
    // The trail names to whom the note went.
    const detail = (await alertDetail(conn.db, s.journalId, id))!
    const escalations = (await counselOf(conn.db, id)).escalations
    expect(detail.trail.filter((step) => step.action === 'noted').map((step) => [step.note, recipientsOf(step, escalations)])).toEqual([
      [note, ['COUNSELLOR']],
      ['Her mother called me.', ['COUNSELLOR']],
    ])
    await actOnAlert(conn.db, s.journalId, id, s.id.counsellor, { intent: 'resolve', note: 'Met her.', verdict: 'right' })
    expect((await addEscalationNote(conn.db, s.journalId, id, s.id.cot, 'Too late')).result).toBe('resolved')
    expect((await escalateAlert(conn.db, s.journalId, id, s.id.cot, { to: s.id.counsellor, note: 'Too late' })).result).toBe('resolved')
    expect((await stepsOf(id)).filter((x) => x.startsWith('noted'))).toHaveLength(2)
  })

  it('the counsellor sees only what was escalated to them: its posts, pictures and the student\'s mood; takes it once, adds steps, resolves', async () => {
    await conn.db.updateTable('risk_alerts').set({ status: 'resolved', resolved_at: FRIDAY_3PM }).execute()
    const picture = `/pictures/${'a'.repeat(8)}-0000-4000-8000-${'b'.repeat(12)}`
    await conn.db.insertInto('post_pictures').values({ id: picture.slice(10), owner_id: s.id.amy, content_type: 'image/png', data: Buffer.from('png'), width: 1, height: 1, created_at: new Date().toISOString() }).execute()
    const withPicture = await createPost(conn.db, s.id.amy, s.journalId, { ...happy, title: 'With a picture' }, picture)
    const other = await createPost(conn.db, s.id.amy, s.journalId, { ...happy, title: 'Not cited' })
    const { id } = await recordFinding(conn.db, s.journalId, s.id.amy, highFinding(withPicture))
    const { id: notMine } = await recordFinding(conn.db, s.journalId, s.id.ben, mediumFinding(other))
    await escalateAlert(conn.db, s.journalId, id, s.id.owner, { to: s.id.counsellor, note: 'See her.' })
    expect(await counsellorView(conn.db, s.id.counsellor, notMine)).toBeNull()
    expect(await counsellorView(conn.db, s.id.elsewhere, id)).toBeNull()
    expect(await counsellorView(conn.db, s.id.admin, id)).toBeNull()
    const view = (await counsellorView(conn.db, s.id.counsellor, id))!
    expect(view.posts.map((p) => p.title)).toEqual(['With a picture'])
    expect(view.posts[0].frames.some((f) => f.imgUrl === picture)).toBe(true)
    expect(view.mood.length).toBeGreaterThan(0)
    expect(Object.keys(view.mood[0]).sort()).toEqual(['date', 'emotions', 'mood'])
    expect(await counselsPost(conn.db, s.id.counsellor, withPicture, s.journalId)).toBe(true)
    expect(await counselsPost(conn.db, s.id.counsellor, other, s.journalId)).toBe(false)
    expect(await pictureForReader(conn.db, picture.slice(10), { teacherId: s.id.counsellor })).toMatchObject({ contentType: 'image/png' })
    expect(await pictureForReader(conn.db, picture.slice(10), { teacherId: s.id.elsewhere })).toBeNull()
    const inbox = await counsellorInbox(conn.db, s.id.counsellor, 1)
    expect(inbox.rows[0]).toMatchObject({ id, status: 'open', by: 'OWNER', student: 'AMY', journal: 'Class 5' })
    // Open ones first: no open alert after a resolved one.
    const firstResolved = inbox.rows.findIndex((r) => r.status === 'resolved')
    expect(firstResolved).toBeGreaterThan(0)
    expect(inbox.rows.slice(firstResolved).every((r) => r.status === 'resolved')).toBe(true)
    expect((await counsellorInbox(conn.db, s.id.elsewhere, 1)).rows).toEqual([])

    expect(await Promise.all([takeAlert(conn.db, id, s.id.counsellor), takeAlert(conn.db, id, s.id.counsellor)])).toEqual(expect.arrayContaining(['ok', 'stale']))
    expect(await conn.db.selectFrom('risk_alerts').select(['status', 'taken_by']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ status: 'acknowledged', taken_by: s.id.counsellor })
    expect(await addStep(conn.db, id, s.id.counsellor, 'Talked with Amy at lunch.')).toBe('ok')
    expect(await actOnAlert(conn.db, s.journalId, id, s.id.counsellor, { intent: 'resolve', note: 'Parents met; weekly check-in.', verdict: 'right' })).toBe('ok')
    expect(await addStep(conn.db, id, s.id.counsellor, 'Too late')).toBe('stale')
    expect(await stepsOf(id)).toEqual(['raised:console', `escalated:${s.id.owner}`, `taken:${s.id.counsellor}`, `step:${s.id.counsellor}`, `resolved:${s.id.counsellor}`])

    // A counsellor who is no longer one sees nothing of it.
    await changeMember(conn.db, s.id.admin, s.teamId, s.id.counsellor, ROLE.generalAccount)
    expect(await mayCounsel(conn.db, s.id.counsellor, id)).toBeNull()
    expect(await pictureForReader(conn.db, picture.slice(10), { teacherId: s.id.counsellor })).toBeNull()
    await changeMember(conn.db, s.id.admin, s.teamId, s.id.counsellor, ROLE.counsellor)
  })

  it('the record: a PDF with the school, the student, the posts, who saw it and every step; printing it is a step', async () => {
    const [alert] = await conn.db.selectFrom('risk_alerts').select('id').where('taken_by', '=', s.id.counsellor).execute()
    await markSeen(conn.db, s.journalId, alert.id, s.id.cot)
    const record = (await alertRecord(conn.db, s.journalId, alert.id, { userId: s.id.owner, name: 'OWNER', lang: 'en', t: translatorOf('en') }))!
    const doc = await getDocument({ data: new Uint8Array(record.pdf), useSystemFonts: false }).promise
    let textOf = ''
    for (let i = 1; i <= doc.numPages; i++) textOf += (await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ')
    for (const expected of ['Safeguarding record', 'Hill School', 'AMY (amy)', 'Class 5', 'With a picture', 'We played in the park.', 'COUNSELLOR', 'Talked with Amy at lunch.', 'Parents met; weekly check-in.', 'COT', 'by OWNER']) expect(textOf.replace(/\s+/g, ' '), expected).toContain(expected)
    expect((await stepsOf(alert.id)).at(-1)).toBe(`recorded:${s.id.owner}`)
    expect(await alertRecord(conn.db, s.soloJournalId, alert.id, { userId: s.id.solo, name: 'SOLO', lang: 'en', t: translatorOf('en') })).toBeNull()
  })
})
