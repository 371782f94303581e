import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFor, choosePosts, drawPendingPages, openBook, pagesOf, saveBasicInfo, type Book } from '~/features/ebooks/books.server'
import { EBOOK_ITEM_TEXT_MAX } from '~/features/ebooks/constants'
import { CANVAS_WIDTH, MIN_ITEM, type Template } from '~/features/ebooks/page-model'
import { addPage, changeTemplate, pageForEditing, removeAddedPage, savePage } from '~/features/ebooks/pages.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { ebookClass } from '../support/journals'

const feeling = (code: string) => (code === '3' ? '開心' : code)
const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#4fa3c7' } }).png().toBuffer()
const file = (bytes: Buffer, name = 'photo.png', type = 'image/png') => new File([new Uint8Array(bytes)], name, { type })
const noEdit = () => ({ texts: new Map<string, string>(), boxes: new Map() })

describe.each(DIALECTS)('the e-book page editor on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let book: Book
  let posts: number[]

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const c = await ebookClass(conn.db, 4)
    posts = c.posts
    book = (await bookFor(conn.db, (await openBook(conn.db, c.journalId, c.id.amy, c.teacher('owner')))!, c.teacher('owner')))!
    await choosePosts(conn.db, book, posts.slice(0, 3))
    await saveBasicInfo(conn.db, book, { name: '我的一年', aboutAuthor: '我喜歡踢足球。', thanks: '謝謝林老師。', postscript: '明年見。', messageBoard: 'on' })
    await drawPendingPages(conn.db, book.id, feeling)
  })
  afterAll(() => conn.close())

  const page = async (n: number) => (await pagesOf(conn.db, book.id))[n]
  const stored = async (pageId: number) => {
    const row = await conn.db.selectFrom('ebook_pages').select(['template', 'picture', 'template_id', 'type']).where('id', '=', pageId).executeTakeFirstOrThrow()
    return { ...row, template: row.template ? (JSON.parse(row.template) as Template) : null }
  }

  it('opens a page with its bound texts filled, and the templates of its kind', async () => {
    const cover = await page(0)
    const editing = (await pageForEditing(conn.db, book, cover.id, feeling))!
    expect(editing.items.find((i) => i.fill_data === 'book.name')?.text).toBe('我的一年')
    expect(editing.choices.map((c) => c.id)).toEqual(['meadow-cover', 'sunrise-cover'])
    const diary = (await pageForEditing(conn.db, book, (await page(2)).id, feeling))!
    expect(diary.items.find((i) => i.fill_data === 'post.feelings')?.text).toBe('開心')
    expect(diary.choices.some((c) => c.id === 'sunrise-diary-large')).toBe(true)
    // A page of another book (or none) is not found.
    expect(await pageForEditing(conn.db, { ...book, id: book.id + 1 }, cover.id, feeling)).toBeNull()
  })

  it('saves texts and places of editable items only, keeps untouched texts bound, and draws the page again', async () => {
    const cover = await page(0)
    const editing = (await pageForEditing(conn.db, book, cover.id, feeling))!
    const name = editing.items.find((i) => i.fill_data === 'book.name')!
    const author = editing.items.find((i) => i.fill_data === 'book.author')!
    const fixed = editing.items.find((i) => !i.is_editable)!
    const result = await savePage(
      conn.db,
      book,
      cover.id,
      {
        texts: new Map([[name.id, '  我的五年級\r\n '], [author.id, author.text!], [fixed.id, 'not editable']]),
        boxes: new Map([[name.id, { x: -50, y: 100, width: 5000, height: 3 }], [fixed.id, { x: 1, y: 1, width: 30, height: 30 }]]),
      },
      feeling,
    )
    expect(result).toEqual({ ok: true })
    const after = await stored(cover.id)
    expect(after.picture).toBeNull()
    const saved = after.template!.items
    expect(saved.find((i) => i.id === name.id)).toMatchObject({ text: '我的五年級', edited: true, x: 0, y: 100, width: CANVAS_WIDTH, height: MIN_ITEM })
    // Left as shown: still bound to the book (it follows a new basic info).
    expect(saved.find((i) => i.id === author.id)?.edited).toBeUndefined()
    // An item the template does not let anyone edit stays as it was.
    expect(saved.find((i) => i.id === fixed.id)).toEqual(fixed)
    expect(await drawPendingPages(conn.db, book.id, feeling)).toBe(1)
    const drawn = await stored(cover.id)
    expect(drawn.picture).toMatch(/^<svg/)
    // Saved twice, the same page.
    await savePage(conn.db, book, cover.id, { texts: new Map([[name.id, '我的五年級']]), boxes: new Map() }, feeling)
    expect((await stored(cover.id)).template!.items.find((i) => i.id === name.id)?.text).toBe('我的五年級')
    await drawPendingPages(conn.db, book.id, feeling)
  })

  it('refuses a text over the limit and writes nothing', async () => {
    const cover = await page(0)
    const before = await stored(cover.id)
    const name = before.template!.items.find((i) => i.fill_data === 'book.name')!
    expect(await savePage(conn.db, book, cover.id, { texts: new Map([[name.id, 'x'.repeat(EBOOK_ITEM_TEXT_MAX + 1)]]), boxes: new Map() }, feeling)).toEqual({ ok: false, error: `validation.tooLong|count=${EBOOK_ITEM_TEXT_MAX}`, item: name.id })
    expect(await stored(cover.id)).toEqual(before)
  })

  it("replaces a picture with a PNG or JPEG cut to the item's shape; anything else is refused", async () => {
    const diary = await page(2)
    const editing = (await pageForEditing(conn.db, book, diary.id, feeling))!
    // The post has no pictures: the page shows no picture box, but each frame's picture may still be put in.
    expect(editing.items.some((i) => i.type === 'pic')).toBe(false)
    const pic = editing.pictureSlots[0]
    const saved = await savePage(conn.db, book, diary.id, { ...noEdit(), picture: { itemId: pic.id, file: file(await png(900, 300)), crop: null } }, feeling)
    expect(saved).toEqual({ ok: true })
    const item = (await stored(diary.id)).template!.items.find((i) => i.id === pic.id)!
    expect((await pageForEditing(conn.db, book, diary.id, feeling))!.items.find((i) => i.id === pic.id)?.img_url).toBe(item.img_url)
    expect(item.img_url).toMatch(new RegExp(`^/ebook/${book.id}/image/[0-9a-f-]{36}$`))
    const image = await conn.db.selectFrom('ebook_images').select(['width', 'height', 'content_type']).where('id', '=', item.img_url!.split('/').pop()!).executeTakeFirstOrThrow()
    // The centred part of the item's shape.
    expect(image.width / image.height).toBeCloseTo(pic.width / pic.height, 1)
    expect(image.content_type).toBe('image/jpeg')
    // A crop chosen in the browser is used as sent (clamped to the picture).
    await savePage(conn.db, book, diary.id, { ...noEdit(), picture: { itemId: pic.id, file: file(await png(400, 400)), crop: { x: 100, y: 50, width: 200, height: 380 } } }, feeling)
    const cropped = (await stored(diary.id)).template!.items.find((i) => i.id === pic.id)!.img_url!.split('/').pop()!
    expect(await conn.db.selectFrom('ebook_images').select(['width', 'height']).where('id', '=', cropped).executeTakeFirstOrThrow()).toEqual({ width: 200, height: 350 })
    const before = await stored(diary.id)
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer()
    expect(await savePage(conn.db, book, diary.id, { ...noEdit(), picture: { itemId: pic.id, file: file(gif, 'photo.png'), crop: null } }, feeling)).toEqual({ ok: false, error: 'ebook.imageType', item: pic.id })
    expect(await savePage(conn.db, book, diary.id, { ...noEdit(), picture: { itemId: pic.id, file: file(Buffer.from('not a picture')), crop: null } }, feeling)).toEqual({ ok: false, error: 'ebook.imageType', item: pic.id })
    expect(await stored(diary.id)).toEqual(before)
    await drawPendingPages(conn.db, book.id, feeling)
  })

  it('changes a template only to one of its kind, starting the page again', async () => {
    const board = (await pagesOf(conn.db, book.id)).find((p) => p.templateId === 'meadow-board')!
    expect(await changeTemplate(conn.db, book, board.id, 'sunrise-epilogue')).toBe(false)
    expect(await changeTemplate(conn.db, book, board.id, 'sunrise-board')).toBe(true)
    expect(await stored(board.id)).toMatchObject({ template_id: 'sunrise-board', template: null, picture: null })
    const diary = await page(2)
    expect(await changeTemplate(conn.db, book, diary.id, 'meadow-diary-large')).toBe(true)
    expect(await stored(diary.id)).toMatchObject({ template_id: 'meadow-diary-large', type: '2L' })
    await drawPendingPages(conn.db, book.id, feeling)
  })

  it("adds a page after a post's pages, keeps it when the choice changes, and removes only an added page", async () => {
    const first = posts[0]
    const added = (await addPage(conn.db, book, first))!
    expect(await addPage(conn.db, book, posts[3])).toBeNull() // not in the book
    let pages = await pagesOf(conn.db, book.id)
    const at = pages.findIndex((p) => p.id === added)
    expect(pages[at - 1].postId).toBe(first)
    expect(pages[at]).toMatchObject({ postId: first, templateId: 'meadow-diary-large', drawn: false })
    expect(pages.map((p) => p.position)).toEqual(pages.map((_, i) => i))
    // A new choice keeps the added page with its post.
    await choosePosts(conn.db, book, [posts[3], first])
    pages = await pagesOf(conn.db, book.id)
    expect(pages.filter((p) => p.postId === first).map((p) => p.id)).toContain(added)
    expect(pages.findIndex((p) => p.id === added)).toBe(pages.findIndex((p) => p.postId === first) + 1)
    // The post's own page and the book's pages stay.
    expect(await removeAddedPage(conn.db, book, pages.find((p) => p.postId === first)!.id)).toBe(false)
    expect(await removeAddedPage(conn.db, book, pages[0].id)).toBe(false)
    expect(await removeAddedPage(conn.db, book, added)).toBe(true)
    expect((await pagesOf(conn.db, book.id)).some((p) => p.id === added)).toBe(false)
  })
})
