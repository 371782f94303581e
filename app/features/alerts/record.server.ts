import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { postFramesMarkup } from '~/features/documents/post-frames.server'
import { documentPdf, typstText, type DocumentLang } from '~/features/documents/typst.server'
import { withDetails } from '~/features/posts/feed.server'
import { behaviourName, emotionName } from '~/features/posts/names'
import { formatDate, formatDateTime } from '~/shared/dates'
import { counselOf } from './escalate.server'
import { citedPostIds } from './summary'
import { bySeriousness } from './categories'
import { alertDetail } from './manage.server'
import { overdueWait } from '~/features/team/school-hours'
import { NOTED_STEPS, recipientsOf } from './trail'

/** The school a journal belongs to, as its record names it: the team's name, else the owner's school. */
async function schoolOf(db: DB, journalId: number) {
  const row = await db
    .selectFrom('journals as j')
    .leftJoin('teams as t', 't.id', 'j.team_id')
    .innerJoin('users as o', 'o.id', 'j.owner_id')
    .leftJoin('schools as s', 's.id', 'o.school_id')
    .select(['t.name as team', 's.name as school', 'j.name as journal', 'j.time_zone as timeZone'])
    .where('j.id', '=', journalId)
    .executeTakeFirstOrThrow()
  return { school: row.team ?? row.school ?? '', journal: row.journal, timeZone: row.timeZone }
}

/** The posts an alert cites, with their frames, feelings and behaviours, in the order cited (a post since deleted is left out). */
export async function citedPosts(db: DB, journalId: number, ids: number[]) {
  if (ids.length === 0) return []
  const heads = await db.selectFrom('posts').select(['id', 'title', 'diary_date as diaryDate', 'location', 'happen_time as happenTime']).where('id', 'in', ids).where('journal_id', '=', journalId).execute()
  const byId = new Map(heads.map((h) => [h.id, h]))
  return withDetails(db, ids.filter((id) => byId.has(id)).map((id) => byId.get(id)!))
}

/**
 * An alert's record for the school's file (decision 0046): the school, the student, why it was raised,
 * the posts it cites as written, to whom it was escalated, who saw it and when, and every step,
 * printed by whom and when. Printing is itself a step of the trail. Null for an alert not of this journal.
 */
