// Posts and answers written straight into the worker's database at chosen moments, for the
// Feedback and Patterns journeys (decision 0048): a wait in school days needs a post from days ago.
import { assignPendingTopics } from '../../app/features/topics/assign.server'
import { DEFAULT_TIME_ZONE, formatDate } from '../../app/shared/dates'
import { db } from './db'

const HOUR = 3_600_000

export async function postAt(journalId: number, studentAccount: string, p: { hoursAgo: number; title: string; event: string; emotions: string[]; behaviour: number }) {
  const student = await db().selectFrom('users').select('id').where('account', '=', studentAccount).executeTakeFirstOrThrow()
  const at = new Date(Date.now() - p.hoursAgo * HOUR).toISOString()
  const { id } = await db()
    .insertInto('posts')
    .values({ journal_id: journalId, creator_id: student.id, title: p.title, diary_date: formatDate(at, DEFAULT_TIME_ZONE), location: '', happen_time: '', status: 1, score: null, is_video: 0, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow()
  const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string) =>
    (await db().insertInto('post_frames').values({ post_id: id, position, frame_type, message, img_url: null }).returning('id').executeTakeFirstOrThrow()).id
  await frame(1, 'event', p.event)
  const feelings = await frame(2, 'emotion', '')
  const did = await frame(3, 'behavior', '')
  await db().insertInto('post_emotions').values(p.emotions.map((emotion_code) => ({ post_id: id, frame_id: feelings, emotion_code }))).execute()
  await db().insertInto('post_behaviours').values({ post_id: id, frame_id: did, behaviour_code: p.behaviour }).execute()
  return { id, at }
}

/** A teacher's comment `hours` after the post was written. */
export async function answerAfter(post: { id: number; at: string }, teacherAccount: string, hours: number) {
  const teacher = await db().selectFrom('users').select('id').where('account', '=', teacherAccount).executeTakeFirstOrThrow()
  const at = new Date(Date.parse(post.at) + hours * HOUR).toISOString()
  await db().insertInto('comments').values({ post_id: post.id, msg_id: null, author_id: teacher.id, comment: 'Thank you for telling me.', type: 3, status: 1, created_at: at, updated_at: at }).execute()
}

/** The topics of the posts just written, as the server's background tick would read them. */
export async function readTopics() {
  while ((await assignPendingTopics(db(), 200)) > 0);
}
