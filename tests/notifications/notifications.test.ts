import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptTeacher, removeTeacher, teacherCodeOf } from '~/features/journals/info.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { createJournal } from '~/features/journals/settings.server'
import { markAlertOpened, markAllRead, markOpened, notificationList, unreadCount } from '~/features/notifications/list.server'
import { notify } from '~/features/notifications/notify.server'
import { openedLink } from '~/features/notifications/view.server'
import { addComment } from '~/features/posts/comments.server'
import { sendBack } from '~/features/posts/comments.server'
import { joinAsStudent } from '~/features/students/join.server'
import { createPost, revisePost } from '~/features/students/posts.server'
import { timeAgo } from '~/shared/dates'
import { DIALECTS, freshDatabase } from '../support/db'
import { namedAccounts } from '../support/people'

describe('how long ago', () => {
  const now = Date.parse('2026-11-24T12:00:00Z')
  it('says the largest whole unit in the reader\'s language', () => {
    expect(timeAgo('2026-11-24T11:59:30Z', 'en', now)).toBe('now')
    expect(timeAgo('2026-11-24T11:57:00Z', 'en', now)).toBe('3 minutes ago')
    expect(timeAgo('2026-11-23T10:00:00Z', 'en', now)).toBe('yesterday')
    expect(timeAgo('2026-11-24T09:00:00Z', 'zh-TW', now)).toBe('3 小時前')
    expect(timeAgo('2026-11-24T09:00:00Z', 'ja', now)).toBe('3 時間前')
  })
  it('is a link to its target naming itself, so the target marks it read (decision 0044)', () => {
    expect(openedLink('/diary/diaryPost/7', 12)).toBe('/diary/diaryPost/7?notification=12')
    expect(openedLink('/diary?tab=joined', 13)).toBe('/diary?tab=joined&notification=13')
  })
})

