// A school team for the safeguarding journeys (issue 36), written straight into the database: an
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

/** A high alert of the content rule citing a new post of the student (as the rules write one), opened by nobody. */
export async function newAlert(journalId: number, student: { account: string; id: number }, title: string) {
  const postId = await newPost(journalId, student.account, title)
  const now = new Date().toISOString()
  const reasons = { rule: 'words', posts: [{ id: postId, title, diaryDate: now.slice(0, 10), findings: [{ category: 'suicide', severity: 'high', field: 'event', sentence: 'Sometimes I want to die.', words: 'want to die', language: 'en' }] }] }
  const { id } = await db()
    .insertInto('risk_alerts')
    .values({ journal_id: journalId, student_id: student.id, rule: 'words', severity: 'high', snooze_until: null, reasons: JSON.stringify(reasons), created_at: now, updated_at: now, resolved_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db().insertInto('risk_alert_steps').values({ alert_id: id, user_id: null, action: 'raised', note: '', at: now }).execute()
  return { alertId: id, postId }
}

/**
 * The journal in a school of its own with this calendar (issue 48: reminders go out in school time
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
