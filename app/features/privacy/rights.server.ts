import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { parseId } from '~/shared/lists'
import { can, ROLE } from '~/features/team/roles'
import { isStudentDataOpen } from '~/features/student-door.server'

/**
 * Who may act on a student's data (decision 0047; one rule since decision
 * 0061):
 * - export (one student, one journal): whoever manages the journal: its owner, or an admin of the
 *   journal's team (the `childrenData` right);
 * - erase (the account and everything of it): whoever manages **every** journal the student writes
 *   in, since the account goes from all of them;
 * - undo an erasure, and see who looked at the student: the team's admins for a team journal, the
 *   owner for a personal one; for an erasure already asked, those of the journal it was asked in.
 * Anyone else, a co-teacher included, is refused (403); an unknown journal or student is a 404.
 * The guards, the erase page's words and the notifications all read these functions.
 */

/** The team roles with the school's duties to a child's data: the team's admins. */
const DATA_ROLES = Object.values(ROLE).filter((r) => can(r, 'childrenData'))

type JournalOwnership = { ownerId: number | null; teamId: number | null }

/** The admins of these teams (the `childrenData` right), by team. */
async function dataAdminsOf(db: DB, teamIds: (number | null)[]) {
  const teams = [...new Set(teamIds.filter((t): t is number => t !== null))]
  return teams.length ? await db.selectFrom('team_members').select(['team_id as teamId', 'user_id as userId']).where('team_id', 'in', teams).where('role_id', 'in', DATA_ROLES).execute() : []
}

/** The people who manage each of these journals' children's data: its owner, and its team's admins. */
async function managersOf(db: DB, journals: JournalOwnership[]) {
  const admins = await dataAdminsOf(db, journals.map((j) => j.teamId))
  return (j: JournalOwnership) => new Set([...(j.ownerId === null ? [] : [j.ownerId]), ...admins.filter((a) => a.teamId === j.teamId).map((a) => a.userId)])
}

/** Who undoes an erasure asked in a journal: the team's admins for a team journal, the owner (named) for a personal one. */
export type UndoBy = { kind: 'teamAdmins'; ids: number[] } | { kind: 'owner'; ids: number[]; owner: string }

export async function undoersOf(db: DB, journal: JournalOwnership): Promise<UndoBy> {
  if (journal.teamId !== null) return { kind: 'teamAdmins', ids: (await dataAdminsOf(db, [journal.teamId])).map((a) => a.userId) }
  const owner = journal.ownerId === null ? undefined : await db.selectFrom('users').select((eb) => eb.fn.coalesce('name', 'account').as('name')).where('id', '=', journal.ownerId).executeTakeFirst()
  return { kind: 'owner', ids: journal.ownerId === null ? [] : [journal.ownerId], owner: owner?.name ?? '' }
}

/** The journal an erasure waiting for this student was asked in (its undo follows it), or null. */
async function pendingJournalOf(db: DB, studentId: number) {
  const e = await db
    .selectFrom('student_erasures as e')
    .leftJoin('journals as j', 'j.id', 'e.journal_id')
    .select(['e.team_id as teamId', 'j.owner_id as ownerId'])
    .where('e.student_id', '=', studentId)
    .where('e.status', '=', 'pending')
    .executeTakeFirst()
  return e ? { teamId: e.teamId, ownerId: e.ownerId } : null
}

export async function studentDataRights(db: DB, journalParam: string | undefined, studentParam: string | undefined, userId: number) {
  const journalId = parseId(journalParam)
  const studentId = parseId(studentParam)
  const journal = journalId === null ? undefined : await db.selectFrom('journals').select(['id', 'name', 'owner_id as ownerId', 'team_id as teamId']).where('id', '=', journalId).where('archived_at', 'is', null).executeTakeFirst()
  const member = journal && studentId !== null ? await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journal.id).where('user_id', '=', studentId).where('role', '=', 'student').executeTakeFirst() : undefined
  if (!journal || !member) throw data(null, { status: 404 })
  const [student, journals, pendingIn, open] = await Promise.all([
    db.selectFrom('users').select(['id', 'account', 'name', 'disabled_at as disabledAt']).where('id', '=', member.user_id).executeTakeFirstOrThrow(),
    db
      .selectFrom('journal_members as m')
      .innerJoin('journals as j', 'j.id', 'm.journal_id')
      .select(['j.id', 'j.name', 'j.owner_id as ownerId', 'j.team_id as teamId'])
      .where('m.user_id', '=', member.user_id)
      .where('m.role', '=', 'student')
      .orderBy('j.name')
      .execute(),
    pendingJournalOf(db, member.user_id),
    isStudentDataOpen(db, member.user_id),
  ])
  const managers = await managersOf(db, journals)
  if (!managers(journal).has(userId)) throw data(null, { status: 403 })
  // Erase: whoever manages every journal of the student (the people in all the journals' sets).
  const erasers = [...managers(journals[0] ?? journal)].filter((id) => journals.every((j) => managers(j).has(id)))
  const elsewhere = journals.filter((j) => !managers(j).has(userId))
  const names = async (ids: number[]) => (ids.length ? (await db.selectFrom('users').select((eb) => ['id', eb.fn.coalesce('name', 'account').as('name')]).where('id', 'in', ids).orderBy('name').execute()).map((u) => u.name) : [])
  // Undo: the team's admins or the owner of the journal the erasure is (or would be) asked in.
  const [undo, here] = await Promise.all([undoersOf(db, pendingIn ?? journal), pendingIn ? undoersOf(db, journal) : null])
  return {
    journal,
    /** The journal's owner reaches its pages; a team's admin may not (decision 0032): the breadcrumb follows. */
    isOwner: journal.ownerId === userId,
    student: { id: student.id, account: student.account, name: student.name ?? student.account, disabledAt: student.disabledAt },
    /** Whether the student's data may be reached now (rule 12): not while an erasure waits or the account is locked. */
    open,
    mayErase: erasers.includes(userId),
    /** The journals of the student this person does not manage, with who does: why they may not erase. */
    elsewhere: await Promise.all(elsewhere.map(async (j) => ({ journal: j.name, managers: await names([...managers(j)]) }))),
    /** Who may erase, when it is not this person (empty: nobody manages all the student's journals). */
    erasers: erasers.includes(userId) ? [] : await names(erasers),
    mayUndo: undo.ids.includes(userId),
    /** Who undoes, for the page's words: this person, the team's admins, or the journal's owner (named). */
    undoBy: undo.ids.includes(userId) ? ({ kind: 'you' } as const) : undo.kind === 'owner' ? ({ kind: 'owner', owner: undo.owner } as const) : ({ kind: 'teamAdmins' } as const),
    /** Who looked at the student: the team's admin (the owner, for a personal journal). */
    mayAudit: (here ?? undo).ids.includes(userId),
  }
}
export type StudentDataRights = Awaited<ReturnType<typeof studentDataRights>>
