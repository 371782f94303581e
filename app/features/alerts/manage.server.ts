import { sql, type ExpressionBuilder } from 'kysely'
import type { DB } from '~/db/connect.server'
import type { AlertStatus, Database } from '~/db/schema'
import { nowIso } from '~/db/time'
import { pageOfList } from '~/features/lists.server'
import { todayDate } from '~/shared/dates'
import type { AlertAction } from './schema'
import type { AlertReasons } from './rules'
import { alertSummary } from './summary'
import { overdueWait } from '~/features/team/school-hours'

/**
 * An alert needs someone while it is open or acknowledged, or snoozed past its date: "active".
 * A snooze ends on its date (the school's today), without a job to wake it.
 */
const activeWhere = (today: string) => (eb: ExpressionBuilder<Database & { a: Database['risk_alerts'] }, 'a'>) =>
  eb.or([eb('a.status', 'in', ['open', 'acknowledged']), eb.and([eb('a.status', '=', 'snoozed'), eb('a.snooze_until', '<=', today)])])

export type ShownStatus = AlertStatus | 'snoozeEnded'
const shown = (status: AlertStatus, snoozeUntil: string | null, today: string): ShownStatus => (status === 'snoozed' && snoozeUntil !== null && snoozeUntil <= today ? 'snoozeEnded' : status)

/** The journal menu's figure: its active alerts. */
export async function activeAlertCount(db: DB, journalId: number, today = todayDate()) {
  const row = await db
    .selectFrom('risk_alerts as a')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('a.journal_id', '=', journalId)
    .where(activeWhere(today))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A journal's alerts: active first (high before medium), then snoozed, then resolved; newest first within each. */
export async function alertsOf(db: DB, journalId: number, page: number, today = todayDate()) {
  const base = db.selectFrom('risk_alerts as a').where('a.journal_id', '=', journalId)
  const list = await pageOfList(
    page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    (offset, limit) =>
      base
        .innerJoin('users as u', 'u.id', 'a.student_id')
        .select((eb) => [
          'a.id',
          'a.rule',
          'a.severity',
          'a.status',
          'a.snooze_until as snoozeUntil',
          'a.created_at as createdAt',
          'a.updated_at as updatedAt',
          'a.student_id as studentId',
          'a.reasons',
          'u.avatar_url as avatarUrl',
          eb.fn.coalesce('u.name', 'u.account').as('student'),
          eb.selectFrom('risk_alert_steps as s').select((x) => x.fn.count<number>('s.user_id').distinct().as('n')).whereRef('s.alert_id', '=', 'a.id').as('seenBy'),
          eb.case().when(activeWhere(today)(eb)).then(0).when('a.status', '=', 'snoozed').then(1).else(2).end().as('rank'),
        ])
        .orderBy('rank')
        .orderBy(sql`case when a.severity = 'high' then 0 else 1 end`)
        .orderBy('a.updated_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
  return { ...list, rows: list.rows.map(({ rank: _rank, reasons, ...r }) => ({ ...r, summary: alertSummary(r.rule, JSON.parse(reasons) as AlertReasons), seenBy: Number(r.seenBy), shownStatus: shown(r.status, r.snoozeUntil, today) })) }
}

/** One alert of the journal with its reasons and trail; null for another journal's or none. */
export async function alertDetail(db: DB, journalId: number, alertId: number, today = todayDate()) {
  const a = await db
    .selectFrom('risk_alerts as a')
    .innerJoin('users as u', 'u.id', 'a.student_id')
    .select((eb) => ['a.id', 'a.rule', 'a.severity', 'a.status', 'a.snooze_until as snoozeUntil', 'a.reasons', 'a.verdict', 'a.created_at as createdAt', 'a.resolved_at as resolvedAt', 'a.student_id as studentId', 'u.avatar_url as avatarUrl', eb.fn.coalesce('u.name', 'u.account').as('student')])
    .where('a.id', '=', alertId)
    .where('a.journal_id', '=', journalId)
    .executeTakeFirst()
  if (!a) return null
  const trail = await db
    .selectFrom('risk_alert_steps as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select((eb) => ['s.id', 's.action', 's.note', 's.at', 's.user_id as userId', eb.fn.coalesce('u.name', 'u.account').as('who')])
    .where('s.alert_id', '=', alertId)
    .orderBy('s.at')
    .orderBy('s.id')
    .execute()
  const seenBy = [...new Map(trail.filter((s) => s.userId !== null).map((s) => [s.userId, s.who ?? ''])).values()]
  // The console's own escalations and reminders carry the wait they were given (read here, not in the page's script).
  const steps = trail.map((s) => ({ ...s, autoWait: s.userId === null && (s.action === 'escalated' || s.action === 'reminded') ? overdueWait(s.note) : null }))
  const reasons = JSON.parse(a.reasons) as AlertReasons
  return { ...a, reasons, summary: alertSummary(a.rule, reasons), shownStatus: shown(a.status, a.snoozeUntil, today), trail: steps, seenBy }
}
export type AlertDetail = NonNullable<Awaited<ReturnType<typeof alertDetail>>>

/** A teacher opened the alert's page: "seen", once per teacher (false for no such alert of the journal). */
export async function markSeen(db: DB, journalId: number, alertId: number, userId: number) {
  return db.transaction().execute(async (trx) => {
    const a = await trx.selectFrom('risk_alerts').select('id').where('id', '=', alertId).where('journal_id', '=', journalId).executeTakeFirst()
    if (!a) return false
    const before = await trx.selectFrom('risk_alert_steps').select('id').where('alert_id', '=', alertId).where('user_id', '=', userId).executeTakeFirst()
    if (!before) await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: userId, action: 'seen', at: nowIso() }).execute()
    return true
  })
}

/** Which states each action leaves from: a stale page (two teachers at once) changes nothing. */
const FROM: Record<AlertAction['intent'], AlertStatus[]> = {
  acknowledge: ['open', 'snoozed'],
  snooze: ['open', 'acknowledged', 'snoozed'],
  resolve: ['open', 'acknowledged', 'snoozed'],
}

/** Acknowledge, snooze until a date, or resolve with a note; each a step of the trail. 'stale' when the alert had moved on. */
export async function actOnAlert(db: DB, journalId: number, alertId: number, userId: number, action: AlertAction): Promise<'ok' | 'stale' | 'missing'> {
  return db.transaction().execute(async (trx) => {
    const a = await trx.selectFrom('risk_alerts').select(['id', 'status']).where('id', '=', alertId).where('journal_id', '=', journalId).executeTakeFirst()
    if (!a) return 'missing'
    if (!FROM[action.intent].includes(a.status)) return 'stale'
    const at = nowIso()
    const set =
      action.intent === 'acknowledge'
        ? { status: 'acknowledged' as const, snooze_until: null }
        : action.intent === 'snooze'
          ? { status: 'snoozed' as const, snooze_until: action.until }
          : { status: 'resolved' as const, snooze_until: null, resolved_at: at, verdict: action.verdict }
    const r = await trx.updateTable('risk_alerts').set({ ...set, updated_at: at }).where('id', '=', alertId).where('status', '=', a.status).executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return 'stale'
    const step = { acknowledge: 'acknowledged', snooze: 'snoozed', resolve: 'resolved' } as const
    const note = action.intent === 'resolve' ? action.note : action.intent === 'snooze' ? action.until : ''
    await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: userId, action: step[action.intent], note, at }).execute()
    return 'ok'
  })
}

