import { parseWithZod } from '@conform-to/zod/v4'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFor, buildPages, choosePosts, drawPendingPages, openBook, pagesOf, postChoices, printBlock, saveBasicInfo, type Maker } from '~/features/ebooks/books.server'
import { EBOOK_POSTS, EBOOK_TEXT_MAX } from '~/features/ebooks/constants'
import { ebookList } from '~/features/ebooks/list.server'
import { BasicInfoSchema } from '~/features/ebooks/schema'
import { addComment } from '~/features/posts/comments.server'
import { createPost } from '~/features/students/posts.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { ebookClass } from '../support/journals'

const form = (fields: Record<string, string>) => {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.set(k, v)
  return f
}

describe("an e-book's basic info", () => {
  const good = { name: 'My year', aboutAuthor: 'I like football.', thanks: 'Thank you, Ms Lin.', postscript: 'See you next year.' }
  it("needs the book's name and each text, at most 100 characters", () => {
    expect(parseWithZod(form({ ...good, messageBoard: 'on' }), { schema: BasicInfoSchema }).status).toBe('success')
    const empty = parseWithZod(form({ ...good, name: '  ', thanks: '' }), { schema: BasicInfoSchema })
    expect(empty.status === 'error' && empty.error).toMatchObject({ name: ['validation.required'], thanks: ['validation.required'] })
    const long = parseWithZod(form({ ...good, postscript: 'x'.repeat(EBOOK_TEXT_MAX + 1) }), { schema: BasicInfoSchema })
    expect(long.status === 'error' && long.error).toMatchObject({ postscript: ['validation.tooLong|count=100'] })
  })
})

