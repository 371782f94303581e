import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { createJournal } from '~/features/journals/settings.server'
import { addComment, sendBack } from '~/features/posts/comments.server'
import { saveRevisions } from '~/features/posts/revise.server'
import { extremeWordsIn } from '~/features/posts/extreme-words'
import { StudentPostSchema } from '~/features/students/post-schema'
import { createPost, myPost, revisePost, studentJournal } from '~/features/students/posts.server'
import { DIALECTS, freshDatabase } from './support/db'

const post = { title: 'Lost pen', diaryDate: '2026-11-20', event: 'I lost my pen.', emotions: ['B', '12'], behaviour: '1', behaviourText: 'I asked for help.' }

describe('student post form rules', () => {
  it('needs a title, the event, one to three emotions and a behaviour', () => {
    const r = StudentPostSchema.safeParse({ title: ' ', diaryDate: '2026-11-20', event: '', emotions: ['3', '4', '5', '6'], behaviour: '11' })
    expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`).sort()).toEqual(
      ['behaviour:write.chooseBehaviour', 'emotions:write.tooManyEmotions', 'event:validation.required', 'title:validation.required'].sort(),
    )
    expect(StudentPostSchema.safeParse(post).success).toBe(true)
  })
})

describe('extreme-word flags', () => {
  it('flags self-harm in English, Chinese and Japanese, and leaves a harmless post alone', () => {
    expect(extremeWordsIn('Sometimes I WANT TO   DIE.')).toEqual([{ category: 'selfHarm', words: ['want to die'] }])
    expect(extremeWordsIn('我真的好想死')).toEqual([{ category: 'selfHarm', words: ['想死'] }])
    expect(extremeWordsIn('もう死にたい')).toEqual([{ category: 'selfHarm', words: ['死にたい'] }])
    expect(extremeWordsIn('He said he would kill you with a knife')).toEqual([{ category: 'violence', words: ['kill you', 'knife'] }])
    expect(extremeWordsIn('We played tag and I was happy. 今天很開心。今日は楽しかった。')).toEqual([])
    expect(extremeWordsIn('I found a pocketknife-shaped eraser')).toEqual([])
  })
})

describe.each(DIALECTS)('student posts on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher: number
  let student: number
  let other: number
  let journalId: number
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const ids: number[] = []
    for (const account of ['t', 's', 'o']) {
      const r = await registerWithPassword(conn.db, { account, password: 'secret-pass-1', locale: 'en' })
      if (r.code !== '01000') throw new Error('setup')
      ids.push(r.userId)
    }
    ;[teacher, student, other] = ids
    const j = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, { name: 'J', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '3' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    await conn.db.insertInto('journal_members').values({ journal_id: j.id, user_id: student, role: 'student', drp_status: 1, joined_at: new Date().toISOString() }).execute()
  })
  afterAll(() => conn.close())

  it('writes, shows comments and corrections to the author only, and revises a sent-back post in place', async () => {
    await expect(studentJournal(conn.db, other, String(journalId))).rejects.toMatchObject({ init: { status: 404 } })
    const id = await createPost(conn.db, student, journalId, post)
    const mine = await myPost(conn.db, student, String(id))
    expect([mine.frames.map((f) => f.type), mine.emotions.sort(), mine.behaviours]).toEqual([['event', 'emotion', 'behavior'], ['12', 'B'], [1]])
    await expect(myPost(conn.db, other, String(id))).rejects.toMatchObject({ init: { status: 404 } })

    const event = mine.frames[0].id
    await addComment(conn.db, { postId: id, block: event, authorId: teacher, comment: 'Where?', type: 2 })
    await addComment(conn.db, { postId: id, block: null, authorId: teacher, comment: 'You idiot', type: 4 })
    await saveRevisions(conn.db, { postId: id, authorId: teacher, texts: { [event]: 'I lost my blue pen.' } })
    const seen = await myPost(conn.db, student, String(id))
    expect(seen.comments.map((c) => c.comment)).toEqual(['Where?'])
    expect(seen.revisions[event]).toBe('I lost my blue pen.')

    expect(await revisePost(conn.db, student, id, { ...post, event: 'I lost my pen after art.' })).toBe(false) // not sent back
    await sendBack(conn.db, id)
    expect(await revisePost(conn.db, student, id, { ...post, event: 'I lost my pen after art.', emotions: ['12'] })).toBe(true)
    const revised = await myPost(conn.db, student, String(id))
    expect([revised.status, revised.frames[0].id, revised.frames[0].message, revised.emotions, revised.revisions]).toEqual([1, event, 'I lost my pen after art.', ['12'], {}])
    expect(revised.comments.map((c) => [c.comment, c.msgId])).toEqual([['Where?', event]])
  })

  it('flags a post on submit and on revision', async () => {
    const flagsOf = (id: number) => conn.db.selectFrom('post_flags').select(['category', 'words']).where('post_id', '=', id).execute()
    const id = await createPost(conn.db, student, journalId, { ...post, event: 'I want to die.' })
    expect(await flagsOf(id)).toEqual([{ category: 'selfHarm', words: 'want to die' }])
    expect('flags' in (await myPost(conn.db, student, String(id)))).toBe(false)
    await sendBack(conn.db, id)
    await revisePost(conn.db, student, id, post)
    expect(await flagsOf(id)).toEqual([])
  })
})
