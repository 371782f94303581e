import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { COMMENT_STATUS, COMMENT_TYPE, POST_STATUS } from './constants'
import { hitsWordFilter } from './word-filter'
import { commented } from '~/features/notifications/events.server'

/** Block comments may be error, advice or other; the whole post also praise (spec 2 section 5). */
export const typesFor = (block: number | null) =>
  block === null ? [COMMENT_TYPE.error, COMMENT_TYPE.advice, COMMENT_TYPE.praise, COMMENT_TYPE.other] : [COMMENT_TYPE.error, COMMENT_TYPE.advice, COMMENT_TYPE.other]

export type CommentResult = { ok: true; id: number } | { ok: false; error: 'comment.badType' | 'comment.badBlock' }

/** A comment on the whole post (block null) or on one of its frames; the word filter sets status 2. */
/** How long an identical comment counts as the same one sent twice. */
export const DUPLICATE_WINDOW_MS = 10_000

export async function addComment(db: DB, input: { postId: number; block: number | null; authorId: number; comment: string; type: number }): Promise<CommentResult> {
  if (!(typesFor(input.block) as number[]).includes(input.type)) return { ok: false, error: 'comment.badType' }
  if (input.block !== null) {
    const frame = await db.selectFrom('post_frames').select('id').where('id', '=', input.block).where('post_id', '=', input.postId).executeTakeFirst()
    if (!frame) return { ok: false, error: 'comment.badBlock' }
  }
  const at = nowIso()
  // A double click, or a form sent again after a slow answer: the same words from the same teacher
  // on the same block within seconds are the comment already added, not a second one.
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS).toISOString()
  const same = await db
    .selectFrom('comments')
    .select('id')
    .where('post_id', '=', input.postId)
    .where('author_id', '=', input.authorId)
    .where('comment', '=', input.comment)
    .where('created_at', '>=', since)
    .where((eb) => (input.block === null ? eb('msg_id', 'is', null) : eb('msg_id', '=', input.block)))
    .executeTakeFirst()
  if (same) return { ok: true, id: same.id }
  const { id } = await db
    .insertInto('comments')
    .values({
      post_id: input.postId,
      msg_id: input.block,
      author_id: input.authorId,
      comment: input.comment,
      type: input.type,
      status: hitsWordFilter(input.comment) ? COMMENT_STATUS.filtered : COMMENT_STATUS.visible,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await commented(db, id)
  return { ok: true, id }
}

/** Its author edits a comment while it is not filtered (editable); the filter runs again. */
export async function editComment(db: DB, input: { postId: number; commentId: number; userId: number; comment: string }) {
  const r = await db
    .updateTable('comments')
    .set({ comment: input.comment, status: hitsWordFilter(input.comment) ? COMMENT_STATUS.filtered : COMMENT_STATUS.visible, updated_at: nowIso() })
    .where('id', '=', input.commentId)
    .where('post_id', '=', input.postId)
    .where('author_id', '=', input.userId)
    .where('status', '=', COMMENT_STATUS.visible)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Delete: the author, or the journal's owner, removes an unfiltered comment. */
export async function deleteComment(db: DB, input: { postId: number; commentId: number; userId: number; isOwner: boolean }) {
  let q = db.deleteFrom('comments').where('id', '=', input.commentId).where('post_id', '=', input.postId).where('status', '=', COMMENT_STATUS.visible)
  if (!input.isOwner) q = q.where('author_id', '=', input.userId)
  return Number((await q.executeTakeFirst()).numDeletedRows) === 1
}

/** Send back (status 4): once only; the student revises and submits again. */
export async function sendBack(db: DB, postId: number) {
  const r = await db.updateTable('posts').set({ status: POST_STATUS.sentBack, updated_at: nowIso() }).where('id', '=', postId).where('status', '!=', POST_STATUS.sentBack).executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}
