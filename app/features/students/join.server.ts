import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { studentJoined } from '~/features/notifications/events.server'

/** The journal a student invite code opens while the code is valid (spec 2: codes expire). */
export async function journalByStudentCode(db: DB, rawCode: string) {
  return db
    .selectFrom('journals as j')
    .innerJoin('users as u', 'u.id', 'j.owner_id')
    .select((eb) => ['j.id', 'j.name', 'j.description', 'j.diary_publish_num as limit', eb.fn.coalesce('u.name', 'u.account').as('teacher')])
    .where('j.invite_code', '=', rawCode.trim().toUpperCase())
    .where('j.invite_code_expires_at', '>', nowIso())
    .where('j.archived_at', 'is', null)
    .executeTakeFirst()
}

export type StudentJoinError = 'catalogue.invitationCodeError' | 'catalogue.alreadyJoined' | 'student.journalFull'

/**
 * A student joins a journal with its invite code: an unknown or expired code is the invitation-code
 * error, a journal already joined "already joined", a journal at its student limit "over the
 * participant limit". The count and the insert share a transaction so the limit holds.
 */
export async function joinAsStudent(db: DB, studentId: number, rawCode: string): Promise<{ ok: true; journalId: number } | { ok: false; error: StudentJoinError }> {
  const result = await db.transaction().execute(async (trx): Promise<{ ok: true; journalId: number } | { ok: false; error: StudentJoinError }> => {
    const journal = await journalByStudentCode(trx, rawCode)
    if (!journal) return { ok: false, error: 'catalogue.invitationCodeError' }
    // An archived student stays a member (archiving is irreversible) but no longer takes a seat.
    const members = await trx.selectFrom('journal_members').select(['user_id', 'archived_at']).where('journal_id', '=', journal.id).where('role', '=', 'student').execute()
    if (members.some((m) => m.user_id === studentId)) return { ok: false, error: 'catalogue.alreadyJoined' }
    if (members.filter((m) => m.archived_at === null).length >= journal.limit) return { ok: false, error: 'student.journalFull' }
    await trx.insertInto('journal_members').values({ journal_id: journal.id, user_id: studentId, role: 'student', drp_status: MEMBERSHIP_STATUS.approved, joined_at: nowIso() }).execute()
    return { ok: true, journalId: journal.id }
  })
  if (result.ok) await studentJoined(db, result.journalId, studentId)
  return result
}

/** The journals a student is in, with their teacher and the student's own post count. */
export async function studentJournals(db: DB, studentId: number) {
  const rows = await db
    .selectFrom('journal_members as m')
    .innerJoin('journals as j', 'j.id', 'm.journal_id')
    .innerJoin('users as t', 't.id', 'j.owner_id')
    .select((eb) => [
      'j.id',
      'j.name',
      'j.label_color_code as labelColorCode',
      eb.fn.coalesce('t.name', 't.account').as('teacher'),
      eb.selectFrom('posts as p').select((e) => e.fn.countAll<number>().as('n')).whereRef('p.journal_id', '=', 'j.id').where('p.creator_id', '=', studentId).as('posts'),
    ])
    .where('m.user_id', '=', studentId)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .where('j.archived_at', 'is', null)
    .orderBy('m.joined_at', 'desc')
    .execute()
  return rows.map((r) => ({ ...r, posts: Number(r.posts ?? 0) }))
}
