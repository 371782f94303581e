import { data } from 'react-router'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { COMMENT_STATUS, POST_STATUS } from '~/features/posts/constants'
import { POST_HEAD, withDetails } from '~/features/posts/feed.server'
import { revisionsOf } from '~/features/posts/revise.server'
import { extremeWordsIn } from '~/features/posts/extreme-words'
import type { StudentPost } from './post-schema'
import { parseId } from '~/shared/lists'
import { postSubmitted } from '~/features/notifications/events.server'
import { checkPost } from '~/features/alerts/raise.server'
import { addDays, formatDate, todayDate } from '~/shared/dates'
import { topicsForPost, writeTopics } from '~/features/topics/assign.server'

/** A journal the student is in (not archived from it): 404 otherwise. */
export async function studentJournal(db: DB, studentId: number, rawId: string | undefined) {
  const id = parseId(rawId)
  const journal = id
    ? await db
        .selectFrom('journals as j')
        .innerJoin('journal_members as m', (join) => join.onRef('m.journal_id', '=', 'j.id').on('m.user_id', '=', studentId).on('m.role', '=', 'student'))
        .select(['j.id', 'j.name', 'j.share_type as shareType', 'j.sub_type as subType', 'j.label_color_code as labelColorCode'])
        .where('j.id', '=', id)
        .where('j.archived_at', 'is', null)
        .where('m.archived_at', 'is', null)
        .executeTakeFirst()
    : undefined
  if (!journal) throw data(null, { status: 404 })
  return journal
}

/** The student's own posts in a journal, newest first. */
export async function myPosts(db: DB, studentId: number, journalId: number) {
  return db
    .selectFrom('posts as p')
    .select(['p.id', 'p.title', 'p.diary_date as diaryDate', 'p.status', 'p.score', 'p.created_at as createdAt'])
    .where('p.journal_id', '=', journalId)
    .where('p.creator_id', '=', studentId)
    .orderBy('p.created_at', 'desc')
    .limit(100)
    .execute()
}

/** The three frames of a post: created once, then updated in place so block comments keep their block. */
async function writeFrames(trx: DB, postId: number, input: StudentPost, picture: string | null) {
  const existing = await trx.selectFrom('post_frames').select(['id', 'frame_type']).where('post_id', '=', postId).execute()
  // The picture goes with the event frame; a revision without a new picture keeps the old one.
  const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string, img_url: string | null = null) => {
    const found = existing.find((f) => f.frame_type === frame_type)
    if (found) {
      await trx.updateTable('post_frames').set(img_url ? { message, img_url } : { message }).where('id', '=', found.id).execute()
      return found.id
    }
    return (await trx.insertInto('post_frames').values({ post_id: postId, position, frame_type, message, img_url }).returning('id').executeTakeFirstOrThrow()).id
  }
  await frame(1, 'event', input.event, picture)
  const feelings = await frame(2, 'emotion', input.story ?? '')
  const did = await frame(3, 'behavior', input.behaviourText ?? '')
  await trx.deleteFrom('post_emotions').where('post_id', '=', postId).execute()
  await trx.deleteFrom('post_behaviours').where('post_id', '=', postId).execute()
  await trx.insertInto('post_emotions').values([...new Set(input.emotions)].map((emotion_code) => ({ post_id: postId, frame_id: feelings, emotion_code }))).execute()
  await trx.insertInto('post_behaviours').values({ post_id: postId, frame_id: did, behaviour_code: Number(input.behaviour) }).execute()
}

/** The post's extreme-word flags, recomputed from its text (decision 0013). */
async function writeFlags(trx: DB, postId: number, input: StudentPost) {
  await trx.deleteFrom('post_flags').where('post_id', '=', postId).execute()
  const hits = extremeWordsIn([input.title, input.event, input.behaviourText ?? ''].join('\n'))
  if (hits.length) await trx.insertInto('post_flags').values(hits.map((h) => ({ post_id: postId, category: h.category, words: h.words.join(', '), created_at: nowIso() }))).execute()
}

/** A new post in a journal the student is in; it reaches the teacher's feed at once. */
export async function createPost(db: DB, studentId: number, journalId: number, input: StudentPost, picture: string | null = null, questId: number | null = null) {
  // The event's topics (decision 0049): read before the transaction, written with the post.
  const topics = await topicsForPost(db, journalId, input.title, input.event)
  const postId = await db.transaction().execute(async (trx) => {
    const at = nowIso()
    const { id } = await trx
      .insertInto('posts')
      .values({ journal_id: journalId, creator_id: studentId, title: input.title, diary_date: input.diaryDate, location: input.location ?? '', happen_time: input.happenTime ?? '', status: POST_STATUS.published, score: null, quest_id: questId, is_video: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeFrames(trx, id, input, picture)
    await writeFlags(trx, id, input)
    await writeTopics(trx, id, topics)
    return id
  })
  await postSubmitted(db, postId)
  await checkPost(db, postId)
  return postId
}

/** The student's own post with the teacher's visible comments and corrections; 404 for anyone else's. */
export async function myPost(db: DB, studentId: number, rawId: string | undefined) {
  const id = parseId(rawId)
  const post = id
    ? await db
        .selectFrom('posts as p')
        .innerJoin('journals as j', 'j.id', 'p.journal_id')
        .select([...POST_HEAD, 'j.name as journalName'])
        .where('p.id', '=', id)
        .where('p.creator_id', '=', studentId)
        .where('j.archived_at', 'is', null)
        .executeTakeFirst()
    : undefined
  if (!post) throw data(null, { status: 404 })
  const [{ flags, ...detailed }] = await withDetails(db, [{ ...post, author: '' }])
  void flags // the extreme-word flags are for teachers; filtered comments (status 2) never reach the student either
  return { ...detailed, comments: detailed.comments.filter((c) => c.status === COMMENT_STATUS.visible), revisions: await revisionsOf(db, post.id) }
}

/** Revise a post the teacher sent back: new text and choices, and it is back in the feed (status 1). */
export async function revisePost(db: DB, studentId: number, postId: number, input: StudentPost, picture: string | null = null) {
  const post = await db.selectFrom('posts').select('journal_id').where('id', '=', postId).executeTakeFirst()
  const topics = post ? await topicsForPost(db, post.journal_id, input.title, input.event) : null
  const revised = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('posts')
      .set({ title: input.title, diary_date: input.diaryDate, location: input.location ?? '', happen_time: input.happenTime ?? '', status: POST_STATUS.published, updated_at: nowIso() })
      .where('id', '=', postId)
      .where('creator_id', '=', studentId)
      .where('status', '=', POST_STATUS.sentBack)
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return false
    // The corrections were made on the old text: they go with it. Comments stay on their blocks.
    await trx.deleteFrom('post_revisions').where('post_id', '=', postId).execute()
    await writeFrames(trx, postId, input, picture)
    await writeFlags(trx, postId, input)
    await writeTopics(trx, postId, topics)
    return true
  })
  if (revised) {
    await postSubmitted(db, postId, true)
    await checkPost(db, postId)
  }
  return revised
}

/**
 * A diary date is a day of the journal's life: not before the journal was made, nor after tomorrow
 * in the school's zone (a post written late at night for the next morning). Checked on the server;
 * the schema has already refused what is not a calendar date.
 */
export async function diaryDateError(db: DB, journalId: number, date: string): Promise<'write.dateRange' | null> {
  const journal = await db.selectFrom('journals').select('created_at').where('id', '=', journalId).executeTakeFirstOrThrow()
  return date < formatDate(journal.created_at) || date > addDays(todayDate(), 1) ? 'write.dateRange' : null
}
