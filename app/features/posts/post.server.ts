import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { requireJournal } from '~/features/journals/access.server'
import { POST_HEAD, withDetails } from './feed.server'

/**
 * A post for its page (/diary/diaryPost/{id}): 404 when missing or its journal is archived, 403
 * for a teacher who may not open its journal (the journal's own rule, decision 0008).
 */
export async function postForTeacher(db: DB, rawId: string | undefined, userId: number) {
  const id = rawId && /^\d{1,10}$/.test(rawId) ? Number(rawId) : null
  const post = id
    ? await db
        .selectFrom('posts as p')
        .innerJoin('users as u', 'u.id', 'p.creator_id')
        .select((eb) => [
          ...POST_HEAD,
          eb.fn.coalesce('u.name', 'u.account').as('author'),
          eb.exists(eb.selectFrom('post_reads as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', userId)).as('read'),
        ])
        .where('p.id', '=', id)
        .executeTakeFirst()
    : undefined
  if (!post) throw data(null, { status: 404 })
  const { journal, role } = await requireJournal(db, String(post.journalId), userId)
  const [detailed] = await withDetails(db, [post])
  return { post: detailed, journal, role }
}
