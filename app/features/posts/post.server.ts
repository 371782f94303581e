import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { requireJournal } from '~/features/journals/access.server'
import { postWithDetails } from './feed.server'
import { parseId } from '~/shared/lists'

/**
 * A post for its page (/diary/diaryPost/{id}): 404 when missing or its journal is archived, 403
 * for a teacher who may not open its journal (the journal's own rule, decision 0008).
 */
export async function postForTeacher(db: DB, rawId: string | undefined, userId: number) {
  const id = parseId(rawId)
  const post = id ? await postWithDetails(db, id, userId) : undefined
  if (!post) throw data(null, { status: 404 })
  const { journal, role } = await requireJournal(db, String(post.journalId), userId)
  return { post, journal, role }
}
