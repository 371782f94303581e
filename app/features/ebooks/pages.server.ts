import { createHash, randomUUID } from 'node:crypto'
import type { OutputInfo } from 'sharp'
import { loadSharp } from '~/sharp.server'
import { inTransaction, type DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { tooLong, withoutControl } from '~/shared/text'
import { bindItems, keepOnCanvas, type Box, type FillData, type Template, type TemplateItem } from './page-model'
import { fillDataOf, pagesOf, pageTemplate, type Book } from './books.server'
import { DEFAULT_DESIGN, EBOOK_IMAGE_MAX_BYTES, EBOOK_ITEM_TEXT_MAX } from './constants'
import type { BookLang } from './render.server'
import { templateById, templatesLike } from './templates'

type FeelingName = (code: string, lang: BookLang) => string

/** A page's items with their bound fields filled: what the page shows. */
async function boundItems(db: DB, bookId: number, postId: number | null, template: Template, feelingName: FeelingName) {
  const { base, postData, lang } = await fillDataOf(db, bookId)
  const post = postId === null ? undefined : postData.get(postId)
  const data: FillData = { ...base, post: post && { ...post, feelings: post.feelings.map((c) => feelingName(c, lang)) } }
  return bindItems(template, data)
}

async function pageRow(db: DB, bookId: number, pageId: number) {
  return db.selectFrom('ebook_pages').select(['id', 'position', 'type', 'post_id', 'template_id', 'template', 'updated_at']).where('ebook_id', '=', bookId).where('id', '=', pageId).executeTakeFirst()
}

/**
 * The editor's page (step 3, /ebook/{id}/edit?qpage_id=): its template with the bound fields filled
 * (what the page shows), the templates it may change to, and the pages around it. Null for a page
 * of another book. `feelingName` names a post's feelings in the book's language.
 */
export async function pageForEditing(db: DB, book: Book, pageId: number, feelingName: FeelingName) {
  const page = await pageRow(db, book.id, pageId)
  const template = page && pageTemplate(page)
  if (!page || !template) return null
  const [items, pages, title] = await Promise.all([
    boundItems(db, book.id, page.post_id, template, feelingName),
    pagesOf(db, book.id),
    page.post_id === null ? null : db.selectFrom('posts').select('title').where('id', '=', page.post_id).executeTakeFirst(),
  ])
  // The first page of a post is its diary page; a later one was added and may be removed.
  const added = page.post_id !== null && pages.some((p) => p.postId === page.post_id && p.position < page.position)
  return {
    page: { id: page.id, type: page.type, postId: page.post_id, templateId: page.template_id, version: page.updated_at, added, postTitle: title?.title ?? null },
    items,
    // Every picture the page may take, also one its post left empty (the page shows no box for it, but a picture may be put there).
    pictureSlots: template.items.filter((i) => i.type === 'pic' && i.is_editable).map((i) => ({ id: i.id, type: i.type, fill_data: i.fill_data ?? null, width: i.width, height: i.height })),
    choices: templatesLike(page.template_id).map((t) => ({ id: t.id })),
    pages,
  }
}
export type EditorPage = NonNullable<Awaited<ReturnType<typeof pageForEditing>>>

/** The id of the book's first page, or undefined while it has none. */
export async function firstPageId(db: DB, bookId: number) {
  const first = await db.selectFrom('ebook_pages').select('id').where('ebook_id', '=', bookId).orderBy('position').executeTakeFirst()
  return first?.id
}

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(Math.round(v), min), max)

export interface PageEdit {
  /** Each editable text item's text, by item id. */
  texts: Map<string, string>
  /** Each moved or resized item's box, by item id (the editor's canvas, with JavaScript). */
  boxes: Map<string, Box>
  /** A new picture for one picture item, with the part of it chosen in the browser's crop (or none: the centre). */
  picture?: { itemId: string; file: File; crop: Box | null }
}

export type SaveResult = { ok: true } | { ok: false; error: ReturnType<typeof tooLong>; item: string } | { ok: false; error: 'ebook.imageTooBig' | 'ebook.imageType'; item: string } | { ok: false; error: 'missing' }

/**
 * Saves a page's edits on its current template: only editable items change. A text left as its
 * bound field shows stays bound (it follows the post); a changed one becomes the page's own text
 * (`edited`).
 * The page's picture is drawn again (the caller draws it). Saving twice writes the same page.
 */
