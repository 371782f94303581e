import type { DB } from '~/db/connect.server'
import type { AlertSeverity } from '~/db/schema'
import { nowIso } from '~/db/time'
import { journalTeacherIds, notify } from '~/features/notifications/notify.server'
import { ADMIN_ROLES, ROLE } from '~/features/team/roles'
import { calendarOfJoined, escalationDue, MEDIUM_SCHOOL_DAYS } from '~/features/team/school-hours'
import type { EscalateInput } from './schema'
import type { AlertMail } from './alert-mail.server'
import { concernOf } from './summary'

/**
 * Escalation of risk alerts (decision 0046): a teacher escalates an alert to the school's
 * counsellor with a note; an alert nobody opened in time escalates by itself. Who receives it: the
 * team's counsellors, or its admins where the team has none. A journal outside any team has no
 * counsellor: its overdue alert is told again to its own teachers ("reminded"). What the counsellor
 * then does with it (their inbox, taking it, adding steps) is features/counsellor/.
 */

/** Who an alert of this journal escalates to: the counsellors of its team, or its admins where it has none. */
export async function escalationTargets(db: DB, journalId: number) {
  const journal = await db.selectFrom('journals').select('team_id').where('id', '=', journalId).executeTakeFirst()
  if (!journal?.team_id) return { teamId: null, kind: 'none' as const, people: [] }
  const members = await db
    .selectFrom('team_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => ['u.id', 'm.role_id as roleId', eb.fn.coalesce('u.name', 'u.account').as('name')])
    .where('m.team_id', '=', journal.team_id)
    .where('m.role_id', 'in', [ROLE.counsellor, ...ADMIN_ROLES])
    .orderBy('u.id')
    .execute()
  const counsellors = members.filter((m) => m.roleId === ROLE.counsellor)
  const people = counsellors.length ? counsellors : members
  return { teamId: journal.team_id, kind: counsellors.length ? ('counsellors' as const) : ('admins' as const), people: people.map((p) => ({ id: p.id, name: p.name })) }
}

/** To whom an alert was escalated, by whom and when. */
export async function escalationsOf(db: DB, alertId: number) {
  return db
    .selectFrom('alert_escalations as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .leftJoin('users as b', 'b.id', 'e.escalated_by')
    .select((eb) => ['e.id', 'e.user_id as userId', 'e.note', 'e.at', 'e.escalated_by as byId', eb.fn.coalesce('u.name', 'u.account').as('to'), eb.fn.coalesce('b.name', 'b.account').as('by')])
    .where('e.alert_id', '=', alertId)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute()
}

async function alertHead(db: DB, alertId: number) {
  return db
    .selectFrom('risk_alerts as a')
    .innerJoin('journals as j', 'j.id', 'a.journal_id')
    .innerJoin('users as u', 'u.id', 'a.student_id')
    .select((eb) => ['a.id', 'a.rule', 'a.reasons', 'a.journal_id as journalId', 'a.student_id as studentId', 'a.severity', 'j.name as journal', eb.fn.coalesce('u.name', 'u.account').as('student')])
    .where('a.id', '=', alertId)
    .executeTakeFirstOrThrow()
    // What leads the alert's line in a notification or a mail (decision 0059): a key, read in each reader's language.
    .then(({ rule, reasons, ...a }) => ({ ...a, concern: concernOf(rule, reasons) }))
}

/** Tells the people an alert was just escalated to: a notification each, and the mails to send. */
async function tellEscalated(db: DB, alertId: number, userIds: number[], auto: boolean): Promise<AlertMail[]> {
  if (userIds.length === 0) return []
  const a = await alertHead(db, alertId)
  const link = `/counsellor/alerts/${a.id}`
  await notify(db, {
    readers: userIds,
    type: 'd',
    eventKey: `alert:${a.id}:escalated`,
    msgKey: auto ? 'notification.alertEscalatedAutoOf' : 'notification.alertEscalatedOf',
    params: { student: a.student, journal: a.journal, concern: a.concern },
    link,
    actorId: a.studentId,
    journalId: a.journalId,
  })
  return userIds.map((userId) => ({ userId, msgKey: 'mail.alertEscalated', params: { journal: a.journal, severity: a.severity, concern: a.concern }, link }))
}

/**
 * 'noted': the person had it already (escalated by itself, or by another teacher meanwhile), so the
 * note was added to the escalation; 'already': this very note is in the trail already (the form sent
 * twice), nothing more is written.
 */
export type EscalateResult = 'ok' | 'noted' | 'already' | 'notTarget' | 'resolved' | 'missing'

/**
 * A teacher escalates an alert to one of the journal's escalation targets, with a note (a step of
 * the trail). To someone who has it already, the note is added to the escalation instead (decision 0059):
 * a teacher's note is never lost.
 */
export async function escalateAlert(db: DB, journalId: number, alertId: number, actorId: number, input: EscalateInput): Promise<{ result: EscalateResult; mails: AlertMail[] }> {
  const targets = await escalationTargets(db, journalId)
  if (!targets.people.some((p) => p.id === input.to)) return { result: 'notTarget', mails: [] }
  const result = await db.transaction().execute(async (trx): Promise<EscalateResult> => {
    const a = await trx.selectFrom('risk_alerts').select(['id', 'status']).where('id', '=', alertId).where('journal_id', '=', journalId).executeTakeFirst()
    if (!a) return 'missing'
    if (a.status === 'resolved') return 'resolved'
    if (await sameNoteWritten(trx, alertId, actorId, input.note)) return 'already'
    const at = nowIso()
    const inserted = await trx
      .insertInto('alert_escalations')
      .values({ alert_id: alertId, user_id: input.to, escalated_by: actorId, note: input.note, at })
      .onConflict((oc) => oc.columns(['alert_id', 'user_id']).doNothing())
      .executeTakeFirst()
    const escalated = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
    await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: actorId, action: escalated ? 'escalated' : 'noted', note: input.note, at }).execute()
    await trx.updateTable('risk_alerts').set({ updated_at: at }).where('id', '=', alertId).execute()
    return escalated ? 'ok' : 'noted'
  })
  const mails = result === 'ok' ? await tellEscalated(db, alertId, [input.to], false) : result === 'noted' ? await tellNoted(db, alertId, actorId) : []
  return { result, mails }
}

