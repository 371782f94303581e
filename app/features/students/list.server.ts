import { sql } from 'kysely'
import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { fromJson, jsonArrayFrom } from '~/db/json.server'
import { prepared } from '~/db/prepared.server'
import { containsPattern, nameMatches, pageOfList } from '~/features/lists.server'
import { offsetOf, pageWithin, parseId, TABLE_PAGE_SIZE } from '~/shared/lists'
import { studentDataOpen } from '~/features/student-door.server'

type StudentValues = { journalId: number; teacherId: number; pattern?: string; limit: number; offset: number }

// Members whose data is open (rule 12): a student whose erasure waits, or whose account is locked, is off the list.
const membersOf = (db: DB, v: { journalId: number }) =>
  db.selectFrom('journal_members as m').where('m.journal_id', '=', v.journalId).where('m.role', '=', 'student').where('m.archived_at', 'is', null).where(studentDataOpen('m.user_id'))

const studentsOf = (db: DB, v: { journalId: number; pattern?: string }) => {
  const q = membersOf(db, v).innerJoin('users as u', 'u.id', 'm.user_id')
  return v.pattern === undefined ? q : q.where(nameMatches(v.pattern))
}

/** How many students match: without a search, from the members' index alone. */
const countOf = (db: DB, v: { journalId: number; pattern?: string }) =>
  (v.pattern === undefined ? membersOf(db, v) : studentsOf(db, v)).select((eb) => eb.fn.countAll<number>().as('n'))

// The page's students first, then for just those: whether they are watched, the latest post, and
// the total (an uncorrelated subquery, counted once). A subquery in the page itself would run for
// every student the sort reads, and a window count kept every row in the sorter: together they
// cost a third of the query on a class of 200.
const studentPageQuery = prepared((db, v: StudentValues) =>
  db
    .with(
      (cte) => cte('page').materialized(),
      () =>
        studentsOf(db, v)
          .select((eb) => ['u.id', 'u.account', 'u.avatar_url as avatarUrl', 'u.last_login_at as lastLogin', 'u.name_kana as nameKana', eb.fn.coalesce('u.name', 'u.account').as('name')])
          .orderBy('name')
          .orderBy('u.id')
          .limit(v.limit)
          .offset(v.offset),
    )
    .selectFrom('page as s')
    .leftJoin('posts as p', (join) =>
      join.on('p.id', '=', db.selectFrom('posts as lp').select('lp.id').where('lp.journal_id', '=', v.journalId).where('lp.creator_id', '=', sql.ref<number>('s.id')).orderBy('lp.created_at', 'desc').orderBy('lp.id', 'desc').limit(1)),
    )
    .selectAll('s')
    .select((eb) => [
      eb.exists(eb.selectFrom('student_cases as c').select('c.student_id').where('c.teacher_id', '=', v.teacherId).where('c.journal_id', '=', v.journalId).whereRef('c.student_id', '=', 's.id')).as('watching'),
      countOf(db, v).as('total'),
      'p.id as postId',
      'p.title as postTitle',
      'p.created_at as postCreatedAt',
      eb.exists(eb.selectFrom('post_reads as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', v.teacherId)).as('read'),
      jsonArrayFrom(db, eb.selectFrom('post_emotions as e').select('e.emotion_code as code').whereRef('e.post_id', '=', 'p.id').orderBy('e.emotion_code')).as('emotions'),
      jsonArrayFrom(db, eb.selectFrom('post_behaviours as b').select('b.behaviour_code as code').whereRef('b.post_id', '=', 'p.id').orderBy('b.behaviour_code')).as('behaviours'),
    ])
    .orderBy('s.name')
    .orderBy('s.id'),
)

const studentCountQuery = prepared((db, v: { journalId: number; pattern?: string }) => countOf(db, v))

/**
 * The journal's student list (spec 2): searched by name or account, 10 a page, each with the
 * latest post (emotions, behaviour), last login, whether it is unread and whether they are watched.
 * One prepared query; a second counts only when the page is past the end.
 */