export async function savePage(db: DB, book: Book, pageId: number, edit: PageEdit, feelingName: FeelingName): Promise<SaveResult> {
  const page = await pageRow(db, book.id, pageId)
  const template = page && pageTemplate(page)
  if (!page || !template) return { ok: false, error: 'missing' }
  // The bound values as the editor showed them.
  const shown = new Map((await boundItems(db, book.id, page.post_id, template, feelingName)).map((i) => [i.id, i]))
  const items: TemplateItem[] = []
  for (const item of template.items) {
    if (!item.is_editable) {
      items.push(item)
      continue
    }
    let next: TemplateItem = { ...item, ...(edit.boxes.has(item.id) ? keepOnCanvas(edit.boxes.get(item.id)!) : {}) }
    const text = edit.texts.get(item.id)
    if (item.type === 'text' && text !== undefined) {
      const clean = withoutControl(text).replace(/\r\n?/g, '\n').trim()
      if (clean.length > EBOOK_ITEM_TEXT_MAX) return { ok: false, error: tooLong(EBOOK_ITEM_TEXT_MAX), item: item.id }
      if (clean !== (shown.get(item.id)?.text ?? '')) next = { ...next, text: clean, edited: true }
    }
    if (item.type === 'pic' && edit.picture?.itemId === item.id) {
      // Cut to the item's shape as it will be saved.
      const stored = await storeBookImage(db, book.id, edit.picture.file, next.width / next.height, edit.picture.crop)
      if (!stored.ok) return { ok: false, error: stored.error, item: item.id }
      next = { ...next, img_url: stored.url, edited: true }
    }
    items.push(next)
  }
  const saved: Template = { ...template, items }
  await db.updateTable('ebook_pages').set({ template: JSON.stringify(saved), picture: null, updated_at: nowIso() }).where('id', '=', page.id).execute()
  await db.updateTable('ebooks').set({ edited_at: nowIso() }).where('id', '=', book.id).execute()
  return { ok: true }
}

/** Changes a page to another template of its kind (its edits go: they belonged to the old one's items). */
export async function changeTemplate(db: DB, book: Book, pageId: number, templateId: string) {
  const page = await pageRow(db, book.id, pageId)
  const template = templateById(templateId)
  if (!page || !template || !templatesLike(page.template_id).some((t) => t.id === templateId)) return false
  await db.updateTable('ebook_pages').set({ template_id: template.id, type: template.type, template: null, picture: null, updated_at: nowIso() }).where('id', '=', page.id).execute()
  await db.updateTable('ebooks').set({ edited_at: nowIso() }).where('id', '=', book.id).execute()
  return true
}

/**
 * "Add page" (step 3): one more page for a chosen post, right after its pages, with the post's
 * first picture large. Returns the new page's id, or null for a post not in the book.
 */
export async function addPage(db: DB, book: Book, postId: number) {
  return inTransaction(db, async (trx) => {
    const pages = await trx.selectFrom('ebook_pages').select(['id', 'position', 'post_id', 'template_id']).where('ebook_id', '=', book.id).orderBy('position').execute()
    const own = pages.filter((p) => p.post_id === postId)
    const last = own.at(-1)
    if (!last) return null
    await trx.updateTable('ebook_pages').set((eb) => ({ position: eb('position', '+', 1) })).where('ebook_id', '=', book.id).where('position', '>', last.position).execute()
    // In the design of the post's diary page.
    const design = templateById(`${own[0].template_id.split('-')[0]}-diary-large`) ?? templateById(`${DEFAULT_DESIGN}-diary-large`)!
    const added = await trx
      .insertInto('ebook_pages')
      .values({ ebook_id: book.id, position: last.position + 1, type: design.type, post_id: postId, template_id: design.id, template: null, picture: null, updated_at: nowIso() })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.updateTable('ebooks').set({ edited_at: nowIso() }).where('id', '=', book.id).execute()
    return added.id
  })
}

