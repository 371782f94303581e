import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'

/** Watch a student (add to the journal's cases, f4) or stop watching. */
export async function setWatching(db: DB, input: { teacherId: number; journalId: number; studentId: number; on: boolean }) {
  const { teacherId, journalId, studentId } = input
  if (!input.on) {
    await db.deleteFrom('student_cases').where('teacher_id', '=', teacherId).where('journal_id', '=', journalId).where('student_id', '=', studentId).execute()
    return
  }
  const member = await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).executeTakeFirst()
  if (!member) return
  await db
    .insertInto('student_cases')
    .values({ teacher_id: teacherId, journal_id: journalId, student_id: studentId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['teacher_id', 'journal_id', 'student_id']).doNothing())
    .execute()
}

/** Star a post (add it to the teacher's collection, f5) or remove the star. */
export async function setStarred(db: DB, input: { userId: number; postId: number; on: boolean }) {
  if (!input.on) {
    await db.deleteFrom('post_collections').where('user_id', '=', input.userId).where('post_id', '=', input.postId).execute()
    return
  }
  await db
    .insertInto('post_collections')
    .values({ user_id: input.userId, post_id: input.postId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
    .execute()
}

/** The teacher opened the post: its unread dot goes. */
export async function markRead(db: DB, userId: number, postId: number) {
  await db.insertInto('post_reads').values({ user_id: userId, post_id: postId, read_at: nowIso() }).onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing()).execute()
}

/** A post of this student in this journal (the student page's star buttons act on no other). */
export async function isStudentPost(db: DB, input: { postId: number; journalId: number; studentId: number }) {
  const post = await db.selectFrom('posts').select('id').where('id', '=', input.postId).where('journal_id', '=', input.journalId).where('creator_id', '=', input.studentId).executeTakeFirst()
  return Boolean(post)
}
