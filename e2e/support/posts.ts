// A post written straight into the database, as a student's would be: the student pages for
// writing come later, and each test needs a post no other test touches.
import { db } from './db'
import { schoolDate } from './dates'

export async function newPost(journalId: number, studentAccount: string, title: string) {
  const student = await db().selectFrom('users').select('id').where('account', '=', studentAccount).executeTakeFirstOrThrow()
  const now = new Date().toISOString()
  const { id } = await db()
    .insertInto('posts')
    .values({ journal_id: journalId, creator_id: student.id, title, diary_date: schoolDate(), location: 'Classroom', happen_time: 'Morning', status: 1, score: null, is_video: 0, created_at: now, updated_at: now })
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

/** A journal of an owner with some demo students in it, for tests that change its members. */
export async function newJournalWith(ownerAccount: string, name: string, studentAccounts: string[]) {
  const owner = await db().selectFrom('users').select('id').where('account', '=', ownerAccount).executeTakeFirstOrThrow()
  const now = new Date().toISOString()
  const { id } = await db()
    .insertInto('journals')
    .values({ owner_id: owner.id, name, description: '', label_color_code: 2, user_classes: '', speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, diary_publish_num: 10, share_type: '2', sub_type: '', invite_code: `J${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const account of studentAccounts) {
    const s = await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
    await db().insertInto('journal_members').values({ journal_id: id, user_id: s.id, role: 'student', drp_status: 1, joined_at: now }).execute()
  }
  return id
}