export async function journalStudents(db: DB, input: { journalId: number; teacherId: number; q?: string; page: number }) {
  const pattern = input.q ? containsPattern(input.q) : undefined
  const read = (offset: number) => studentPageQuery(db, { journalId: input.journalId, teacherId: input.teacherId, pattern, limit: TABLE_PAGE_SIZE, offset })
  let rows = await read(offsetOf(input.page))
  const total = rows.length ? Number(rows[0].total) : Number((await studentCountQuery(db, { journalId: input.journalId, pattern }))[0]?.n ?? 0)
  // A page past the end shows the last page.
  const { page, totalPages, offset } = pageWithin(input.page, total)
  if (page !== input.page) rows = await read(offset)
  return {
    students: rows.map((r) => ({
      id: r.id,
      account: r.account,
      avatarUrl: r.avatarUrl,
      lastLogin: r.lastLogin,
      name: r.name,
      // The kana reading a roster gave (the Japan Profile), shown above the name in Japanese (decision 0075).
      nameKana: r.nameKana,
      watching: Boolean(r.watching),
      latest:
        r.postId === null
          ? null
          : { id: r.postId, title: r.postTitle!, createdAt: r.postCreatedAt!, emotions: fromJson(r.emotions).map((e) => e.code), behaviours: fromJson(r.behaviours).map((b) => b.code), unread: !r.read },
    })),
    total,
    page,
    totalPages,
  }
}

/** A student of the journal for their page: 404 for anyone else (spec 2: unknown student). */
export async function journalStudent(db: DB, journalId: number, rawId: string | undefined) {
  const id = parseId(rawId)
  const student = id
    ? await db
        .selectFrom('journal_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select((eb) => ['u.id', 'u.account', 'u.email', 'u.nickname', 'u.avatar_url as avatarUrl', 'u.last_login_at as lastLogin', eb.fn.coalesce('u.name', 'u.account').as('name')])
        .where('m.journal_id', '=', journalId)
        .where('m.user_id', '=', id)
        .where('m.role', '=', 'student')
        .where('m.archived_at', 'is', null)
        // A student whose erasure waits, or whose account is locked, is not there (rule 12).
        .where(studentDataOpen('u.id'))
        .executeTakeFirst()
    : undefined
  if (!student) throw data(null, { status: 404 })
  return student
}

/** A student's posts in the journal, 10 a page, with the teacher's star and the unread mark. */
export async function studentPosts(db: DB, input: { journalId: number; studentId: number; teacherId: number; page: number }) {
  const base = db.selectFrom('posts as p').where('p.journal_id', '=', input.journalId).where('p.creator_id', '=', input.studentId)
  const list = await pageOfList(
    input.page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
    (offset, limit) =>
      base
        .select((eb) => [
          'p.id',
          'p.title',
          'p.diary_date as diaryDate',
          'p.location',
          'p.happen_time as happenTime',
          'p.score',
          'p.is_video as isVideo',
          'p.status',
          'p.created_at as createdAt',
          eb.exists(eb.selectFrom('post_collections as c').select('c.post_id').whereRef('c.post_id', '=', 'p.id').where('c.user_id', '=', input.teacherId)).as('starred'),
          eb.exists(eb.selectFrom('post_reads as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', input.teacherId)).as('read'),
        ])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
  const { rows, ...paging } = list
  return { ...paging, posts: rows.map(({ starred, read, ...p }) => ({ ...p, starred: Boolean(starred), unread: !read })) }
}

/** Archive a student from the journal: irreversible; they leave its lists and cannot post there. */
export async function archiveStudent(db: DB, journalId: number, studentId: number) {
  await db.updateTable('journal_members').set({ archived_at: new Date().toISOString() }).where('journal_id', '=', journalId).where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).execute()
}

/** The journal's students who take part in class work (books, packs): members not archived, by name. */
export async function classStudents(db: DB, journalId: number) {
  const rows = await db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name')])
    .where('m.journal_id', '=', journalId)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .where(studentDataOpen('u.id'))
    .orderBy('u.name')
    .orderBy('u.id')
    .execute()
  return rows.map((r) => ({ id: r.id, name: r.name ?? '' }))
}
