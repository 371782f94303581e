import type { DB } from '~/db/connect.server'
import { pageOfList } from '~/features/lists.server'
import { tagsOf } from '~/features/posts/feed.server'
import { nameLike, readableJournals } from '~/features/posts/lists.server'
import { studentDataOpen } from '~/features/student-door.server'
import { todayDate } from '~/shared/dates'
import { activeAlertsOfStudent } from './manage.server'

/**
 * Watched students (cases, f4): in one journal, or across the teacher's journals for the
 * follow-up tab (spec 2), searched by name, 10 a page, each with the latest post in its journal.
 */
export async function casesOf(db: DB, input: { teacherId: number; journalId?: number; q?: string; page: number }) {
  let base = db
    .selectFrom('student_cases as c')
    .innerJoin('users as u', 'u.id', 'c.student_id')
    .innerJoin('journals as j', 'j.id', 'c.journal_id')
    .innerJoin('journal_members as m', (join) => join.onRef('m.journal_id', '=', 'c.journal_id').onRef('m.user_id', '=', 'c.student_id'))
    .where('c.teacher_id', '=', input.teacherId)
    .where('m.archived_at', 'is', null)
    .where(studentDataOpen('c.student_id'))
    .where('c.journal_id', 'in', readableJournals(db, input.teacherId))
  if (input.journalId !== undefined) base = base.where('c.journal_id', '=', input.journalId)
  if (input.q) base = base.where(nameLike(input.q))
  const list = await pageOfList(
    input.page,
    async () => (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
    (offset, limit) =>
      base
        .select((eb) => [
          'u.id',
          'u.account',
          'u.last_login_at as lastLogin',
          'j.id as journalId',
          'j.name as journalName',
          eb.fn.coalesce('u.name', 'u.account').as('name'),
          eb.selectFrom('posts as p').select('p.id').whereRef('p.journal_id', '=', 'c.journal_id').whereRef('p.creator_id', '=', 'u.id').orderBy('p.created_at', 'desc').limit(1).as('latestPostId'),
          activeAlertsOfStudent(todayDate())(eb).as('openAlerts'),
        ])
        // Students with open risk alerts first (decision 0037).
        .orderBy('openAlerts', 'desc')
        .orderBy('name')
        .orderBy('j.id')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
  const ids = list.rows.map((r) => r.latestPostId).filter((id): id is number => id !== null)
  const [latest, tags] = ids.length ? await Promise.all([db.selectFrom('posts').select(['id', 'title']).where('id', 'in', ids).execute(), tagsOf(db, ids)]) : [[], new Map()]
  const byId = new Map(latest.map((p) => [p.id, { id: p.id, title: p.title, emotions: tags.get(p.id)?.emotions ?? [], behaviours: tags.get(p.id)?.behaviours ?? [] }]))
  return { ...list, rows: list.rows.map(({ latestPostId, ...r }) => ({ ...r, openAlerts: Number(r.openAlerts ?? 0), latest: latestPostId === null ? null : (byId.get(latestPostId) ?? null) })) }
}
