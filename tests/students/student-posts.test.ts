import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJournal } from '~/features/journals/settings.server'
import { duplicateJournal } from '~/features/journals/lifecycle.server'
import { ownJournals } from '~/features/journals/list.server'
import { addComment, sendBack } from '~/features/posts/comments.server'
import { saveRevisions } from '~/features/posts/revise.server'
import { extremeWordsIn } from '~/features/posts/extreme-words'
import { StudentPostSchema } from '~/features/students/post-schema'
import { createPost, diaryDateError, myPost, revisePost, studentJournal } from '~/features/students/posts.server'
import { addDays, todayDate } from '~/shared/dates'
import { PICTURE_MAX_BYTES, pictureBytes, pictureFor, pictureFromForm, sweepUnusedPictures, UNUSED_PICTURE_TTL_MS } from '~/features/posts/pictures.server'
import sharp from 'sharp'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

/** A photo as a phone sends it: a JPEG with EXIF (a GPS position among it). */
const photo = (width = 2000, height = 1500) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 2/1 0/1' } })
    .toBuffer()
const formWith = (file?: File, kept?: string) => {
  const f = new FormData()
  if (file) f.set('picture', file)
  if (kept) f.set('keptPicture', kept)
  return f
}

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
    const id = await accountsFor(conn.db, ['t', 's', 'o'])
    ;[teacher, student, other] = [id.t, id.s, id.o]
    const j = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, { name: 'J', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '3' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    await conn.db.insertInto('journal_members').values({ journal_id: j.id, user_id: student, role: 'student', drp_status: 1, joined_at: new Date().toISOString() }).execute()
  })
  afterAll(() => conn.close())

  it('takes a diary date from the journal\'s first day to tomorrow in the school\'s zone', async () => {
    await conn.db.updateTable('journals').set({ created_at: '2026-11-01T03:00:00.000Z' }).where('id', '=', journalId).execute()
    const today = todayDate()
    expect(await diaryDateError(conn.db, journalId, today)).toBeNull()
    expect(await diaryDateError(conn.db, journalId, addDays(today, 1))).toBeNull()
    expect(await diaryDateError(conn.db, journalId, '2026-11-01')).toBeNull()
    for (const bad of [addDays(today, 2), '2026-10-31', '1900-01-01', '2999-12-31']) expect(await diaryDateError(conn.db, journalId, bad), bad).toBe('write.dateRange')
  })

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

  it("counts a journal's posts for its card on every write and delete, and a copy starts at none", async () => {
    const card = async () => (await ownJournals(conn.db, teacher)).find((j) => j.id === journalId)!.postCount
    const counted = async () => Number((await conn.db.selectFrom('posts').select((e) => e.fn.countAll().as('n')).where('journal_id', '=', journalId).executeTakeFirstOrThrow()).n)
    const before = await card()
    expect(before).toBe(await counted())
    const a = await createPost(conn.db, student, journalId, post)
    await createPost(conn.db, student, journalId, { ...post, title: 'Found it' })
    expect(await card()).toBe(before + 2)
    // Erasure and retention delete posts with plain deletes: the triggers count those too.
    await conn.db.deleteFrom('posts').where('id', '=', a).execute()
    expect([await card(), await counted()]).toEqual([before + 1, before + 1])
    const copy = await duplicateJournal(conn.db, journalId, 100, (n) => `${n} copy`)
    if (!copy.ok) throw new Error('copy')
    expect((await ownJournals(conn.db, teacher)).find((j) => j.id === copy.id)!.postCount).toBe(0)
  })

  it("keeps a journal's last post for its card whoever writes the post (a contest's seed writes rows directly) and after a delete", async () => {
    const last = async () => (await ownJournals(conn.db, teacher)).find((j) => j.id === journalId)!.lastPostAt
    const newest = async () => (await conn.db.selectFrom('posts').select((e) => e.fn.max('created_at').as('at')).where('journal_id', '=', journalId).executeTakeFirstOrThrow()).at
    expect(await last()).toBe(await newest())
    // A row written as the contest and quest seeds write them, not through createPost.
    const at = '2099-01-02T03:04:05.000Z'
    const { id } = await conn.db.insertInto('posts').values({ journal_id: journalId, creator_id: student, title: 'Quest answer', diary_date: '2099-01-02', location: '', happen_time: '', status: 1, score: null, quest_id: null, is_video: 0, created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow()
    expect(await last()).toBe(at)
    // An older post written later does not move it back.
    await createPost(conn.db, student, journalId, post)
    expect(await last()).toBe(at)
    await conn.db.deleteFrom('posts').where('id', '=', id).execute()
    expect(await last()).toBe(await newest())
    expect(await last()).not.toBe(at)
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

  it('stores a picture checked by content, upright, smaller and without metadata; only its readers see it', async () => {
    const jpeg = await photo()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const stored = await pictureFromForm(conn.db, student, formWith(new File([new Uint8Array(jpeg)], 'holiday.txt', { type: 'text/plain' })))
    expect(stored.error).toBeUndefined()
    const bytes = (await pictureBytes(conn.db, stored.url))!
    const meta = await sharp(bytes).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1280, 960, undefined])

    // Not a picture, whatever its name; too big; nothing is stored for either.
    const count = async () => Number((await conn.db.selectFrom('post_pictures').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    const before = await count()
    expect(await pictureFromForm(conn.db, student, formWith(new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'cat.png', { type: 'image/png' })))).toEqual({ url: null, error: 'write.pictureType' })
    expect(await pictureFromForm(conn.db, student, formWith(new File([new Uint8Array(PICTURE_MAX_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' })))).toEqual({ url: null, error: 'write.pictureTooBig' })
    expect(await count()).toBe(before)

    // Kept across a refused try: the sender's own picture only.
    expect(await pictureFromForm(conn.db, student, formWith(undefined, stored.url!))).toEqual({ url: stored.url })
    expect(await pictureFromForm(conn.db, other, formWith(undefined, stored.url!))).toEqual({ url: null })

    const id = await createPost(conn.db, student, journalId, post, stored.url)
    const pictureId = stored.url!.split('/').pop()
    expect((await myPost(conn.db, student, String(id))).frames[0].imgUrl).toBe(stored.url)
    expect(await pictureFor(conn.db, pictureId, { studentId: student })).not.toBeNull()
    expect(await pictureFor(conn.db, pictureId, { teacherId: teacher })).not.toBeNull()
    expect(await pictureFor(conn.db, pictureId, { studentId: other })).toBeNull()
    expect(await pictureFor(conn.db, pictureId, { teacherId: other })).toBeNull()
    expect(await pictureFor(conn.db, '../etc/passwd', { teacherId: teacher })).toBeNull()

    // A picture no post took up goes after a day; one a post shows stays, however old.
    const orphan = await pictureFromForm(conn.db, student, formWith(new File([await photo(200, 100)], 'left.jpg', { type: 'image/jpeg' })))
    const dayAgo = new Date(Date.now() - UNUSED_PICTURE_TTL_MS - 60_000).toISOString()
    await conn.db.updateTable('post_pictures').set({ created_at: dayAgo }).execute()
    expect(await sweepUnusedPictures(conn.db)).toBeGreaterThanOrEqual(1)
    expect(await pictureBytes(conn.db, orphan.url)).toBeNull()
    expect(await pictureBytes(conn.db, stored.url)).not.toBeNull()

    // A revision without a new picture keeps the old one.
    await sendBack(conn.db, id)
    await revisePost(conn.db, student, id, { ...post, event: 'Found it.' })
    expect((await myPost(conn.db, student, String(id))).frames[0].imgUrl).toBe(stored.url)
  })

  it('keeps one picture per form across refused tries: the same file again is the kept one, another replaces it', async () => {
    const count = async () => Number((await conn.db.selectFrom('post_pictures').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', student).executeTakeFirstOrThrow()).n)
    const file = new File([new Uint8Array(await photo(640, 480))], 'beans.jpg', { type: 'image/jpeg' })
    const before = await count()
    // Five refused tries of one form: each sends the chosen file again with the picture kept by the last.
    let kept: string | undefined
    const urls: string[] = []
    for (let i = 0; i < 5; i++) {
      const picture = await pictureFromForm(conn.db, student, formWith(file, kept))
      expect(picture.error).toBeUndefined()
      kept = picture.url!
      urls.push(kept)
    }
    expect(new Set(urls).size).toBe(1)
    expect(await count()).toBe(before + 1)
    // Another file on the next try takes the kept one's place.
    const replaced = await pictureFromForm(conn.db, student, formWith(new File([await photo(300, 200)], 'other.jpg', { type: 'image/jpeg' }), kept))
    expect(replaced.url).not.toBe(kept)
    expect(await pictureBytes(conn.db, kept)).toBeNull()
    expect(await count()).toBe(before + 1)
    // A kept picture that a post shows stays, and a picture refused on the next try keeps the form's.
    const id = await createPost(conn.db, student, journalId, post, replaced.url)
    const third = await pictureFromForm(conn.db, student, formWith(new File([await photo(200, 300)], 'third.jpg', { type: 'image/jpeg' }), replaced.url!))
    expect(await pictureBytes(conn.db, replaced.url)).not.toBeNull()
    expect((await myPost(conn.db, student, String(id))).frames[0].imgUrl).toBe(replaced.url)
    const refused = await pictureFromForm(conn.db, student, formWith(new File(['not a picture'], 'x.png', { type: 'image/png' }), third.url!))
    expect(refused).toEqual({ url: third.url, error: 'write.pictureType' })
    // Another student's kept picture is neither reused nor removed.
    const theirs = await pictureFromForm(conn.db, other, formWith(file, third.url!))
    expect(theirs.url).not.toBe(third.url)
    expect(await pictureBytes(conn.db, third.url)).not.toBeNull()
  })
})
