import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'

/** The corrected text of each revised frame of a post. */
export async function revisionsOf(db: DB, postId: number) {
  const rows = await db.selectFrom('post_revisions').select(['frame_id as frameId', 'text']).where('post_id', '=', postId).execute()
  return Object.fromEntries(rows.map((r) => [r.frameId, r.text])) as Record<number, string>
}

/**
 * Save the teacher's corrections (spec 2 revise, f13): a frame whose text is unchanged or emptied
 * keeps no revision. Only frames of this post with text are revised.
 */
export async function saveRevisions(db: DB, input: { postId: number; authorId: number; texts: Record<number, string> }) {
  await db.transaction().execute(async (trx) => {
    const frames = await trx.selectFrom('post_frames').select(['id', 'message']).where('post_id', '=', input.postId).where('message', '!=', '').execute()
    for (const f of frames) {
      const text = input.texts[f.id]?.trim()
      if (text === undefined) continue
      await trx.deleteFrom('post_revisions').where('frame_id', '=', f.id).execute()
      if (text && text !== f.message.trim()) await trx.insertInto('post_revisions').values({ frame_id: f.id, post_id: input.postId, author_id: input.authorId, text, updated_at: nowIso() }).execute()
    }
  })
}