/** The same note by the same person already in the trail: a form sent twice (a double click, a stale tab) writes it once. */
const sameNoteWritten = async (trx: DB, alertId: number, actorId: number, note: string) =>
  !!(await trx.selectFrom('risk_alert_steps').select('id').where('alert_id', '=', alertId).where('user_id', '=', actorId).where('action', 'in', ['escalated', 'noted']).where('note', '=', note).executeTakeFirst())

export type EscalationNoteResult = 'ok' | 'already' | 'notEscalated' | 'resolved' | 'missing'

/**
 * A teacher adds a note to an alert that was escalated already (decision 0059): by itself, when nobody
 * opened it in time, or by a colleague. The note is a step of the trail ('noted'), told at once to
 * everyone it was escalated to, by notification and e-mail.
 */
export async function addEscalationNote(db: DB, journalId: number, alertId: number, actorId: number, note: string): Promise<{ result: EscalationNoteResult; mails: AlertMail[] }> {
  const result = await db.transaction().execute(async (trx): Promise<EscalationNoteResult> => {
    const a = await trx.selectFrom('risk_alerts').select(['id', 'status']).where('id', '=', alertId).where('journal_id', '=', journalId).executeTakeFirst()
    if (!a) return 'missing'
    if (a.status === 'resolved') return 'resolved'
    if (!(await trx.selectFrom('alert_escalations').select('id').where('alert_id', '=', alertId).executeTakeFirst())) return 'notEscalated'
    if (await sameNoteWritten(trx, alertId, actorId, note)) return 'already'
    const at = nowIso()
    await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: actorId, action: 'noted', note, at }).execute()
    await trx.updateTable('risk_alerts').set({ updated_at: at }).where('id', '=', alertId).execute()
    return 'ok'
  })
  return { result, mails: result === 'ok' ? await tellNoted(db, alertId, actorId) : [] }
}

/** Tells everyone an alert went to that a teacher added a note: a notification each (one per note), and the mails to send. */
async function tellNoted(db: DB, alertId: number, actorId: number): Promise<AlertMail[]> {
  const [a, step, teacher, escalations] = await Promise.all([
    alertHead(db, alertId),
    db.selectFrom('risk_alert_steps').select('id').where('alert_id', '=', alertId).where('user_id', '=', actorId).where('action', '=', 'noted').orderBy('id', 'desc').executeTakeFirstOrThrow(),
    db.selectFrom('users').select((eb) => eb.fn.coalesce('name', 'account').as('name')).where('id', '=', actorId).executeTakeFirstOrThrow(),
    escalationsOf(db, alertId),
  ])
  const readers = [...new Set(escalations.map((e) => e.userId))].filter((id) => id !== actorId)
  if (readers.length === 0) return []
  const link = `/counsellor/alerts/${a.id}`
  await notify(db, {
    readers,
    type: 'd',
    eventKey: `alert:${a.id}:noted:${step.id}`,
    msgKey: 'notification.alertNotedOf',
    params: { teacher: teacher.name, student: a.student, journal: a.journal, concern: a.concern },
    link,
    actorId,
    journalId: a.journalId,
  })
  return readers.map((userId) => ({ userId, msgKey: 'mail.alertNoted' as const, params: { journal: a.journal, severity: a.severity, concern: a.concern }, link }))
}

