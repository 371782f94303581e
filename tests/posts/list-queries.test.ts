import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedPage } from '~/features/posts/feed.server'
import { postWithDetails } from '~/features/posts/feed.server'
import { journalStudents } from '~/features/students/list.server'
import { DIALECTS, freshDatabase } from '../support/db'

// The feed, post and student-list queries read details as JSON columns in one prepared query:
// what each row holds, in which order, and the paging around it.
describe.each(DIALECTS)('feed, post and student-list queries on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher = 0
  let journalId = 0
  const students: number[] = []
  const posts: number[] = []
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 10, 8, minutes)).toISOString()

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const db = conn.db
    const user = (account: string, name: string | null, kind: 'teacher' | 'student') =>
      db.insertInto('users').values({ account, kind, email: null, email_verified: 1, name, locale: 'en', info_set: 1, invite_code: `I${account}`, mode: 'personal', created_at: at(0) }).returning('id').executeTakeFirstOrThrow()
    teacher = (await user('teacher', 'Ms Teacher', 'teacher')).id
    journalId = (await db.insertInto('journals').values({ owner_id: teacher, name: 'J', description: '', label_color_code: 1, user_classes: '', speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, diary_publish_num: 20, share_type: '2', sub_type: '', invite_code: 'LISTQ', created_at: at(0) }).returning('id').executeTakeFirstOrThrow()).id
    // 12 students: names "Kid 01" to "Kid 11" and one with no name (listed by account, "zed_50%").
    for (let i = 1; i <= 12; i++) {
      const { id } = await user(i === 12 ? 'zed_50%' : `kid${i}`, i === 12 ? null : `Kid ${String(i).padStart(2, '0')}`, 'student')
      students.push(id)
      await db.insertInto('journal_members').values({ journal_id: journalId, user_id: id, role: 'student', drp_status: 1, joined_at: at(0) }).execute()
    }
    // Kid 01 wrote twice (the second is the latest), Kid 02 once, the others never.
    for (const [k, student, title] of [[1, students[0], 'First'], [2, students[1], 'Second'], [3, students[0], 'Third']] as const) {
      const { id } = await db.insertInto('posts').values({ journal_id: journalId, creator_id: student, title, diary_date: '2026-01-10', location: 'Home', happen_time: 'Evening', status: 1, score: null, is_video: 0, created_at: at(k), updated_at: at(k) }).returning('id').executeTakeFirstOrThrow()
      posts.push(id)
      const frames = await db
        .insertInto('post_frames')
        .values([3, 1, 2].map((position) => ({ post_id: id, position, frame_type: (['event', 'emotion', 'behavior'] as const)[position - 1], message: `${title} ${position}`, img_url: null })))
        .returning(['id', 'position'])
        .execute()
      const frame = (position: number) => frames.find((f) => f.position === position)!.id
      await db.insertInto('post_emotions').values([{ post_id: id, frame_id: frame(2), emotion_code: 'B' }, { post_id: id, frame_id: frame(2), emotion_code: '3' }]).execute()
      await db.insertInto('post_behaviours').values({ post_id: id, frame_id: frame(3), behaviour_code: k }).execute()
    }
    const third = posts[2]
    await db.insertInto('comments').values([
      { post_id: third, msg_id: null, author_id: teacher, comment: 'Later', type: 3, status: 1, created_at: at(30), updated_at: at(30) },
      { post_id: third, msg_id: null, author_id: students[0], comment: 'Earlier', type: 1, status: 2, created_at: at(20), updated_at: at(20) },
    ]).execute()
    await db.insertInto('post_flags').values({ post_id: third, category: 'selfHarm', words: 'x', created_at: at(5) }).execute()
    await db.insertInto('post_reads').values({ user_id: teacher, post_id: posts[1], read_at: at(40) }).execute()
    await db.insertInto('student_cases').values({ teacher_id: teacher, journal_id: journalId, student_id: students[1], created_at: at(40) }).execute()
  })
  afterAll(() => conn.close())

  it('gives each feed post its frames by position, emotions, behaviours, comments by time and flags', async () => {
    const feed = await feedPage(conn.db, journalId, { page: 1 })
    expect(feed.hasMore).toBe(false)
    expect(feed.posts.map((p) => p.title)).toEqual(['Third', 'Second', 'First'])
    const [third, second] = feed.posts
    expect(third).toMatchObject({ author: 'Kid 01', location: 'Home', emotions: ['3', 'B'], behaviours: [3], flags: [{ category: 'selfHarm', words: 'x' }] })
    expect(third.frames.map((f) => [f.position, f.type, f.message])).toEqual([[1, 'event', 'Third 1'], [2, 'emotion', 'Third 2'], [3, 'behavior', 'Third 3']])
    expect(third.comments.map((c) => [c.comment, c.author, c.status, c.type])).toEqual([['Earlier', 'Kid 01', 2, 1], ['Later', 'Ms Teacher', 1, 3]])
    expect(second).toMatchObject({ comments: [], flags: [], behaviours: [2] })
    expect((await feedPage(conn.db, journalId, { page: 2 })).posts).toEqual([])
  })

  it('reads one post with the same details and whether the reader has read it', async () => {
    expect(await postWithDetails(conn.db, posts[1], teacher)).toMatchObject({ title: 'Second', read: expect.anything(), emotions: ['3', 'B'] })
    expect(Boolean((await postWithDetails(conn.db, posts[1], teacher))!.read)).toBe(true)
    expect(Boolean((await postWithDetails(conn.db, posts[0], teacher))!.read)).toBe(false)
    expect((await postWithDetails(conn.db, posts[2], teacher))!.comments).toHaveLength(2)
    expect(await postWithDetails(conn.db, 999999, teacher)).toBeUndefined()
  })

  it('lists students by name, 10 a page, with the total, the latest post, unread and watch marks', async () => {
    const first = await journalStudents(conn.db, { journalId, teacherId: teacher, page: 1 })
    expect(first.total).toBe(12)
    expect(first.totalPages).toBe(2)
    expect(first.students.map((s) => s.name)).toEqual(['Kid 01', 'Kid 02', 'Kid 03', 'Kid 04', 'Kid 05', 'Kid 06', 'Kid 07', 'Kid 08', 'Kid 09', 'Kid 10'])
    expect(first.students[0]).toMatchObject({ watching: false, latest: { id: posts[2], title: 'Third', emotions: ['3', 'B'], behaviours: [3], unread: true } })
    expect(first.students[1]).toMatchObject({ watching: true, latest: { id: posts[1], title: 'Second', unread: false } })
    expect(first.students[2].latest).toBeNull()
    const second = await journalStudents(conn.db, { journalId, teacherId: teacher, page: 2 })
    expect(second.students.map((s) => s.name)).toEqual(['Kid 11', 'zed_50%'])
    expect(second.total).toBe(12)
    // A page past the end shows the last page (decision 0044).
    const past = await journalStudents(conn.db, { journalId, teacherId: teacher, page: 5 })
    expect(past).toMatchObject({ total: 12, page: 2, totalPages: 2 })
    expect(past.students.map((s) => s.name)).toEqual(['Kid 11', 'zed_50%'])
  })

  it('searches by name or account, wildcards taken literally', async () => {
    expect((await journalStudents(conn.db, { journalId, teacherId: teacher, q: 'KID 1', page: 1 })).students.map((s) => s.name)).toEqual(['Kid 10', 'Kid 11'])
    expect((await journalStudents(conn.db, { journalId, teacherId: teacher, q: '50%', page: 1 })).students.map((s) => s.account)).toEqual(['zed_50%'])
    expect((await journalStudents(conn.db, { journalId, teacherId: teacher, q: '%', page: 1 })).total).toBe(1)
    expect(await journalStudents(conn.db, { journalId, teacherId: teacher, q: 'nobody', page: 2 })).toMatchObject({ students: [], total: 0, page: 1, totalPages: 1 })
  })
})
