import { sql } from 'kysely'
import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { containsPattern, tagsOf } from '~/features/posts/feed.server'

export const TABLE_PAGE_SIZE = 10

const nameLike = (q: string) => sql<boolean>`(lower(coalesce(u.name, '')) like ${containsPattern(q)} escape '\\' or lower(u.account) like ${containsPattern(q)} escape '\\')`

/** Pages of a list: 1-based, at least one page. */
export const pagesOf = (total: number) => Math.max(1, Math.ceil(total / TABLE_PAGE_SIZE))

/**
 * The journal's student list (spec 2): searched by name or account, 10 a page, each with the
 * latest post (emotions, behaviour), last login, whether it is unread and whether they are watched.
 */
export async function journalStudents(db: DB, input: { journalId: number; teacherId: number; q?: string; page: number }) {
  let base = db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.journal_id', '=', input.journalId)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
  if (input.q) base = base.where(nameLike(input.q))
  const [count, page] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
    .select((eb) => [
      'u.id',
      'u.account',
      'u.avatar_url as avatarUrl',
      'u.last_login_at as lastLogin',
      eb.fn.coalesce('u.name', 'u.account').as('name'),
      eb.exists(eb.selectFrom('student_cases as c').select('c.student_id').where('c.teacher_id', '=', input.teacherId).where('c.journal_id', '=', input.journalId).whereRef('c.student_id', '=', 'u.id')).as('watching'),
    ])
      .orderBy('name')
      .orderBy('u.id')
      .limit(TABLE_PAGE_SIZE)
      .offset((input.page - 1) * TABLE_PAGE_SIZE)
      .execute(),
  ])
  const total = Number(count?.n ?? 0)
  // The latest post of just the page's students (a subquery in the page query would run for every
  // row skipped by the offset too).
  const latestOf = page.length ? await latestPostIds(db, input.journalId, page.map((r) => r.id)) : new Map<number, number>()
  const rows = page.map((r) => ({ ...r, latestPostId: latestOf.get(r.id) ?? null }))
  const latestIds = rows.map((r) => r.latestPostId).filter((id): id is number => id !== null)
  const [latest, tags] = latestIds.length
    ? await Promise.all([
        db
          .selectFrom('posts as p')
          .select((eb) => [
            'p.id',
            'p.title',
            'p.created_at as createdAt',
            eb.exists(eb.selectFrom('post_reads as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', input.teacherId)).as('read'),
          ])
          .where('p.id', 'in', latestIds)
          .execute(),
        tagsOf(db, latestIds),
      ])
    : [[], new Map()]
  const byId = new Map(latest.map((p) => [p.id, { id: p.id, title: p.title, createdAt: p.createdAt, emotions: tags.get(p.id)?.emotions ?? [], behaviours: tags.get(p.id)?.behaviours ?? [], unread: !p.read }]))
  return {
    students: rows.map(({ latestPostId, watching, ...r }) => ({ ...r, watching: Boolean(watching), latest: latestPostId === null ? null : (byId.get(latestPostId) ?? null) })),
    total,
    totalPages: pagesOf(total),
  }
}

/** Each student's latest post in the journal, one index lookup per student (journal, creator, created). */
export async function latestPostIds(db: DB, journalId: number, studentIds: number[]) {
  const rows = await db
    .selectFrom('users as u')
    .select((eb) => [
      'u.id',
      eb.selectFrom('posts as p').select('p.id').where('p.journal_id', '=', journalId).whereRef('p.creator_id', '=', 'u.id').orderBy('p.created_at', 'desc').limit(1).as('postId'),
    ])
    .where('u.id', 'in', studentIds)
    .execute()
  return new Map(rows.filter((r) => r.postId !== null).map((r) => [r.id, r.postId!]))
}

/** A student of the journal for their page: 404 for anyone else (spec 2: unknown student). */
export async function journalStudent(db: DB, journalId: number, rawId: string | undefined) {
  const id = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : null
  const student = id
    ? await db
        .selectFrom('journal_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select((eb) => ['u.id', 'u.account', 'u.email', 'u.nickname', 'u.avatar_url as avatarUrl', 'u.last_login_at as lastLogin', eb.fn.coalesce('u.name', 'u.account').as('name')])
        .where('m.journal_id', '=', journalId)
        .where('m.user_id', '=', id)
        .where('m.role', '=', 'student')
        .where('m.archived_at', 'is', null)
        .executeTakeFirst()
    : undefined
  if (!student) throw data(null, { status: 404 })
  return student
}

/** A student's posts in the journal, 10 a page, with the teacher's star and the unread mark. */
export async function studentPosts(db: DB, input: { journalId: number; studentId: number; teacherId: number; page: number }) {
  const base = db.selectFrom('posts as p').where('p.journal_id', '=', input.journalId).where('p.creator_id', '=', input.studentId)
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0)
  const posts = await base
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
    .limit(TABLE_PAGE_SIZE)
    .offset((input.page - 1) * TABLE_PAGE_SIZE)
    .execute()
  return { posts: posts.map(({ starred, read, ...p }) => ({ ...p, starred: Boolean(starred), unread: !read })), total, totalPages: pagesOf(total) }
}

/** Archive a student from the journal: irreversible; they leave its lists and cannot post there. */
export async function archiveStudent(db: DB, journalId: number, studentId: number) {
  await db.updateTable('journal_members').set({ archived_at: new Date().toISOString() }).where('journal_id', '=', journalId).where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).execute()
}