/** What the trail says of an escalation by itself: the wait it was given, in school hours or days. */
export type OverdueNote = { hours: number } | { days: number }

/**
 * The alerts nobody opened in time (decision 0046): a high one unopened for the journal's school hours, a
 * medium one for three school days. Each is claimed once (its `overdue_at`, set by one conditional
 * update however many processes run the tick) and escalated to the team's counsellors (or admins),
 * or, outside a team, told again to the journal's teachers. Returns the mails to send.
 */
export async function runOverdueAlerts(db: DB, at = new Date()): Promise<AlertMail[]> {
  const waiting = await db
    .selectFrom('risk_alerts as a')
    .innerJoin('journals as j', 'j.id', 'a.journal_id')
    .leftJoin('teams as t', 't.id', 'j.team_id')
    .select(['a.id', 'a.journal_id as journalId', 'a.severity', 'a.created_at as createdAt', 'j.time_zone as timeZone', 'j.escalate_after_hours as hours', 'j.team_id as teamId', 't.school_days', 't.school_start_hour', 't.school_end_hour', 't.closed_dates'])
    .where('a.status', '=', 'open')
    .where('a.overdue_at', 'is', null)
    .where('j.archived_at', 'is', null)
    // Opened: any step of a person (seen, acknowledged, raised by a teacher); or escalated by a teacher.
    .where((eb) => eb.not(eb.exists(eb.selectFrom('risk_alert_steps as s').select('s.id').whereRef('s.alert_id', '=', 'a.id').where('s.user_id', 'is not', null))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('alert_escalations as e').select('e.id').whereRef('e.alert_id', '=', 'a.id'))))
    .execute()
  const mails: AlertMail[] = []
  for (const a of waiting) {
    const cal = calendarOfJoined(a, a.timeZone)
    const due = escalationDue(a.createdAt, a.severity, a.hours, cal)
    if (!due || due > at) continue
    const note: OverdueNote = a.severity === 'high' ? { hours: a.hours } : { days: MEDIUM_SCHOOL_DAYS }
    mails.push(...(await escalateOverdue(db, a.id, a.journalId, a.severity, note, at)))
  }
  return mails
}

async function escalateOverdue(db: DB, alertId: number, journalId: number, severity: AlertSeverity, note: OverdueNote, at: Date): Promise<AlertMail[]> {
  const targets = await escalationTargets(db, journalId)
  const when = at.toISOString()
  const claimed = await db.transaction().execute(async (trx) => {
    const r = await trx.updateTable('risk_alerts').set({ overdue_at: when }).where('id', '=', alertId).where('overdue_at', 'is', null).where('status', '=', 'open').executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return false
    const action = targets.people.length ? 'escalated' : 'reminded'
    await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: null, action, note: JSON.stringify(note), at: when }).execute()
    if (targets.people.length) {
      await trx
        .insertInto('alert_escalations')
        .values(targets.people.map((p) => ({ alert_id: alertId, user_id: p.id, escalated_by: null, note: '', at: when })))
        .onConflict((oc) => oc.columns(['alert_id', 'user_id']).doNothing())
        .execute()
    }
    return true
  })
  if (!claimed) return []
  if (targets.people.length) return tellEscalated(db, alertId, targets.people.map((p) => p.id), true)
  // No team, no counsellor: the journal's own teachers are told again, now by e-mail too.
  const a = await alertHead(db, alertId)
  const readers = await journalTeacherIds(db, journalId)
  const link = `/diary/homework/${journalId}/alerts/${alertId}`
  await notify(db, { readers, type: 'd', eventKey: `alert:${alertId}:overdue`, msgKey: 'notification.alertOverdueOf', params: { student: a.student, journal: a.journal, concern: a.concern }, link, actorId: a.studentId, journalId })
  return readers.map((userId) => ({ userId, msgKey: 'mail.alertOverdue' as const, params: { journal: a.journal, severity, concern: a.concern }, link }))
}

/** Who an alert went to and who took it: what the alert's pages show beside the trail. */
export async function counselOf(db: DB, alertId: number) {
  const [escalations, taken] = await Promise.all([
    escalationsOf(db, alertId),
    db
      .selectFrom('risk_alerts as a')
      .leftJoin('users as k', 'k.id', 'a.taken_by')
      .select((eb) => ['a.taken_at as takenAt', eb.fn.coalesce('k.name', 'k.account').as('takenBy')])
      .where('a.id', '=', alertId)
      .executeTakeFirstOrThrow(),
  ])
  return { escalations, takenBy: taken.takenAt ? taken.takenBy : null, takenAt: taken.takenAt }
}
