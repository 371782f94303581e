import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJournal } from '~/features/journals/settings.server'
import { addComment, deleteComment, editComment, sendBack } from '~/features/posts/comments.server'
import { feedPage, lowMoodStudents, negativeScore } from '~/features/posts/feed.server'
import { feedFilterOf } from '~/features/posts/feed-filter'
import { addToLibrary, libraryFor, removeFromLibrary } from '~/features/posts/library.server'
import { casesOf } from '~/features/alerts/cases.server'
import { collectionOf, sentBackOf } from '~/features/posts/lists.server'
import { setStarred, setWatching } from '~/features/posts/marks.server'
import { archiveStudent, journalStudents } from '~/features/students/list.server'
import { hitsWordFilter } from '~/features/posts/word-filter'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

describe('feed filter, word filter, mood score', () => {
  it('reads the filter from the URL and refuses a start after the end', () => {
    expect(feedFilterOf(new URLSearchParams('q=%20quiz%20&start=2026-01-02&end=2026-01-01&page=x'))).toEqual({ filter: { q: 'quiz', start: '2026-01-02', end: '2026-01-01', page: 1 }, error: 'feed.rangeStartAfterEnd' })
    expect(feedFilterOf(new URLSearchParams('start=2026-13-01&page=3')).filter).toEqual({ q: undefined, start: undefined, end: undefined, page: 3 })
  })
  it('filters words in three languages, English as whole words', () => {
    expect(hitsWordFilter('Do not be STUPID.')).toBe(true)
    expect(hitsWordFilter('Shut   up')).toBe(true)
    expect(hitsWordFilter('你是笨蛋')).toBe(true)
    expect(hitsWordFilter('ばかだね')).toBe(true)
    expect(hitsWordFilter('Dumbbells are heavy.')).toBe(false)
    expect(hitsWordFilter('Well done!')).toBe(false)
  })
  it('scores negative moods by the share of negative emotions', () => {
    expect(negativeScore(['3', 'B', '12', '17'])).toBe(75)
    expect(negativeScore([])).toBe(0)
  })
})