describe.each(DIALECTS)('notifications on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const id: Record<string, number> = {}
  let journalId: number
  const post = { title: 'A hard day', diaryDate: new Date().toISOString().slice(0, 10), event: 'I fell.', emotions: ['B'], behaviour: '6', behaviourText: 'I cried.' }
  const mine = async (user: string) => (await notificationList(conn.db, id[user], { type: null, limit: 50 })).items

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    Object.assign(id, await namedAccounts(conn.db, ['owner', 'cot', 'pending', 'amy', 'ben']))
    const j = await createJournal(conn.db, { userId: id.owner, planLimit: 30 }, { name: 'Class', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2', notifySubmit: 'on', notifySubmitTime: '-1' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
  })
  afterAll(() => conn.close())

  it('a teacher\'s request tells the owner; accepting or refusing tells that teacher', async () => {
    const code = await teacherCodeOf(conn.db, journalId)
    expect((await joinAsTeacher(conn.db, id.cot, code)).ok).toBe(true)
    expect((await joinAsTeacher(conn.db, id.pending, code)).ok).toBe(true)
    expect((await mine('owner')).map((n) => [n.msgKey, n.params.teacher])).toEqual([['notification.teacherAsked', 'PENDING'], ['notification.teacherAsked', 'COT']])
    await acceptTeacher(conn.db, journalId, id.cot)
    expect((await mine('cot'))[0]).toMatchObject({ msgKey: 'notification.teacherAccepted', params: { journal: 'Class' }, actorId: id.owner })
    await removeTeacher(conn.db, journalId, id.pending, MEMBERSHIP_STATUS.pending)
    expect((await mine('pending'))[0]).toMatchObject({ msgKey: 'notification.teacherRefused' })
  })

  it('a student joining and a post submitted or revised tell each teacher once: the owner and the accepted teacher, not a pending one', async () => {
    const code = (await conn.db.selectFrom('journals').select('invite_code').where('id', '=', journalId).executeTakeFirstOrThrow()).invite_code!
    expect((await joinAsStudent(conn.db, id.amy, code)).ok).toBe(true)
    await joinAsTeacher(conn.db, id.pending, await teacherCodeOf(conn.db, journalId)) // asks again, stays pending
    const postId = await createPost(conn.db, id.amy, journalId, post)
    for (const user of ['owner', 'cot']) {
      expect((await mine(user)).filter((n) => n.msgKey === 'notification.postSubmitted').map((n) => n.params)).toEqual([{ student: 'AMY', title: 'A hard day', journal: 'Class' }])
      expect((await mine(user)).filter((n) => n.msgKey === 'notification.studentJoined')).toHaveLength(1)
    }
    expect((await mine('pending')).filter((n) => n.msgKey === 'notification.postSubmitted')).toHaveLength(0)
    await sendBack(conn.db, postId)
    expect(await revisePost(conn.db, id.amy, postId, { ...post, title: 'A better day' })).toBe(true)
    expect((await mine('owner')).filter((n) => n.msgKey === 'notification.postRevised').map((n) => n.params.title)).toEqual(['A better day'])
  })

  it('the bell counts up to 100 unread and stops there (it shows 99+)', async () => {
    const rows = Array.from({ length: 150 }, (_, i) => ({ user_id: id.ben, type: 'd' as const, event_key: `cap:${i}`, msg_key: 'notification.studentJoined', params: '{}', link: '/diary', actor_id: null, journal_id: null, created_at: new Date().toISOString(), read_at: null }))
    await conn.db.insertInto('notifications').values(rows).execute()
    expect(await unreadCount(conn.db, id.ben)).toBe(100)
    await conn.db.deleteFrom('notifications').where('event_key', 'like', 'cap:%').where('user_id', '=', id.ben).execute()
  })

  it('an alert opened from its list reads the bell\'s notifications about it, only its reader\'s and only that alert\'s', async () => {
    const about = (alert: number, suffix: string) => ({ readers: [id.owner, id.cot], type: 'd' as const, eventKey: `alert:${alert}:${suffix}`, msgKey: 'notification.studentJoined', params: { student: 'X', journal: 'Class' }, link: '/diary' })
    await notify(conn.db, about(9001, 'high'))
    await notify(conn.db, about(9001, 'escalated'))
    await notify(conn.db, about(90011, 'high'))
    const unreadOf = async (user: number, prefix: string) => (await conn.db.selectFrom('notifications').select('id').where('user_id', '=', user).where('event_key', 'like', prefix).where('read_at', 'is', null).execute()).length
    await markAlertOpened(conn.db, id.owner, 9001)
    expect(await unreadOf(id.owner, 'alert:9001:%')).toBe(0)
    expect(await unreadOf(id.owner, 'alert:90011:%')).toBe(1)
    expect(await unreadOf(id.cot, 'alert:9001:%')).toBe(2)
  })

  it('the same event told twice, even at once, is one notification per reader', async () => {
    const event = { readers: [id.owner, id.cot, id.owner], type: 'd' as const, eventKey: 'test:twice', msgKey: 'notification.studentJoined', params: { student: 'X', journal: 'Class' }, link: '/diary' }
    await Promise.all([notify(conn.db, event), notify(conn.db, event)])
    const rows = await conn.db.selectFrom('notifications').select('user_id').where('event_key', '=', 'test:twice').execute()
    expect(rows.map((r) => r.user_id).sort()).toEqual([id.owner, id.cot].sort())
  })

  it('a journal that gathers submissions for its hour tells nothing at once', async () => {
    await conn.db.updateTable('journals').set({ notify_submit_time: 17 }).where('id', '=', journalId).execute()
    const before = (await mine('owner')).length
    await createPost(conn.db, id.amy, journalId, { ...post, title: 'Later' })
    expect(await mine('owner')).toHaveLength(before)
    await conn.db.updateTable('journals').set({ notify_submit_time: -1 }).where('id', '=', journalId).execute()
  })

  it('a comment tells the journal\'s other teachers (type c), not its author; a filtered one tells no one', async () => {
    const postId = (await conn.db.selectFrom('posts').select('id').where('journal_id', '=', journalId).orderBy('id').executeTakeFirstOrThrow()).id
    const added = await addComment(conn.db, { postId, block: null, authorId: id.cot, comment: 'Well done.', type: 3 })
    if (!added.ok) throw new Error('comment')
    expect((await notificationList(conn.db, id.owner, { type: 'c', limit: 10 })).items.map((n) => [n.msgKey, n.params.teacher])).toEqual([['notification.commented', 'COT']])
    expect((await notificationList(conn.db, id.cot, { type: 'c', limit: 10 })).items).toHaveLength(0)
    // The same comment sent twice is one comment and one notification.
    await addComment(conn.db, { postId, block: null, authorId: id.cot, comment: 'Well done.', type: 3 })
    expect((await notificationList(conn.db, id.owner, { type: 'c', limit: 10 })).items).toHaveLength(1)
  })

  it('opening marks one read, only for its reader; mark all read by tab; the list pages and filters', async () => {
    const unread = await unreadCount(conn.db, id.owner)
    expect(unread).toBeGreaterThan(3)
    const [first] = await mine('owner')
    await markOpened(conn.db, id.cot, first.id)
    expect(await unreadCount(conn.db, id.owner)).toBe(unread)
    await markOpened(conn.db, id.owner, first.id)
    expect(await unreadCount(conn.db, id.owner)).toBe(unread - 1)
    const page = await notificationList(conn.db, id.owner, { type: null, limit: 2 })
    expect([page.items.length, page.more]).toEqual([2, true])
    expect((await notificationList(conn.db, id.owner, { type: 'd', limit: 50 })).items.every((n) => n.type === 'd')).toBe(true)
    await markAllRead(conn.db, id.owner, 'c')
    expect((await notificationList(conn.db, id.owner, { type: 'c', limit: 50 })).items.every((n) => !n.unread)).toBe(true)
    expect(await unreadCount(conn.db, id.owner)).toBeGreaterThan(0)
    await markAllRead(conn.db, id.owner, null)
    expect(await unreadCount(conn.db, id.owner)).toBe(0)
  })
})