export async function alertRecord(db: DB, journalId: number, alertId: number, reader: { userId: number; name: string; lang: DocumentLang; t: TFunction }) {
  const alert = await alertDetail(db, journalId, alertId)
  if (!alert) return null
  const printedAt = nowIso()
  await db.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: reader.userId, action: 'recorded', at: printedAt }).execute()
  const [{ school, journal, timeZone }, counsel, account, posts] = await Promise.all([
    schoolOf(db, journalId),
    counselOf(db, alertId),
    db.selectFrom('users').select('account').where('id', '=', alert.studentId).executeTakeFirstOrThrow(),
    citedPosts(db, journalId, citedPostIds(JSON.stringify(alert.reasons))),
  ])
  const { t } = reader
  const tr = t as unknown as (key: string, values?: Record<string, unknown>) => string
  const at = (iso: string) => formatDateTime(iso, timeZone)
  const row = (label: string, value: string) => `[*${typstText(label)}*], [${typstText(value)}],`
  const title = tr('alertRecord.title')

  const facts = [
    row(tr('alertRecord.school'), school),
    row(tr('alertRecord.journal'), journal),
    row(tr('alertRecord.student'), `${alert.student} (${account.account})`),
    // The most serious concern leads (decision 0059), the others after it.
    row(
      tr('alertRecord.alert'),
      [tr(alert.summary.concern), ...alert.summary.also.map((c) => tr(`alerts.category_${c}`)), tr(`alerts.severity_${alert.severity}`), tr(`alerts.status_${alert.shownStatus === 'snoozed' ? 'snoozed' : alert.shownStatus}`)].join(' · '),
    ),
    row(tr('alertRecord.raised'), at(alert.createdAt)),
    ...(alert.resolvedAt ? [row(tr('alertRecord.resolved'), `${at(alert.resolvedAt)}${alert.verdict ? ` · ${tr(`alerts.verdict_${alert.verdict}`)}` : ''}`)] : []),
    row(tr('alertRecord.printed'), tr('alertRecord.printedBy', { name: reader.name, at: at(printedAt) })),
  ]
  const reasons = alert.reasons
  // The student's sentences, most serious first, in quotation marks; a teacher's worry as theirs, by name (decision 0059).
  const why =
    reasons.rule === 'words'
      ? [
          ...(!reasons.posts.some((p) => p.findings?.length || p.hits?.length) && alert.summary.flagged ? [typstText(tr('alerts.flaggedExplain', { name: alert.summary.flagged.by }))] : []),
          ...reasons.posts.flatMap((p) => [
            ...bySeriousness(p.findings ?? [], (f) => f.category).map((f) => `- ${typstText(tr(`alerts.category_${f.category}`))}: ${typstText(`“${f.sentence}”`)}`),
            ...(p.flaggedBy ? [`- ${typstText(tr('alerts.flaggedBy', { name: p.flaggedBy }))}${p.note ? ` ${typstText(tr('alerts.teacherNote', { name: p.flaggedBy, note: p.note }))}` : ''}`] : []),
            ...bySeriousness(p.hits ?? [], (h) => h.category).map((h) => `- ${typstText(`${h.before}${h.word}${h.after}`)}`),
          ]),
        ]
      : reasons.rule === 'streak'
        ? [typstText(tr('alerts.streakExplain', { count: reasons.length, share: Math.round(reasons.negativeShare * 100) }))]
        : [typstText(tr('alerts.dropExplain', { recent: reasons.recentMean, own: reasons.ownMean, usual: reasons.usualMean, threshold: reasons.threshold, count: reasons.earlierPosts }))]
  // Each frame a paragraph of its own under its own label, the feelings with the feelings frame (decision 0059).
  const postBlocks = posts.flatMap((p) => [
    `=== ${typstText(`${p.diaryDate} · ${p.title}`)}`,
    ...postFramesMarkup({ frames: p.frames.map((f) => ({ type: f.type, text: f.message })), feelings: p.emotions.map((c) => emotionName(c, t)), behaviours: p.behaviours.map((c) => behaviourName(c, t)) }, t).flatMap((paragraph) => ['', paragraph]),
    '',
  ])
  const seen = new Map<string, { first: string; last: string }>()
  for (const s of alert.trail) {
    if (s.userId === null || !s.who) continue
    const v = seen.get(s.who)
    seen.set(s.who, { first: v?.first ?? s.at, last: s.at })
  }
  const trail = alert.trail.map((s) => {
    const wait = s.userId === null ? overdueWait(s.note) : null
    const names = recipientsOf(s, counsel.escalations).join(', ')
    const waitText = wait ? ('hours' in wait ? tr('alerts.waitHours', { count: wait.hours }) : tr('alerts.waitDays', { count: wait.days })) : ''
    const key = wait && s.action === 'escalated' ? 'alerts.step_escalatedAuto' : `alerts.step_${s.action}`
    const note = s.note && !wait && NOTED_STEPS.includes(s.action) ? ` ${typstText(`“${s.note}”`)}` : ''
    return `[${typstText(at(s.at))}], [${typstText(s.who ?? tr('alerts.console'))}], [${typstText(tr(key, { date: s.note, names, wait: waitText }))}${note}],`
  })
  const body = [
    `= ${typstText(title)}`,
    `#table(columns: (auto, 1fr), stroke: 0.4pt + luma(180), inset: 5pt, ${facts.join(' ')})`,
    `== ${typstText(tr('alertRecord.why'))}`,
    ...why,
    `== ${typstText(tr('alertRecord.posts'))}`,
    ...(postBlocks.length ? postBlocks : [typstText(tr('alertRecord.noPosts'))]),
    `== ${typstText(tr('alertRecord.escalations'))}`,
    ...(counsel.escalations.length
      ? counsel.escalations.map((e) => `- ${typstText(`${e.to ?? ''} · ${e.by ? tr('alerts.escalatedBy', { name: e.by }) : tr('alerts.escalatedByItself')} · ${at(e.at)}`)}`)
      : [typstText(tr('alertRecord.notEscalated'))]),
    ...(counsel.takenBy ? [typstText(tr('alerts.takenBy', { name: counsel.takenBy, at: at(counsel.takenAt!) }))] : []),
    `== ${typstText(tr('alertRecord.seenBy'))}`,
    `#table(columns: (1fr, auto, auto), stroke: 0.4pt + luma(180), inset: 5pt, [*${typstText(tr('alertRecord.who'))}*], [*${typstText(tr('alertRecord.firstAt'))}*], [*${typstText(tr('alertRecord.lastAt'))}*], ${[...seen].map(([who, v]) => `[${typstText(who)}], [${typstText(at(v.first))}], [${typstText(at(v.last))}],`).join(' ')})`,
    `== ${typstText(tr('alertRecord.trail'))}`,
    `#table(columns: (auto, auto, 1fr), stroke: 0.4pt + luma(180), inset: 5pt, ${trail.join(' ')})`,
    `#v(1em) #text(size: 8pt, fill: luma(90))[${typstText(tr('alertRecord.timeZone', { zone: timeZone }))}]`,
  ].join('\n')
  const pdf = await documentPdf(body, { lang: reader.lang, title })
  // The file's day in the school's zone (decision 0063), as the record's times are.
  return { pdf, name: `${title} ${alert.student} ${formatDate(alert.createdAt, timeZone)}` }
}
