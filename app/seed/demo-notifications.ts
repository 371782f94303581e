import type { DB } from '~/db/connect.server'

const HOUR = 3_600_000

/**
 * teacher@'s notifications (decision 0037): every type, some read. 501 and 502 tell submissions at once
 * (notify_submit_time -1), so a demo student's new post rings the bell too.
 */
export async function seedNotifications(trx: DB, { teacher, freeTeacher, now }: { teacher: number; freeTeacher: number; now: Date }) {
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR).toISOString()
  const journal = async (name: string) => trx.selectFrom('journals').select(['id', 'name']).where('name', '=', name).executeTakeFirstOrThrow()
  const [j501, j502, club] = [await journal('501 心情日記'), await journal('502 Feelings Journal'), await journal('Reading Club')]
  await trx.updateTable('journals').set({ notify_submit_time: -1 }).where('id', 'in', [j501.id, j502.id]).execute()

  const latest = (journalId: number, offset: number) =>
    trx
      .selectFrom('posts as p')
      .innerJoin('users as u', 'u.id', 'p.creator_id')
      .select((eb) => ['p.id', 'p.title', 'p.creator_id as studentId', eb.fn.coalesce('u.name', 'u.account').as('student')])
      .where('p.journal_id', '=', journalId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow()
  const rows: { type: 'd' | 'c'; key: string; msg: string; params: Record<string, string>; link: string; actor: number | null; journal: number | null; hoursAgo: number; read: boolean }[] = []
  for (const [i, j] of [j502, j501, j502, j501, j502].entries()) {
    const p = await latest(j.id, i)
    rows.push({ type: 'd', key: `post:${p.id}:submitted`, msg: 'notification.postSubmitted', params: { student: p.student, title: p.title, journal: j.name }, link: `/diary/diaryPost/${p.id}`, actor: p.studentId, journal: j.id, hoursAgo: 2 + i * 5, read: i >= 3 })
  }
  const revised = await latest(j502.id, 6)
  rows.push({ type: 'd', key: `post:${revised.id}:revised:demo`, msg: 'notification.postRevised', params: { student: revised.student, title: revised.title, journal: j502.name }, link: `/diary/diaryPost/${revised.id}`, actor: revised.studentId, journal: j502.id, hoursAgo: 30, read: false })
  const free = await trx.selectFrom('users').select((eb) => ['id', eb.fn.coalesce('name', 'account').as('name')]).where('id', '=', freeTeacher).executeTakeFirstOrThrow()
  rows.push({ type: 'd', key: `journal:${j501.id}:asked:${free.id}:demo`, msg: 'notification.teacherAsked', params: { teacher: free.name, journal: j501.name }, link: `/diary/homework/${j501.id}/info`, actor: free.id, journal: j501.id, hoursAgo: 50, read: false })
  rows.push({ type: 'd', key: `journal:${club.id}:accepted:${teacher}:demo`, msg: 'notification.teacherAccepted', params: { journal: club.name }, link: `/diary/homework/${club.id}/news`, actor: free.id, journal: club.id, hoursAgo: 24 * 40, read: true })
  const joined = await trx.selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name')]).where('m.journal_id', '=', j502.id).where('m.role', '=', 'student').orderBy('u.id', 'desc').executeTakeFirstOrThrow()
  rows.push({ type: 'd', key: `journal:${j502.id}:joined:${joined.id}`, msg: 'notification.studentJoined', params: { student: joined.name, journal: j502.name }, link: `/diary/homework/${j502.id}/student/${joined.id}`, actor: joined.id, journal: j502.id, hoursAgo: 24 * 58, read: true })
  const comments = await trx
    .selectFrom('comments as c')
    .innerJoin('posts as p', 'p.id', 'c.post_id')
    .select(['c.id', 'p.id as postId', 'p.title'])
    .where('p.journal_id', '=', club.id)
    .where('c.author_id', '=', freeTeacher)
    .orderBy('c.created_at', 'desc')
    .limit(2)
    .execute()
  for (const [i, c] of comments.entries()) {
    rows.push({ type: 'c', key: `comment:${c.id}`, msg: 'notification.commented', params: { teacher: free.name, title: c.title }, link: `/diary/diaryPost/${c.postId}`, actor: free.id, journal: club.id, hoursAgo: 6 + i * 20, read: i > 0 })
  }
  await trx
    .insertInto('notifications')
    .values(rows.map((r) => ({ user_id: teacher, type: r.type, event_key: r.key, msg_key: r.msg, params: JSON.stringify(r.params), link: r.link, actor_id: r.actor, journal_id: r.journal, created_at: at(r.hoursAgo), read_at: r.read ? at(r.hoursAgo - 1) : null })))
    .execute()
}
