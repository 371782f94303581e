import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { isoAgo, isoIn, nowIso } from '~/db/time'
import { newInviteCode } from './codes.server'
import { MEMBERSHIP_STATUS, INVITE_CODE_DAYS, RECENT_POSTER_DAYS } from './constants'
import { teacherAnswered } from '~/features/notifications/events.server'
import { studentDataOpen } from '~/features/student-door.server'

const DAY_MS = 86_400_000

export async function journalInfo(db: DB, journalId: number) {
  const j = await db
    .selectFrom('journals')
    .select(['id', 'name', 'description', 'share_type as shareType', 'invite_code as inviteCode', 'invite_code_expires_at as inviteCodeExpiresAt', 'teacher_invite_code as teacherCode'])
    .where('id', '=', journalId)
    .executeTakeFirstOrThrow()
  // An existing student code is shown only while it has not expired (spec 2, invite code).
  const codeValid = j.inviteCodeExpiresAt !== null && j.inviteCodeExpiresAt > nowIso()
  return { ...j, inviteCode: codeValid ? j.inviteCode : null, inviteCodeExpiresAt: codeValid ? j.inviteCodeExpiresAt : null }
}

/** Students who posted in the last RECENT_POSTER_DAYS days, most posts first (the count the pages name with its period). */
export async function recentPosters(db: DB, journalId: number, limit = 10) {
  // Grouping by an expression keeps the planner on the (journal, created) index (see the feed).
  const counts = await db
    .selectFrom('posts as p')
    .select((eb) => [sql<number>`p.creator_id + 0`.as('id'), eb.fn.countAll<number>().as('count')])
    .where('p.journal_id', '=', journalId)
    .where('p.created_at', '>=', isoAgo(RECENT_POSTER_DAYS * DAY_MS))
    .where(studentDataOpen('p.creator_id'))
    .groupBy(sql`p.creator_id + 0`)
    .orderBy('count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
  if (counts.length === 0) return []
  const names = await db.selectFrom('users').select((eb) => ['id', eb.fn.coalesce('name', 'account').as('name')]).where('id', 'in', counts.map((c) => Number(c.id))).execute()
  return counts.map((c) => ({ id: Number(c.id), name: names.find((n) => n.id === Number(c.id))?.name ?? '', count: Number(c.count) }))
}

/** The privileged teachers: pending (0) first, then accepted (1). */
export async function journalTeachers(db: DB, journalId: number) {
  return db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name'), 'u.email', 'm.drp_status as status'])
    .where('m.journal_id', '=', journalId)
    .where('m.role', '=', 'teacher')
    .orderBy('m.drp_status')
    .orderBy('m.joined_at')
    .execute()
}

const teacherRow = (db: DB, journalId: number, userId: number) =>
  db.selectFrom('journal_members').where('journal_id', '=', journalId).where('user_id', '=', userId).where('role', '=', 'teacher')

/** Accept a pending teacher (0 → 1). */
export async function acceptTeacher(db: DB, journalId: number, userId: number) {
  const r = await db
    .updateTable('journal_members')
    .set({ drp_status: MEMBERSHIP_STATUS.approved })
    .where('journal_id', '=', journalId)
    .where('user_id', '=', userId)
    .where('role', '=', 'teacher')
    .where('drp_status', '=', MEMBERSHIP_STATUS.pending)
    .executeTakeFirst()
  const accepted = Number(r.numUpdatedRows) === 1
  if (accepted) await teacherAnswered(db, journalId, userId, true)
  return accepted
}

/** Reject a pending request or remove an accepted teacher: either way the row goes. */
export async function removeTeacher(db: DB, journalId: number, userId: number, status: number) {
  const exists = await teacherRow(db, journalId, userId).select('drp_status').where('drp_status', '=', status).executeTakeFirst()
  if (!exists) return false
  await db.deleteFrom('journal_members').where('journal_id', '=', journalId).where('user_id', '=', userId).where('role', '=', 'teacher').execute()
  // A refused request is told to the teacher who asked; a removal is not announced.
  if (status === MEMBERSHIP_STATUS.pending) await teacherAnswered(db, journalId, userId, false)
  return true
}

/** A new student invitation code with a new expiry; the old code stops working. */
export async function generateStudentCode(db: DB, journalId: number) {
  await db.updateTable('journals').set({ invite_code: newInviteCode(), invite_code_expires_at: isoIn(INVITE_CODE_DAYS * DAY_MS) }).where('id', '=', journalId).execute()
}

/** The journal's teacher invitation code, made the first time it is asked for. */
export async function teacherCodeOf(db: DB, journalId: number) {
  const j = await db.selectFrom('journals').select('teacher_invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()
  if (j.teacher_invite_code) return j.teacher_invite_code
  const code = newInviteCode('T')
  await db.updateTable('journals').set({ teacher_invite_code: code }).where('id', '=', journalId).where('teacher_invite_code', 'is', null).execute()
  return (await db.selectFrom('journals').select('teacher_invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()).teacher_invite_code!
}