/** Removes a page added for a post; a post's own diary page and the book's pages stay (false). */
export async function removeAddedPage(db: DB, book: Book, pageId: number) {
  const page = await pageRow(db, book.id, pageId)
  if (!page || page.post_id === null) return false
  const first = await db.selectFrom('ebook_pages').select('id').where('ebook_id', '=', book.id).where('post_id', '=', page.post_id).orderBy('position').executeTakeFirstOrThrow()
  if (first.id === page.id) return false
  await db.deleteFrom('ebook_pages').where('id', '=', page.id).execute()
  await db.updateTable('ebooks').set({ edited_at: nowIso() }).where('id', '=', book.id).execute()
  return true
}

export type ImageResult = { ok: true; url: string } | { ok: false; error: 'ebook.imageTooBig' | 'ebook.imageType' }

/**
 * A picture for a page's item (step 3): PNG or JPEG by its content, cut to the item's shape, either
 * the box chosen in the browser's crop (the picture's own pixels) or, without one, the centred
 * largest box of that shape; stored upright, at most 1600 px wide, without metadata.
 */
export async function storeBookImage(db: DB, bookId: number, file: File, aspect: number, crop: { x: number; y: number; width: number; height: number } | null): Promise<ImageResult> {
  const sharp = await loadSharp()
  if (file.size > EBOOK_IMAGE_MAX_BYTES) return { ok: false, error: 'ebook.imageTooBig' }
  const input = Buffer.from(await file.arrayBuffer())
  let out: { data: Buffer; info: OutputInfo; type: string }
  try {
    const meta = await sharp(input).metadata()
    if (meta.format !== 'png' && meta.format !== 'jpeg') return { ok: false, error: 'ebook.imageType' }
    const upright = await sharp(input).rotate().toBuffer({ resolveWithObject: true })
    const { width, height } = upright.info
    let region
    if (crop && crop.width >= 1 && crop.height >= 1) {
      const left = clamp(crop.x, 0, width - 1)
      const top = clamp(crop.y, 0, height - 1)
      region = { left, top, width: clamp(crop.width, 1, width - left), height: clamp(crop.height, 1, height - top) }
    } else {
      const w = Math.min(width, Math.round(height * aspect))
      const h = Math.min(height, Math.round(w / aspect))
      region = { left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: Math.max(1, w), height: Math.max(1, h) }
    }
    const cut = sharp(upright.data).extract(region).resize({ width: 1600, withoutEnlargement: true })
    const png = meta.format === 'png' && meta.hasAlpha
    const result = png ? await cut.png().toBuffer({ resolveWithObject: true }) : await cut.jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true })
    out = { ...result, type: png ? 'image/png' : 'image/jpeg' }
  } catch {
    return { ok: false, error: 'ebook.imageType' }
  }
  const id = randomUUID()
  await db.insertInto('ebook_images').values({ id, ebook_id: bookId, content_type: out.type, data: out.data, width: out.info.width, height: out.info.height, created_at: nowIso() }).execute()
  return { ok: true, url: `/ebook/${bookId}/image/${id}` }
}

/** An image of this book (its page pictures' sources); null for another book's or none. */
export async function bookImage(db: DB, bookId: number, imageId: string) {
  return db.selectFrom('ebook_images').select(['data', 'content_type']).where('ebook_id', '=', bookId).where('id', '=', imageId).executeTakeFirst()
}

/** A page's stored picture (SVG), with its time for caching; undefined while it is being drawn. */
export async function pagePicture(db: DB, bookId: number, pageId: number) {
  return db.selectFrom('ebook_pages').select(['picture', 'updated_at']).where('ebook_id', '=', bookId).where('id', '=', pageId).where('picture', 'is not', null).executeTakeFirst()
}

/** A page's version in its picture's address: a changed page is a new address, so the old one may be kept for good. */
export const pictureVersion = (updatedAt: string) => createHash('sha1').update(updatedAt).digest('hex').slice(0, 10)
export const pictureUrl = (bookId: number, page: { id: number; updatedAt: string }) => `/ebook/${bookId}/pages/${page.id}/picture?v=${pictureVersion(page.updatedAt)}`

/** A page picture's answer: no script may run in it, and kept for good under a versioned address. */
export function svgResponse(request: Request, page: { picture: string | null; updated_at: string }) {
  const current = new URL(request.url).searchParams.get('v') === pictureVersion(page.updated_at)
  return new Response(page.picture, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': current ? 'private, max-age=31536000, immutable' : 'private, no-cache',
    },
  })
}
