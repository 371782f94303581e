import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { parseId } from '~/features/lists'
import { can } from '~/features/team/roles'

/**
 * Who may act on a student's data (issue 36, decision 0047):
 * - export (one student, one journal): the journal's owner, or an admin of the journal's team;
 * - erase (the account and everything of it): someone who may export it in **every** journal the
 *   student writes in, since the account goes from all of them;
 * - undo an erasure, and see who looked at the student: the team's admin for a team journal, the
 *   owner for a personal one.
 * Anyone else, a co-teacher included, is refused (403); an unknown journal or student is a 404.
 */
export async function studentDataRights(db: DB, journalParam: string | undefined, studentParam: string | undefined, userId: number) {
  const journalId = parseId(journalParam)
  const studentId = parseId(studentParam)
  const journal = journalId === null ? undefined : await db.selectFrom('journals').select(['id', 'name', 'owner_id as ownerId', 'team_id as teamId']).where('id', '=', journalId).where('archived_at', 'is', null).executeTakeFirst()
  const member = journal && studentId !== null ? await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journal.id).where('user_id', '=', studentId).where('role', '=', 'student').executeTakeFirst() : undefined
  if (!journal || !member) throw data(null, { status: 404 })
  const [student, membership, journals] = await Promise.all([
    db.selectFrom('users').select(['id', 'account', 'name', 'disabled_at as disabledAt']).where('id', '=', member.user_id).executeTakeFirstOrThrow(),
    db.selectFrom('team_members').select(['team_id as teamId', 'role_id as roleId']).where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('journal_members as m')
      .innerJoin('journals as j', 'j.id', 'm.journal_id')
      .select(['j.id', 'j.owner_id as ownerId', 'j.team_id as teamId'])
      .where('m.user_id', '=', member.user_id)
      .where('m.role', '=', 'student')
      .execute(),
  ])
  const admins = (teamId: number | null) => teamId !== null && membership?.teamId === teamId && can(membership.roleId, 'childrenData')
  const mayExport = journal.ownerId === userId || admins(journal.teamId)
  if (!mayExport) throw data(null, { status: 403 })
  const elsewhere = journals.filter((j) => !(j.ownerId === userId || admins(j.teamId))).length
  return {
    journal,
    /** The journal's owner reaches its pages; a team's admin may not (decision 0032): the breadcrumb follows. */
    isOwner: journal.ownerId === userId,
    student: { id: student.id, account: student.account, name: student.name ?? student.account, disabledAt: student.disabledAt },
    mayErase: elsewhere === 0,
    /** Journals of the student this person does not manage: why they may not erase. */
    elsewhere,
    mayUndo: journal.teamId !== null ? admins(journal.teamId) : journal.ownerId === userId,
    /** Who looked at the student: the team's admin (the owner, for a personal journal). */
    mayAudit: journal.teamId !== null ? admins(journal.teamId) : journal.ownerId === userId,
  }
}
export type StudentDataRights = Awaited<ReturnType<typeof studentDataRights>>
