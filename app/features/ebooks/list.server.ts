import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { pageOfList } from '~/features/lists.server'
import { studentDataOpen } from '~/features/student-door.server'
import type { Maker } from './books.server'

/** The journals whose books this person may make: a teacher's (owned or co-taught), or a student's own. */
function journalsOf(db: DB, who: Maker) {
  if (who.kind === 'student') return db.selectFrom('journal_members').select('journal_id as id').where('user_id', '=', who.userId).where('role', '=', 'student').where('archived_at', 'is', null)
  return db
    .selectFrom('journals')
    .select('id')
    .where((eb) => eb.or([eb('owner_id', '=', who.userId), eb('id', 'in', eb.selectFrom('journal_members').select('journal_id').where('user_id', '=', who.userId).where('role', '=', 'teacher').where('drp_status', '=', MEMBERSHIP_STATUS.approved))]))
}

/**
 * /ebook (spec 3): the books this person may open, newest edit first, searched by author (the
 * student's name or account), 10 a page; each with whether its PDF is the book as it is now.
 */
export async function ebookList(db: DB, who: Maker, { q, page }: { q: string; page: number }) {
  let base = db
    .selectFrom('ebooks as b')
    .innerJoin('users as s', 's.id', 'b.student_id')
    .innerJoin('journals as j', 'j.id', 'b.journal_id')
    .where('b.journal_id', 'in', journalsOf(db, who))
    // Rule 12: the book of a student whose erasure waits, or whose account is locked, is not listed.
    .where(studentDataOpen('b.student_id'))
  if (who.kind === 'student') base = base.where('b.student_id', '=', who.userId)
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    base = base.where((eb) => eb.or([sql<boolean>`${eb.ref('s.name')} like ${like} escape '\\'`, sql<boolean>`${eb.ref('s.account')} like ${like} escape '\\'`]))
  }
  const list = await pageOfList(
    page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total,
    (offset, limit) =>
      base
        .leftJoin('ebook_exports as x', (join) => join.onRef('x.ebook_id', '=', 'b.id').on('x.status', '=', 'done').onRef('x.book_version', '=', 'b.edited_at'))
        .select((eb) => ['b.id', 'b.name', 'b.made_as as madeAs', 'b.edited_at as editedAt', 'b.generated_at as generatedAt', 'j.name as journal', eb.fn.coalesce('s.name', 's.account').as('author'), eb('x.ebook_id', 'is not', null).as('printed')])
        .orderBy('b.edited_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
  return { ...list, rows: list.rows.map((r) => ({ ...r, printed: Boolean(r.printed) })) }
}

/** The journals to start a book in (the choose-a-journal dialog), by name. */
export async function journalChoices(db: DB, who: Maker) {
  return db.selectFrom('journals').select(['id', 'name']).where('id', 'in', journalsOf(db, who)).where('archived_at', 'is', null).orderBy('name').execute()
}
