import type { DB } from '~/db/connect.server'
import { isoAgo, nowIso } from '~/db/time'
import { bindItems } from './page-model'
import { drawPendingPages, fillDataOf, pageTemplate, picturesFor } from './books.server'
import { renderBookPdf, type BookLang } from './render.server'

/** A running job whose process has not been heard of for this long is taken over (a restart). */
export const EXPORT_STALE_MS = 30_000

type FeelingName = (code: string, lang: BookLang) => string

/** Where a book's PDF stands: none yet (or made from an older book), being made (pages done of all), or ready. */
export async function exportState(db: DB, bookId: number) {
  const [book, row] = await Promise.all([
    db.selectFrom('ebooks').select(['edited_at', 'name']).where('id', '=', bookId).executeTakeFirstOrThrow(),
    db.selectFrom('ebook_exports').select(['status', 'book_version', 'pages_done', 'pages_total', 'heartbeat_at', 'finished_at', (eb) => eb.fn('length', ['pdf']).as('size')]).where('ebook_id', '=', bookId).executeTakeFirst(),
  ])
  if (!row) return { state: 'none' as const }
  if (row.status === 'running') return { state: 'running' as const, done: row.pages_done, total: row.pages_total, stale: row.heartbeat_at < isoAgo(EXPORT_STALE_MS) }
  if (row.status === 'done' && row.book_version === book.edited_at) return { state: 'ready' as const, size: Number(row.size), at: row.finished_at! }
  return { state: row.status === 'failed' ? ('failed' as const) : ('none' as const) }
}

/**
 * Claims the book's export for this process, once however many ask at the same time: a new row, or
 * one that is not running (or whose process went quiet) and not already the current book's PDF.
 * True when this caller must run it.
 */
export async function claimExport(db: DB, bookId: number) {
  const book = await db.selectFrom('ebooks').select('edited_at').where('id', '=', bookId).executeTakeFirstOrThrow()
  const at = nowIso()
  const fresh = { status: 'running' as const, book_version: book.edited_at, pages_done: 0, pages_total: 0, pdf: null, started_at: at, heartbeat_at: at, finished_at: null }
  const inserted = await db.insertInto('ebook_exports').values({ ebook_id: bookId, ...fresh }).onConflict((oc) => oc.column('ebook_id').doNothing()).executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return true
  const taken = await db
    .updateTable('ebook_exports')
    .set(fresh)
    .where('ebook_id', '=', bookId)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'running'), eb('heartbeat_at', '<', isoAgo(EXPORT_STALE_MS))]),
        eb.and([eb('status', '!=', 'running'), eb.or([eb('status', '!=', 'done'), eb('book_version', '!=', book.edited_at)])]),
      ]),
    )
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

/**
 * Makes the PDF of a claimed export: the pages still without a picture are drawn (each is progress),
 * every page is laid out with the same renderer as its picture, then the whole book is one PDF.
 * Progress is real: pages done of the pages plus one (the PDF itself). A class's job makes the PDF
 * alone (`drawPages: false`): a page's picture is for the editor, whose page list draws the
 * missing ones when the book is opened, and drawing them would double the job's time.
 */
export async function runExport(db: DB, bookId: number, feelingName: FeelingName, { drawPages = true } = {}) {
  const beat = (done: number, total: number) => db.updateTable('ebook_exports').set({ pages_done: done, pages_total: total, heartbeat_at: nowIso() }).where('ebook_id', '=', bookId).where('status', '=', 'running').execute()
  try {
    const pages = await db.selectFrom('ebook_pages').select(['id', 'post_id', 'template', 'template_id', 'picture']).where('ebook_id', '=', bookId).orderBy('position').execute()
    const total = drawPages ? pages.length + 1 : 1
    let done = drawPages ? pages.filter((p) => p.picture !== null).length : 0
    await beat(done, total)
    if (drawPages) await drawPendingPages(db, bookId, feelingName, async () => beat(++done, total))
    const { base, postData, lang } = await fillDataOf(db, bookId)
    const laidOut = pages.map((page) => {
      const template = pageTemplate(page)!
      const post = page.post_id === null ? undefined : postData.get(page.post_id)
      return { items: bindItems(template, { ...base, post: post && { ...post, feelings: post.feelings.map((c) => feelingName(c, lang)) } }), lang }
    })
    const urls = laidOut.flatMap((p) => p.items.filter((i) => i.type === 'pic' && i.img_url).map((i) => i.img_url!))
    const pdf = await renderBookPdf(laidOut, await picturesFor(db, bookId, [...new Set(urls)]))
    const at = nowIso()
    await db.updateTable('ebook_exports').set({ status: 'done', pdf, pages_done: total, pages_total: total, heartbeat_at: at, finished_at: at }).where('ebook_id', '=', bookId).where('status', '=', 'running').execute()
    await db.updateTable('ebooks').set({ generated_at: at }).where('id', '=', bookId).execute()
  } catch (error) {
    await db.updateTable('ebook_exports').set({ status: 'failed', heartbeat_at: nowIso() }).where('ebook_id', '=', bookId).execute()
    throw error
  }
}

/** The book's current PDF and its name; null when there is none for the book as it is now. */
export async function exportedPdf(db: DB, bookId: number) {
  return db
    .selectFrom('ebook_exports as x')
    .innerJoin('ebooks as b', 'b.id', 'x.ebook_id')
    .select(['x.pdf', 'b.name', 'x.finished_at'])
    .where('x.ebook_id', '=', bookId)
    .where('x.status', '=', 'done')
    .whereRef('x.book_version', '=', 'b.edited_at')
    .executeTakeFirst()
}

/** The PDF as a download named after the book (any script: the name is sent in RFC 5987's form too). */
export function pdfResponse(pdf: { pdf: Buffer | null; name: string }) {
  // eslint-disable-next-line no-control-regex
  const name = `${(pdf.name || 'e-book').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 80)}.pdf`
  const ascii = name.replace(/[^\x20-\x7e]/g, '_')
  return new Response(new Uint8Array(pdf.pdf!), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