describe.each(DIALECTS)('e-books on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let id: Record<string, number>
  let journalId: number
  let posts: number[]
  let teacher: (name: string) => Maker
  let student: (name: string) => Maker

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    ;({ id, journalId, posts, teacher, student } = await ebookClass(conn.db, EBOOK_POSTS.max + 1))
  })
  afterAll(() => conn.close())

  it("the journal's teachers and the student open one book a student; anyone else is refused", async () => {
    const [a, b] = await Promise.all([openBook(conn.db, journalId, id.amy, teacher('owner')), openBook(conn.db, journalId, id.amy, teacher('cot'))])
    expect(a).toBe(b)
    expect(await openBook(conn.db, journalId, id.amy, student('amy'))).toBe(a)
    expect(await openBook(conn.db, journalId, id.amy, teacher('stranger'))).toBeNull()
    expect(await openBook(conn.db, journalId, id.amy, student('ben'))).toBeNull()
    expect(await bookFor(conn.db, a!, student('ben'))).toBeNull()
    expect(await bookFor(conn.db, a!, teacher('stranger'))).toBeNull()
    expect((await bookFor(conn.db, a!, student('amy')))?.student).toBe('AMY')
    expect(await conn.db.selectFrom('ebooks').select('id').execute()).toHaveLength(1)
  })

  it("chooses from 1 to 30 of the student's own posts; outside that, or another's post, writes nothing", async () => {
    const bookId = (await openBook(conn.db, journalId, id.amy, teacher('owner')))!
    const book = (await bookFor(conn.db, bookId, teacher('owner')))!
    const choices = await postChoices(conn.db, book)
    expect([choices.min, choices.max, choices.posts.length, choices.journalName, choices.studentName]).toEqual([1, 30, 31, '501 心情日記', 'AMY'])
    expect(await choosePosts(conn.db, book, [])).toEqual({ ok: false, error: 'ebook.tooFew' })
    expect(await choosePosts(conn.db, book, posts)).toEqual({ ok: false, error: 'ebook.tooMany' })
    const bens = await createPost(conn.db, id.ben, journalId, { title: 'Ben', diaryDate: '2026-10-02', event: 'x', emotions: ['3'], behaviour: '9' })
    expect(await choosePosts(conn.db, book, [posts[0], bens])).toEqual({ ok: false, error: 'ebook.notTheirs' })
    expect(await conn.db.selectFrom('ebook_posts').select('post_id').execute()).toEqual([])
    expect(await choosePosts(conn.db, book, posts.slice(0, 10))).toEqual({ ok: true })
    expect((await postChoices(conn.db, book)).chosen).toHaveLength(10)
  })

  it('lays out the cover, the author, a page a post, the message board and the epilogue; draws every page; then it is ready', async () => {
    const bookId = (await openBook(conn.db, journalId, id.amy, teacher('owner')))!
    const book = (await bookFor(conn.db, bookId, teacher('owner')))!
    await addComment(conn.db, { postId: posts[0], block: null, authorId: id.owner, comment: '寫得很好！', type: 3 })
    await saveBasicInfo(conn.db, book, { name: '我的一年', aboutAuthor: '我喜歡踢足球。', thanks: '謝謝林老師。', postscript: '明年見。', messageBoard: 'on' })
    let pages = await pagesOf(conn.db, bookId)
    expect(pages.map((p) => p.type)).toEqual(['1', '3', ...Array(10).fill('2'), '4', '4'])
    expect(pages.filter((p) => p.type === '2').map((p) => p.templateId)).toEqual(Array.from({ length: 10 }, (_, i) => `meadow-diary-${i % 2 === 0 ? 2 : 1}`))
    expect(printBlock((await bookFor(conn.db, bookId, teacher('owner')))!, pages)).toBe('pages')
    expect(await drawPendingPages(conn.db, bookId, (code) => (code === '3' ? '開心' : code))).toBe(14)
    pages = await pagesOf(conn.db, bookId)
    expect(printBlock((await bookFor(conn.db, bookId, teacher('owner')))!, pages)).toBeNull()
    const cover = await conn.db.selectFrom('ebook_pages').select('picture').where('id', '=', pages[0].id).executeTakeFirstOrThrow()
    expect(cover.picture).toMatch(/^<svg/)
    // Changing the texts draws the book's own pages again, not the posts' pages.
    await saveBasicInfo(conn.db, book, { name: '我的一年', aboutAuthor: '我喜歡畫畫。', thanks: '謝謝。', postscript: '再見。' })
    pages = await pagesOf(conn.db, bookId)
    expect(pages.map((p) => p.type)).toEqual(['1', '3', ...Array(10).fill('2'), '4'])
    expect(pages.filter((p) => !p.drawn).map((p) => p.type)).toEqual(['1', '3', '4'])
    // A smaller choice removes pages; the kept pages stay drawn.
    await choosePosts(conn.db, book, posts.slice(0, 3))
    await buildPages(conn.db, bookId)
    pages = await pagesOf(conn.db, bookId)
    expect(pages.map((p) => p.type)).toEqual(['1', '3', '2', '2', '2', '4'])
    expect(pages.filter((p) => p.type === '2').every((p) => p.drawn)).toBe(true)
  })
  it('is not ready to print without the basic info step 2 requires, however many pages are drawn (decision 0044)', async () => {
    const bookId = (await openBook(conn.db, journalId, id.ben, teacher('owner')))!
    const book = (await bookFor(conn.db, bookId, teacher('owner')))!
    const bens = await createPost(conn.db, id.ben, journalId, { title: 'Ben 2', diaryDate: '2026-10-03', event: 'x', emotions: ['3'], behaviour: '9' })
    expect(await choosePosts(conn.db, book, [bens])).toEqual({ ok: true })
    await drawPendingPages(conn.db, bookId, (code) => code)
    const pages = await pagesOf(conn.db, bookId)
    expect(pages.every((p) => p.drawn) && pages.some((p) => p.type === '1')).toBe(true)
    expect(printBlock((await bookFor(conn.db, bookId, teacher('owner')))!, pages)).toBe('basicInfo')
    // A name alone is not enough: the author page and the epilogue print the other texts.
    await conn.db.updateTable('ebooks').set({ name: 'Ben’s book' }).where('id', '=', bookId).execute()
    expect(printBlock((await bookFor(conn.db, bookId, teacher('owner')))!, pages)).toBe('basicInfo')
    await saveBasicInfo(conn.db, book, { name: 'Ben’s book', aboutAuthor: 'I am Ben.', thanks: 'Thanks.', postscript: 'Bye.' })
    await drawPendingPages(conn.db, bookId, (code) => code)
    expect(printBlock((await bookFor(conn.db, bookId, teacher('owner')))!, await pagesOf(conn.db, bookId))).toBeNull()
  })

  it('lists the books 10 a page; a page past the end shows the last page, not "no books" (decision 0044)', async () => {
    const first = await ebookList(conn.db, teacher('owner'), { q: '', page: 1 })
    expect(first.rows.length).toBeGreaterThan(0)
    expect(await ebookList(conn.db, teacher('owner'), { q: '', page: 999 })).toEqual(first)
  })
})