describe.each(DIALECTS)('posts and comments on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher: number
  let colleague: number
  let postId: number
  let frameId: number
  let journalId: number
  let studentId = 0
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const id = await accountsFor(conn.db, ['t1', 't2', 's1'])
    ;[teacher, colleague, studentId] = [id.t1, id.t2, id.s1]
    const j = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, { name: 'J', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    await conn.db.insertInto('journal_members').values({ journal_id: j.id, user_id: studentId, role: 'student', drp_status: 1, joined_at: new Date().toISOString() }).execute()
    for (const [i, title] of ['Maths 50% done', 'Sports day', 'Maths quiz'].entries()) {
      const at = new Date(Date.now() - (3 - i) * 60_000).toISOString()
      const { id } = await conn.db.insertInto('posts').values({ journal_id: j.id, creator_id: studentId, title, diary_date: `2026-01-0${i + 1}`, location: '', happen_time: '', status: 1, score: null, is_video: 0, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()
      const f = await conn.db.insertInto('post_frames').values({ post_id: id, position: 1, frame_type: 'emotion', message: '', img_url: null }).returning('id').executeTakeFirstOrThrow()
      await conn.db.insertInto('post_emotions').values({ post_id: id, frame_id: f.id, emotion_code: i === 1 ? '3' : 'B' }).execute()
      postId = id
      frameId = f.id
    }
  })
  afterAll(() => conn.close())

  it('pages and searches the feed, wildcards taken literally', async () => {
    const all = await feedPage(conn.db, journalId, { page: 1 })
    expect(all.posts.map((p) => p.title)).toEqual(['Maths quiz', 'Sports day', 'Maths 50% done'])
    expect(all.posts[0].emotions).toEqual(['B'])
    expect((await feedPage(conn.db, journalId, { page: 1, q: 'MATHS' })).posts).toHaveLength(2)
    expect((await feedPage(conn.db, journalId, { page: 1, q: '50%' })).posts.map((p) => p.title)).toEqual(['Maths 50% done'])
    expect((await feedPage(conn.db, journalId, { page: 1, q: '%' })).posts).toHaveLength(1)
    expect((await feedPage(conn.db, journalId, { page: 1, start: '2026-01-02', end: '2026-01-02' })).posts.map((p) => p.title)).toEqual(['Sports day'])
    expect((await lowMoodStudents(conn.db, journalId))[0]).toMatchObject({ score: 67, title: 'Maths quiz', emotions: ['B'] })
  })

  it('types by block, the word filter, edit by the author, delete by author or owner, send back once', async () => {
    expect(await addComment(conn.db, { postId, block: frameId, authorId: teacher, comment: 'Great', type: 3 })).toEqual({ ok: false, error: 'comment.badType' })
    expect(await addComment(conn.db, { postId, block: 999999, authorId: teacher, comment: 'x', type: 2 })).toEqual({ ok: false, error: 'comment.badBlock' })
    const praise = await addComment(conn.db, { postId, block: null, authorId: teacher, comment: 'Great', type: 3 })
    const rude = await addComment(conn.db, { postId, block: frameId, authorId: colleague, comment: 'You idiot', type: 4 })
    const advice = await addComment(conn.db, { postId, block: frameId, authorId: colleague, comment: 'Try again', type: 2 })
    if (!praise.ok || !rude.ok || !advice.ok) throw new Error('add')
    const status = async (id: number) => (await conn.db.selectFrom('comments').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
    expect(await status(rude.id)).toBe(2)
    expect(await editComment(conn.db, { postId, commentId: rude.id, userId: colleague, comment: 'Fine' })).toBe(false)
    expect(await editComment(conn.db, { postId, commentId: praise.id, userId: colleague, comment: 'Mine now' })).toBe(false)
    expect(await editComment(conn.db, { postId, commentId: praise.id, userId: teacher, comment: 'Great work' })).toBe(true)
    expect(await deleteComment(conn.db, { postId, commentId: praise.id, userId: colleague, isOwner: false })).toBe(false)
    expect(await deleteComment(conn.db, { postId, commentId: advice.id, userId: teacher, isOwner: true })).toBe(true)
    expect(await sendBack(conn.db, postId)).toBe(true)
    expect(await sendBack(conn.db, postId)).toBe(false)
  })

  it('the same comment sent twice within seconds is added once; the same words later, or by another teacher, are new', async () => {
    const count = async () => (await conn.db.selectFrom('comments').select('id').where('post_id', '=', postId).where('comment', '=', 'Well said').execute()).length
    const first = await addComment(conn.db, { postId, block: frameId, authorId: teacher, comment: 'Well said', type: 2 })
    const again = await addComment(conn.db, { postId, block: frameId, authorId: teacher, comment: 'Well said', type: 2 })
    expect(again).toEqual(first)
    expect(await count()).toBe(1)
    await addComment(conn.db, { postId, block: null, authorId: teacher, comment: 'Well said', type: 2 })
    await addComment(conn.db, { postId, block: frameId, authorId: colleague, comment: 'Well said', type: 2 })
    expect(await count()).toBe(3)
    if (!first.ok) throw new Error('add')
    await conn.db.updateTable('comments').set({ created_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', first.id).execute()
    await addComment(conn.db, { postId, block: frameId, authorId: teacher, comment: 'Well said', type: 2 })
    expect(await count()).toBe(4)
  })

  it('shows canned phrases in the user language and keeps a teacher’s own entries to them', async () => {
    const zh = await libraryFor(conn.db, teacher, 2, 'zh-TW')
    expect(zh.length).toBe(3)
    expect(zh.every((e) => e.isDefault === 1)).toBe(true)
    const id = await addToLibrary(conn.db, teacher, 2, 'Keep going')
    expect(await addToLibrary(conn.db, teacher, 2, 'Keep going')).toBe(id)
    const ja = await libraryFor(conn.db, teacher, 2, 'ja')
    expect(ja.map((e) => e.comment)).toContain('Keep going')
    // A Japanese teacher gets Japanese phrases, not the English ones.
    expect(ja.filter((e) => e.isDefault === 1).map((e) => e.comment)).toEqual(['次は答える前に、一度深呼吸してみましょう。', 'いつでも先生に話しに来てくださいね。', '友だちはどんな気持ちだったと思いますか。書いてみましょう。'])
    expect((await libraryFor(conn.db, colleague, 2, 'en')).map((e) => e.comment)).not.toContain('Keep going')
    expect(await removeFromLibrary(conn.db, colleague, id)).toBe(false)
    expect(await removeFromLibrary(conn.db, teacher, zh[0].id)).toBe(false)
    expect(await removeFromLibrary(conn.db, teacher, id)).toBe(true)
  })

  it('watch, star and send back show in their lists for their teacher only; archiving empties them', async () => {
    await setWatching(conn.db, { teacherId: teacher, journalId, studentId, on: true })
    await setWatching(conn.db, { teacherId: teacher, journalId, studentId, on: true })
    await setWatching(conn.db, { teacherId: colleague, journalId, studentId, on: true }) // not the colleague's journal: never listed
    await setStarred(conn.db, { userId: teacher, postId, on: true })
    const cases = await casesOf(conn.db, { teacherId: teacher, page: 1 })
    expect(cases.rows.map((r) => [r.id, r.latest?.title])).toEqual([[studentId, 'Maths quiz']])
    expect((await casesOf(conn.db, { teacherId: colleague, page: 1 })).total).toBe(0)
    expect((await casesOf(conn.db, { teacherId: teacher, page: 1, q: 'nobody' })).total).toBe(0)
    expect((await collectionOf(conn.db, { userId: teacher, journalId, page: 1 })).rows.map((r) => r.title)).toEqual(['Maths quiz'])
    expect((await sentBackOf(conn.db, { userId: teacher, journalId, page: 1 })).rows.map((r) => [r.title, r.starred])).toEqual([['Maths quiz', true]])
    const list = await journalStudents(conn.db, { journalId, teacherId: teacher, page: 1 })
    expect(list.students.map((x) => [x.account, x.watching, x.latest?.unread])).toEqual([['s1', true, true]])
    await archiveStudent(conn.db, journalId, studentId)
    expect((await journalStudents(conn.db, { journalId, teacherId: teacher, page: 1 })).total).toBe(0)
    expect((await casesOf(conn.db, { teacherId: teacher, page: 1 })).total).toBe(0)
  })
})
