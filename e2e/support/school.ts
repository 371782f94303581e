// A school team for the safeguarding journeys (decision 0046), written straight into the database: an
// admin, a counsellor and a team teacher whose team journal has a fresh student with a post and a
// high risk alert citing it.
import type { TestInfo } from '@playwright/test'
import { newStudent, newTeacher } from './accounts'
import { db } from './db'
import { newJournalWith, newPost } from './posts'

const idOf = async (account: string) => (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id

export async function newSchoolTeam(info: TestInfo, prefix: string) {
  const [admin, counsellor, owner] = [await newTeacher(info, `${prefix}-admin`), await newTeacher(info, `${prefix}-counsellor`), await newTeacher(info, `${prefix}-owner`, { standard: true })]
  const now = new Date().toISOString()
  const { id: teamId } = await db().insertInto('teams').values({ name: `School ${prefix} ${info.project.name}`, school_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow()
  for (const [account, role] of [[admin, 2], [counsellor, 6], [owner, 4]] as const) await db().insertInto('team_members').values({ team_id: teamId, user_id: await idOf(account), role_id: role, joined_at: now }).execute()
  const student = await newStudent(info, `${prefix}-pupil`)
  const classmate = await newStudent(info, `${prefix}-mate`)
  const journalId = await newJournalWith(owner, `Team class ${prefix} ${info.project.name}`, [student.account, classmate.account])
  await db().updateTable('journals').set({ team_id: teamId }).where('id', '=', journalId).execute()
  return { teamId, admin, counsellor, owner, student, classmate, journalId }
}

type Finding = { category: string; sentence: string; words: string; language?: 'en' | 'zh' | 'ja'; watchWord?: true }
/** What an alert says and where it stands, when a journey needs more than a wish to die in an open alert. */
type AlertOptions = { findings?: Finding[]; flagged?: { userId: number; by: string; note: string }; status?: 'open' | 'snoozed'; snoozeUntil?: string }

/** A high alert of the content rule citing a new post of the student (as the rules write one), opened by nobody. */
export async function newAlert(journalId: number, student: { account: string; id: number }, title: string, options: AlertOptions = {}) {
  const postId = await newPost(journalId, student.account, title)
  const now = new Date().toISOString()
  const findings = (options.findings ?? (options.flagged ? [] : [{ category: 'suicide', sentence: 'Sometimes I want to die.', words: 'want to die' }])).map((f) => ({ severity: f.category === 'bullying' || f.category === 'hopelessness' ? 'medium' : 'high', field: 'event', language: 'en', ...f }))
  const flagged = options.flagged ? { flaggedBy: options.flagged.by, note: options.flagged.note } : {}
  const reasons = { rule: 'words', posts: [{ id: postId, title, diaryDate: now.slice(0, 10), findings, ...flagged }] }
  const { id } = await db()
    .insertInto('risk_alerts')
    .values({ journal_id: journalId, student_id: student.id, rule: 'words', severity: options.flagged ? 'medium' : 'high', status: options.status ?? 'open', snooze_until: options.snoozeUntil ?? null, reasons: JSON.stringify(reasons), created_at: now, updated_at: now, resolved_at: null, flagged_by: options.flagged?.userId ?? null })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db().insertInto('risk_alert_steps').values({ alert_id: id, user_id: options.flagged?.userId ?? null, action: 'raised', note: '', at: now }).execute()
  return { alertId: id, postId }
}

/**
 * The journal in a school of its own with this calendar (decision 0064: reminders go out in school time
 * only): by default every day from 00:00 to 24:00, so a test that reminds passes whenever it runs;
 * `closed` dates (YYYY-MM-DD in the journal's zone) are days off.
 */
export async function schoolCalendarOf(journalId: number, { closed = [] as string[] } = {}) {
  const { id: teamId } = await db()
    .insertInto('teams')
    .values({ name: `Calendar of journal ${journalId}`, school_id: null, created_at: new Date().toISOString(), school_days: '1,2,3,4,5,6,7', school_start_hour: 0, school_end_hour: 24, closed_dates: closed.join(',') })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db().updateTable('journals').set({ team_id: teamId }).where('id', '=', journalId).execute()
  return { open: () => db().updateTable('teams').set({ closed_dates: '' }).where('id', '=', teamId).execute() }
}

/** The alert escalates by itself to the team's counsellor, as the console does when nobody opened it in time. */
export async function escalatedByItself(alertId: number, counsellorId: number) {
  const at = new Date().toISOString()
  await db().updateTable('risk_alerts').set({ overdue_at: at }).where('id', '=', alertId).execute()
  await db().insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: null, action: 'escalated', note: JSON.stringify({ hours: 4 }), at }).execute()
  await db().insertInto('alert_escalations').values({ alert_id: alertId, user_id: counsellorId, escalated_by: null, note: '', at }).execute()
}