/** Per student of a journal (or of several), how many active alerts: the case list puts them first. */
export const activeAlertsOfStudent = (today: string) => (eb: ExpressionBuilder<Database & { c: Database['student_cases'] }, 'c'>) =>
  eb
    .selectFrom('risk_alerts as a')
    .select((x) => x.fn.countAll<number>().as('n'))
    .whereRef('a.journal_id', '=', 'c.journal_id')
    .whereRef('a.student_id', '=', 'c.student_id')
    .where(activeWhere(today))

const FEEDBACK_DAYS = 90

/**
 * What teachers said of the alerts resolved in the last 90 days (decision 0042): how many, the
 * share of false alarms, and the misses (resolved as "missed something", or raised by a teacher on
 * a post that raised nothing). For a journal, or for every journal of the school (the owner's team).
 */
export async function alertFeedback(db: DB, journalIds: number[], now = new Date()) {
  if (!journalIds.length) return { resolved: 0, judged: 0, falseAlarms: 0, misses: 0, flagged: 0, falseShare: 0 }
  const since = new Date(now.getTime() - FEEDBACK_DAYS * 86_400_000).toISOString()
  const [live, erased] = await Promise.all([
    db
      .selectFrom('risk_alerts')
      .select(['verdict', 'flagged_by as flaggedBy', 'resolved_at as resolvedAt'])
      .where('journal_id', 'in', journalIds)
      .where((eb) => eb.or([eb('resolved_at', '>=', since), eb.and([eb('flagged_by', 'is not', null), eb('created_at', '>=', since)])]))
      .execute(),
    // The alerts of students since erased count too, as anonymous rows (decision 0046).
    db
      .selectFrom('erased_alerts')
      .select(['verdict', 'flagged', 'resolved_at as resolvedAt'])
      .where('journal_id', 'in', journalIds)
      .where((eb) => eb.or([eb('resolved_at', '>=', since), eb.and([eb('flagged', '=', 1), eb('created_at', '>=', since)])]))
      .execute(),
  ])
  const rows = [...live, ...erased.map((e) => ({ verdict: e.verdict, flaggedBy: e.flagged ? 0 : null, resolvedAt: e.resolvedAt }))]
  const resolved = rows.filter((r) => r.resolvedAt && r.resolvedAt >= since)
  // The share of false alarms is of the alerts a teacher gave a verdict (those resolved before verdicts existed have none).
  const judged = resolved.filter((r) => r.verdict)
  const falseAlarms = judged.filter((r) => r.verdict === 'false_alarm').length
  const flagged = rows.filter((r) => r.flaggedBy !== null).length
  const misses = judged.filter((r) => r.verdict === 'missed' && r.flaggedBy === null).length + flagged
  return { resolved: resolved.length, judged: judged.length, falseAlarms, misses, flagged, falseShare: judged.length ? falseAlarms / judged.length : 0 }
}

/** The journals of the school a journal belongs to: every journal whose owner is in its owner's team (or the journal alone). */
export async function schoolJournalIds(db: DB, journalId: number) {
  const team = await db.selectFrom('journals as j').innerJoin('team_members as m', 'm.user_id', 'j.owner_id').select('m.team_id').where('j.id', '=', journalId).executeTakeFirst()
  if (!team) return [journalId]
  const rows = await db.selectFrom('journals as j').innerJoin('team_members as m', 'm.user_id', 'j.owner_id').select('j.id').where('m.team_id', '=', team.team_id).execute()
  return [...new Set([journalId, ...rows.map((r) => r.id)])]
}


/** How many alerts of this journal were of students since erased (decision 0047): the school's figures keep them, anonymous. */
export async function erasedAlertCount(db: DB, journalId: number) {
  return Number((await db.selectFrom('erased_alerts').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journalId).executeTakeFirstOrThrow()).n)
}
