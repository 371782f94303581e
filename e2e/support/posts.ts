// A post written straight into the database, as a student's would be: the student pages for
// writing come later, and each test needs a post no other test touches.
import { db } from './db'

export async function newPost(journalId: number, studentAccount: string, title: string) {
  const student = await db().selectFrom('users').select('id').where('account', '=', studentAccount).executeTakeFirstOrThrow()
  const now = new Date().toISOString()
  const { id } = await db()
    .insertInto('posts')
    .values({ journal_id: journalId, creator_id: student.id, title, diary_date: now.slice(0, 10), location: 'Classroom', happen_time: 'Morning', status: 1, score: null, is_video: 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string) =>
    (await db().insertInto('post_frames').values({ post_id: id, position, frame_type, message, img_url: null }).returning('id').executeTakeFirstOrThrow()).id
  await frame(1, 'event', 'My friend did not sit with me at lunch.')
  const feelings = await frame(2, 'emotion', '')
  const did = await frame(3, 'behavior', 'I asked her why.')
  await db().insertInto('post_emotions').values([{ post_id: id, frame_id: feelings, emotion_code: 'B' }, { post_id: id, frame_id: feelings, emotion_code: '12' }]).execute()
  await db().insertInto('post_behaviours').values({ post_id: id, frame_id: did, behaviour_code: 6 }).execute()
  return id
}
