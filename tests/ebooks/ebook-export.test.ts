import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFor, choosePosts, openBook, pagesOf, saveBasicInfo, type Book } from '~/features/ebooks/books.server'
import { claimExport, exportedPdf, exportState, EXPORT_STALE_MS, runExport } from '~/features/ebooks/export.server'
import { sharedBook, shareBook, shareOf, stopSharing, unlockShare } from '~/features/ebooks/share-links.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { ebookClass } from '../support/journals'

const feeling = (code: string) => (code === '3' ? '開心' : code)
const limits = { maxFailsPerAccount: 3, maxFailsPerAddress: 100 }

async function pdfPages(pdf: Uint8Array) {
  const doc = await getDocument({ data: pdf, useSystemFonts: false }).promise
  const texts: string[] = []
  for (let i = 1; i <= doc.numPages; i++) // Without spaces: the reader puts some between runs of Han characters and digits.
    texts.push((await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join('').replace(/\s+/g, ''))
  return texts
}

describe.each(DIALECTS)('e-book PDF and share links on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let book: Book

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const c = await ebookClass(conn.db, 3)
    book = (await bookFor(conn.db, (await openBook(conn.db, c.journalId, c.id.amy, c.teacher('owner')))!, c.teacher('owner')))!
    await choosePosts(conn.db, book, c.posts)
    await saveBasicInfo(conn.db, book, { name: '我的一年', aboutAuthor: '我喜歡踢足球。', thanks: '謝謝林老師。', postscript: '明年見。', messageBoard: 'on' })
  })
  afterAll(() => conn.close())

  it('makes the PDF once for two starts, with real progress, every page in book order with its text', async () => {
    expect(await exportState(conn.db, book.id)).toEqual({ state: 'none' })
    // Two requests (or two processes) at once: one claims it.
    const claims = await Promise.all([claimExport(conn.db, book.id), claimExport(conn.db, book.id)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await exportState(conn.db, book.id)).toMatchObject({ state: 'running', stale: false })
    // A page asking for the progress while the job runs: it only grows.
    const seen: number[] = []
    let finished = false
    const watch = (async () => {
      while (!finished) {
        const s = await exportState(conn.db, book.id)
        if (s.state === 'running') seen.push(s.done)
        // SQLite answers without leaving the microtask queue: yield, or the compiler's answer is never read.
        await new Promise((r) => setTimeout(r, 2))
      }
    })()
    await runExport(conn.db, book.id, feeling)
    finished = true
    await watch
    const state = await exportState(conn.db, book.id)
    expect(state).toMatchObject({ state: 'ready' })
    const pages = await pagesOf(conn.db, book.id)
    // Progress counts pages (all drawn here as part of the job) plus the PDF itself.
    const row = await conn.db.selectFrom('ebook_exports').select(['pages_done', 'pages_total']).where('ebook_id', '=', book.id).executeTakeFirstOrThrow()
    expect(row).toEqual({ pages_done: pages.length + 1, pages_total: pages.length + 1 })
    expect(seen.every((n, i) => i === 0 || n >= seen[i - 1])).toBe(true)
    const pdf = (await exportedPdf(conn.db, book.id))!
    const texts = await pdfPages(new Uint8Array(pdf.pdf!))
    expect(texts).toHaveLength(pages.length)
    expect(texts[0]).toContain('我的一年')
    expect(texts[1]).toContain('我喜歡踢足球。')
    expect(texts[2]).toContain('第1天')
    expect(texts.at(-1)).toContain('明年見。')
    expect((await conn.db.selectFrom('ebooks').select('generated_at').where('id', '=', book.id).executeTakeFirstOrThrow()).generated_at).not.toBeNull()
    // Ready: a new start does nothing.
    expect(await claimExport(conn.db, book.id)).toBe(false)
  })

  it('is the book’s only while the book stays the same; a change makes it again', async () => {
    await saveBasicInfo(conn.db, book, { name: '我的五年級', aboutAuthor: '我喜歡踢足球。', thanks: '謝謝林老師。', postscript: '明年見。', messageBoard: 'on' })
    expect(await exportState(conn.db, book.id)).toEqual({ state: 'none' })
    expect(await exportedPdf(conn.db, book.id)).toBeUndefined()
    expect(await claimExport(conn.db, book.id)).toBe(true)
    await runExport(conn.db, book.id, feeling)
    expect((await pdfPages(new Uint8Array((await exportedPdf(conn.db, book.id))!.pdf!)))[0]).toContain('我的五年級')
  })

  it('a job whose process stopped (a restart) is taken over and finished; a live one is not', async () => {
    await saveBasicInfo(conn.db, book, { name: '重新開始', aboutAuthor: '我喜歡踢足球。', thanks: '謝謝林老師。', postscript: '明年見。', messageBoard: 'on' })
    expect(await claimExport(conn.db, book.id)).toBe(true)
    // The process stops here: nobody runs it. While its heartbeat is recent, nobody else takes it.
    expect(await claimExport(conn.db, book.id)).toBe(false)
    const quiet = new Date(Date.now() - EXPORT_STALE_MS - 1000).toISOString()
    await conn.db.updateTable('ebook_exports').set({ heartbeat_at: quiet }).where('ebook_id', '=', book.id).execute()
    expect(await exportState(conn.db, book.id)).toMatchObject({ state: 'running', stale: true })
    expect(await claimExport(conn.db, book.id)).toBe(true)
    await runExport(conn.db, book.id, feeling)
    expect(await exportState(conn.db, book.id)).toMatchObject({ state: 'ready' })
    expect((await pdfPages(new Uint8Array((await exportedPdf(conn.db, book.id))!.pdf!)))[0]).toContain('重新開始')
  })

  it('shares by a link with an optional password, counted like a sign-in; stopping removes the link', async () => {
    expect(await shareOf(conn.db, book.id)).toBeNull()
    const open = await shareBook(conn.db, book.id, null)
    expect(await sharedBook(conn.db, open)).toEqual({ bookId: book.id, passwordHash: null, expired: false, closed: null })
    const token = await shareBook(conn.db, book.id, 'family-pass')
    // A new link replaces the old one.
    expect(await sharedBook(conn.db, open)).toBeNull()
    const link = (await sharedBook(conn.db, token))!
    expect(link.passwordHash).toMatch(/^\$argon2id\$/)
    expect(await shareOf(conn.db, book.id)).toMatchObject({ token, hasPassword: true })
    expect(await unlockShare(conn.db, limits, { token, passwordHash: link.passwordHash! }, 'wrong', '10.0.0.1')).toEqual({ ok: false, error: 'ebook.sharePasswordWrong' })
    expect(await unlockShare(conn.db, limits, { token, passwordHash: link.passwordHash! }, 'family-pass', '10.0.0.1')).toEqual({ ok: true })
    for (let i = 0; i < 3; i++) await unlockShare(conn.db, limits, { token, passwordHash: link.passwordHash! }, 'guess', '10.0.0.2')
    // After the limit even the right password waits.
    expect(await unlockShare(conn.db, limits, { token, passwordHash: link.passwordHash! }, 'family-pass', '10.0.0.3')).toMatchObject({ ok: false, error: 'ebook.shareTooMany' })
    await stopSharing(conn.db, book.id)
    expect(await sharedBook(conn.db, token)).toBeNull()
    expect(await shareOf(conn.db, book.id)).toBeNull()
    expect(await sharedBook(conn.db, 'not a token')).toBeNull()
  })
})
