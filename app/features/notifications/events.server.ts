import type { DB } from '~/db/connect.server'
import { COMMENT_STATUS } from '~/features/statuses'
import { journalTeacherIds, notify, tell } from './notify.server'

/**
 * The events teachers are told of (decision 0037), each written where it happens, after it is
 * saved. Parameters are names and titles as they were; each reader's page writes the message in
 * their language.
 */

const nameOf = (db: DB, userId: number) =>
  db
    .selectFrom('users')
    .select((eb) => eb.fn.coalesce('name', 'account').as('name'))
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((u) => u.name)

async function postAndJournal(db: DB, postId: number) {
  return db
    .selectFrom('posts as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select((eb) => ['p.id', 'p.title', 'p.creator_id as studentId', 'p.updated_at as updatedAt', 'j.id as journalId', 'j.name as journal', 'j.notify_submit_time as submitTime', eb.fn.coalesce('u.name', 'u.account').as('student')])
    .where('p.id', '=', postId)
    .executeTakeFirst()
}

/** A student submitted a post, or revised one that was sent back: told at once when the journal asks for it (-1). */
export const postSubmitted = (db: DB, postId: number, revised = false) =>
  tell('post', async () => {
    const p = await postAndJournal(db, postId)
    if (!p || p.submitTime !== -1) return
    await notify(db, {
      readers: await journalTeacherIds(db, p.journalId),
      type: 'd',
      eventKey: revised ? `post:${p.id}:revised:${p.updatedAt}` : `post:${p.id}:submitted`,
      msgKey: revised ? 'notification.postRevised' : 'notification.postSubmitted',
      params: { student: p.student, title: p.title, journal: p.journal },
      link: `/diary/diaryPost/${p.id}`,
      actorId: p.studentId,
      journalId: p.journalId,
    })
  })

/** A teacher asked to join a journal: its owner is told, and answers on the info page. */
export const teacherAsked = (db: DB, journalId: number, teacherId: number) =>
  tell('join request', async () => {
    const journal = await db.selectFrom('journals').select(['owner_id', 'name']).where('id', '=', journalId).executeTakeFirstOrThrow()
    const member = await db.selectFrom('journal_members').select('joined_at').where('journal_id', '=', journalId).where('user_id', '=', teacherId).executeTakeFirstOrThrow()
    await notify(db, {
      readers: [journal.owner_id],
      type: 'd',
      eventKey: `journal:${journalId}:asked:${teacherId}:${member.joined_at}`,
      msgKey: 'notification.teacherAsked',
      params: { teacher: await nameOf(db, teacherId), journal: journal.name },
      link: `/diary/homework/${journalId}/info`,
      actorId: teacherId,
      journalId,
    })
  })

/** The owner accepted or refused a teacher's request: that teacher is told. */
export const teacherAnswered = (db: DB, journalId: number, teacherId: number, accepted: boolean) =>
  tell('join answer', async () => {
    const journal = await db.selectFrom('journals').select(['name', 'owner_id']).where('id', '=', journalId).executeTakeFirstOrThrow()
    await notify(db, {
      readers: [teacherId],
      type: 'd',
      eventKey: `journal:${journalId}:${accepted ? 'accepted' : 'refused'}:${teacherId}:${Date.now()}`,
      msgKey: accepted ? 'notification.teacherAccepted' : 'notification.teacherRefused',
      params: { journal: journal.name },
      link: accepted ? `/diary/homework/${journalId}/news` : '/diary?tab=joined',
      actorId: journal.owner_id,
      journalId: accepted ? journalId : null,
    })
  })

/** A student joined a journal with its code. */
export const studentJoined = (db: DB, journalId: number, studentId: number) =>
  tell('student join', async () => {
    const journal = await db.selectFrom('journals').select('name').where('id', '=', journalId).executeTakeFirstOrThrow()
    await notify(db, {
      readers: await journalTeacherIds(db, journalId),
      type: 'd',
      eventKey: `journal:${journalId}:joined:${studentId}`,
      msgKey: 'notification.studentJoined',
      params: { student: await nameOf(db, studentId), journal: journal.name },
      link: `/diary/homework/${journalId}/student/${studentId}`,
      actorId: studentId,
      journalId,
    })
  })

/** A teacher commented on a post: the journal's other teachers are told (type c). A filtered comment tells no one. */
export const commented = (db: DB, commentId: number) =>
  tell('comment', async () => {
    const c = await db
      .selectFrom('comments as c')
      .innerJoin('posts as p', 'p.id', 'c.post_id')
      .select(['c.id', 'c.author_id as authorId', 'c.status', 'p.id as postId', 'p.title', 'p.journal_id as journalId'])
      .where('c.id', '=', commentId)
      .executeTakeFirst()
    if (!c || c.status !== COMMENT_STATUS.visible) return
    await notify(db, {
      readers: (await journalTeacherIds(db, c.journalId)).filter((id) => id !== c.authorId),
      type: 'c',
      eventKey: `comment:${c.id}`,
      msgKey: 'notification.commented',
      params: { teacher: await nameOf(db, c.authorId), title: c.title },
      link: `/diary/diaryPost/${c.postId}`,
      actorId: c.authorId,
      journalId: c.journalId,
    })
  })
