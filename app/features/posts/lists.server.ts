import type { DB } from '~/db/connect.server'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { containsPattern, nameMatches, pageOfList } from '~/features/lists.server'
import { studentDataOpen } from '~/features/student-door.server'
import { POST_STATUS } from './constants'

export const nameLike = (q: string) => nameMatches(containsPattern(q))

/** Journals a teacher may read: their own and those they were accepted in, not archived. */
export const readableJournals = (db: DB, userId: number) =>
  db
    .selectFrom('journals as rj')
    .select('rj.id')
    .where('rj.archived_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('rj.owner_id', '=', userId),
        eb.exists(eb.selectFrom('journal_members as tm').select('tm.user_id').whereRef('tm.journal_id', '=', 'rj.id').where('tm.user_id', '=', userId).where('tm.role', '=', 'teacher').where('tm.drp_status', '=', MEMBERSHIP_STATUS.approved)),
      ]),
    )

const POST_ROW = ['p.id', 'p.title', 'p.diary_date as diaryDate', 'p.location', 'p.happen_time as happenTime', 'p.created_at as createdAt', 'p.creator_id as studentId', 'u.account', 'j.id as journalId', 'j.name as journalName'] as const

/** Posts of a list (collection or returned) with the student, unread mark and the teacher's star. */
async function postRows(db: DB, userId: number, base: ReturnType<typeof postBase>, page: number) {
  const list = await pageOfList(
    page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
    (offset, limit) =>
      base
        .select((eb) => [
          ...POST_ROW,
          eb.fn.coalesce('u.name', 'u.account').as('studentName'),
          eb.exists(eb.selectFrom('post_reads as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', userId)).as('read'),
          eb.exists(eb.selectFrom('post_collections as s').select('s.post_id').whereRef('s.post_id', '=', 'p.id').where('s.user_id', '=', userId)).as('starred'),
        ])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
  return { ...list, rows: list.rows.map(({ read, starred, ...r }) => ({ ...r, unread: !read, starred: Boolean(starred) })) }
}

// Rule 12: a student whose erasure waits, or whose account is locked, has no post in a list.
const postBase = (db: DB) => db.selectFrom('posts as p').innerJoin('users as u', 'u.id', 'p.creator_id').innerJoin('journals as j', 'j.id', 'p.journal_id').where(studentDataOpen('p.creator_id'))

/** Starred posts (collection, f5): of one journal, or of every journal the teacher reads. */
export async function collectionOf(db: DB, input: { userId: number; journalId?: number; q?: string; page: number }) {
  let base = postBase(db)
    .where((eb) => eb.exists(eb.selectFrom('post_collections as pc').select('pc.post_id').whereRef('pc.post_id', '=', 'p.id').where('pc.user_id', '=', input.userId)))
    .where('p.journal_id', 'in', readableJournals(db, input.userId))
  if (input.journalId !== undefined) base = base.where('p.journal_id', '=', input.journalId)
  if (input.q) base = base.where(nameLike(input.q))
  return postRows(db, input.userId, base, input.page)
}

/** Posts sent back for revision (status 4, f6) in a journal. */
export async function sentBackOf(db: DB, input: { userId: number; journalId: number; q?: string; page: number }) {
  let base = postBase(db).where('p.journal_id', '=', input.journalId).where('p.status', '=', POST_STATUS.sentBack)
  if (input.q) base = base.where(nameLike(input.q))
  return postRows(db, input.userId, base, input.page)
}

/** The journals a teacher reads, by name: the follow-up tab's journal filter. */
export async function readableJournalNames(db: DB, userId: number) {
  return db.selectFrom('journals as j').select(['j.id', 'j.name']).where('j.id', 'in', readableJournals(db, userId)).orderBy('j.name').execute()
}
