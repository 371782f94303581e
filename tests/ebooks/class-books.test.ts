import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookFor, choosePosts, openBook, pagesOf } from '~/features/ebooks/books.server'
import { claimStaleClassBooks, classBookJob, runClassBooks, startClassBooks, writeClassBooksZip } from '~/features/ebooks/class-books.server'
import { exportedPdf } from '~/features/ebooks/export.server'
import { CLASS_JOB_STALE_MS } from '~/features/jobs/class-jobs.server'
import { setStarred } from '~/features/posts/marks.server'
import { zipWriter } from '~/features/jobs/zip.server'
import { archiveStudent } from '~/features/students/list.server'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { joinAsStudent } from '~/features/students/join.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { ebookClass } from '../support/journals'
import { writePost } from '../support/posts'

const feeling = (code: string) => (code === '3' ? '開心' : code)

describe.each(DIALECTS)("a class's e-books in one job on %s", (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let c: Awaited<ReturnType<typeof ebookClass>>
  let cat: number
  const start = (over: Partial<Parameters<typeof startClassBooks>[1]> = {}) =>
    startClassBooks(conn.db, { journalId: c.journalId, teacherId: c.id.owner, studentIds: [c.id.amy, c.id.ben, cat], rule: 'newest', newest: 5, design: 'sunrise', ...over })

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    c = await ebookClass(conn.db, 8)
    // Cat joins and writes two posts; Ben writes none.
    const r = await registerWithPassword(conn.db, { account: 'cat', password: 'secret-pass-1', locale: 'en' })
    if (r.code !== '01000') throw new Error('setup')
    cat = r.userId
    await conn.db.updateTable('users').set({ kind: 'student', name: 'CAT' }).where('id', '=', cat).execute()
    const code = (await conn.db.selectFrom('journals').select('invite_code').where('id', '=', c.journalId).executeTakeFirstOrThrow()).invite_code!
    await joinAsStudent(conn.db, cat, code)
    for (const day of ['2026-10-03', '2026-10-04']) await writePost(conn.db, cat, c.journalId, { title: `Cat ${day}`, diaryDate: day, event: 'We played.' })
  })
  afterAll(() => conn.close())

  it('makes every book and its PDF once for two clicks, lists a student without posts with the reason, and zips the PDFs by name', async () => {
    expect(await Promise.all([start(), start()])).toEqual(expect.arrayContaining(['started', 'running']))
    // A third click while it runs changes nothing.
    expect(await start({ rule: 'stars' })).toBe('running')
    await runClassBooks(conn.db, c.journalId, feeling)
    const job = (await classBookJob(conn.db, c.journalId))!
    expect([job.status, job.done, job.total]).toEqual(['done', 3, 3])
    expect(job.results.map((r) => [r.name, 'reason' in r ? r.reason : 'book'])).toEqual([
      ['AMY', 'book'],
      ['BEN', 'noPosts'],
      ['CAT', 'book'],
    ])
    const amy = job.results.find((r) => r.name === 'AMY')!
    if (!('bookId' in amy)) throw new Error('amy')
    const book = (await bookFor(conn.db, amy.bookId, c.teacher('owner')))!
    // The newest five posts, the chosen design, texts filled in the journal's language, and the PDF.
    const pages = await pagesOf(conn.db, book.id)
    expect(pages.filter((p) => p.type === '2')).toHaveLength(5)
    expect(pages.every((p) => p.templateId.startsWith('sunrise-'))).toBe(true)
    expect(book.name).toBe('AMY的心情日記')
    expect((await exportedPdf(conn.db, book.id))?.pdf?.subarray(0, 5).toString()).toBe('%PDF-')

    const dir = mkdtempSync(path.join(os.tmpdir(), 'class-books-'))
    try {
      const zip = await zipWriter(path.join(dir, 'books.zip'))
      expect(await writeClassBooksZip(conn.db, c.journalId, zip)).toBe(2)
      await zip.close()
      const files = unzipSync(readFileSync(path.join(dir, 'books.zip')))
      expect(Object.keys(files).sort()).toEqual(['AMY.pdf', 'CAT.pdf'])
      expect(Buffer.from(files['AMY.pdf'].subarray(0, 5)).toString()).toBe('%PDF-')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("takes the teacher's stars or the student's own choice, and skips a student removed during the job", async () => {
    await setStarred(conn.db, { userId: c.id.owner, postId: c.posts[0], on: true })
    await setStarred(conn.db, { userId: c.id.owner, postId: c.posts[2], on: true })
    // Cat made her own book with one post of her choice.
    const catBook = (await bookFor(conn.db, (await openBook(conn.db, c.journalId, cat, { userId: cat, kind: 'student' }))!, { userId: cat, kind: 'student' }))!
    await conn.db.updateTable('ebooks').set({ made_as: 'student' }).where('id', '=', catBook.id).execute()
    const catFirst = (await conn.db.selectFrom('posts').select('id').where('creator_id', '=', cat).orderBy('id').executeTakeFirstOrThrow()).id
    await choosePosts(conn.db, catBook, [catFirst])
    expect(await start({ rule: 'stars' })).toBe('started')
    await runClassBooks(conn.db, c.journalId, feeling)
    const stars = (await classBookJob(conn.db, c.journalId))!
    expect(stars.results.map((r) => [r.name, 'reason' in r ? r.reason : 'book'])).toEqual([
      ['AMY', 'book'],
      ['BEN', 'noStars'],
      ['CAT', 'noStars'],
    ])
    const amyBook = stars.results[0]
    if (!('bookId' in amyBook)) throw new Error('amy')
    expect((await pagesOf(conn.db, amyBook.bookId)).filter((p) => p.type === '2').map((p) => p.postId)).toEqual([c.posts[0], c.posts[2]])

    // The student's own choice: Cat's one post stays; Amy, who chose nothing herself, gets the newest.
    expect(await start({ rule: 'own', newest: 3 })).toBe('started')
    await runClassBooks(conn.db, c.journalId, feeling)
    const own = (await classBookJob(conn.db, c.journalId))!
    const cats = own.results.find((r) => r.name === 'CAT')!
    if (!('bookId' in cats)) throw new Error('cat')
    expect((await pagesOf(conn.db, cats.bookId)).filter((p) => p.type === '2').map((p) => p.postId)).toEqual([catFirst])
    const amys = own.results.find((r) => r.name === 'AMY')!
    if (!('bookId' in amys)) throw new Error('amy')
    expect((await pagesOf(conn.db, amys.bookId)).filter((p) => p.type === '2')).toHaveLength(3)

    // Ben is removed from the class after the job started: listed as removed, the others made.
    expect(await start()).toBe('started')
    await archiveStudent(conn.db, c.journalId, c.id.ben)
    await runClassBooks(conn.db, c.journalId, feeling)
    expect((await classBookJob(conn.db, c.journalId))!.results.map((r) => [r.name, 'reason' in r ? r.reason : 'book'])).toEqual([
      ['AMY', 'book'],
      ['BEN', 'removed'],
      ['CAT', 'book'],
    ])
  })

  it('a job cut short by a restart goes on after the last student it finished, once', async () => {
    expect(await start({ studentIds: [c.id.amy, cat] })).toBe('started')
    // The process made Amy's book, then stopped: its heartbeat grows old.
    const amyBook = (await conn.db.selectFrom('ebooks').select('id').where('journal_id', '=', c.journalId).where('student_id', '=', c.id.amy).executeTakeFirstOrThrow()).id
    const old = new Date(Date.now() - CLASS_JOB_STALE_MS - 5000).toISOString()
    await conn.db.updateTable('class_jobs').set({ results: JSON.stringify([{ studentId: c.id.amy, bookId: amyBook }]), current_student_id: cat, heartbeat_at: old }).where('journal_id', '=', c.journalId).where('kind', '=', 'books').execute()
    expect((await classBookJob(conn.db, c.journalId))!.stale).toBe(true)
    // A new click does not start another job; one page takes the stale one over, a second does not.
    expect(await start()).toBe('running')
    expect(await Promise.all([claimStaleClassBooks(conn.db, c.journalId), claimStaleClassBooks(conn.db, c.journalId)])).toEqual(expect.arrayContaining([true, false]))
    const before = await conn.db.selectFrom('ebook_exports').select('finished_at').where('ebook_id', '=', amyBook).executeTakeFirstOrThrow()
    await runClassBooks(conn.db, c.journalId, feeling)
    const job = (await classBookJob(conn.db, c.journalId))!
    expect([job.status, job.results.map((r) => r.name)]).toEqual(['done', ['AMY', 'CAT']])
    // Amy's book was not made again.
    expect((await conn.db.selectFrom('ebook_exports').select('finished_at').where('ebook_id', '=', amyBook).executeTakeFirstOrThrow()).finished_at).toBe(before.finished_at)
  })

  it("leaves a post under an alert out of every rule's book, names it, and takes it once the teacher put it back (decision 0063)", async () => {
    // Cat's newest post says she wants to die: the content assessment raises a high alert.
    const dark = await writePost(conn.db, cat, c.journalId, { title: 'Night', diaryDate: '2026-10-05', event: 'After school I cried. Sometimes I want to die.', emotions: ['B'] })
    const others = (await conn.db.selectFrom('posts').select('id').where('creator_id', '=', cat).where('id', '!=', dark).orderBy('diary_date').execute()).map((p) => p.id)
    const catResult = async () => (await classBookJob(conn.db, c.journalId))!.results.find((r) => r.studentId === cat)!
    const inBook = async () => {
      const r = await catResult()
      if (!('bookId' in r)) throw new Error(`cat: ${r.reason}`)
      return (await pagesOf(conn.db, r.bookId)).filter((p) => p.type === '2').map((p) => p.postId)
    }
    const leftOut = [expect.objectContaining({ postId: dark, severity: 'high', open: true })]

    // The newest: her two other posts, and the dark one named as left out.
    expect(await start({ studentIds: [cat] })).toBe('started')
    await runClassBooks(conn.db, c.journalId, feeling)
    expect(await inBook()).toEqual(others)
    expect((await catResult()).leftOut).toEqual(leftOut)

    // Her own choice holds it: it goes, and the rule fills the book.
    const catBook = (await conn.db.selectFrom('ebooks').select('id').where('journal_id', '=', c.journalId).where('student_id', '=', cat).executeTakeFirstOrThrow()).id
    await choosePosts(conn.db, (await bookFor(conn.db, catBook, { userId: cat, kind: 'student' }))!, [dark])
    expect(await start({ studentIds: [cat], rule: 'own' })).toBe('started')
    await runClassBooks(conn.db, c.journalId, feeling)
    expect(await inBook()).toEqual(others)
    expect((await catResult()).leftOut).toEqual(leftOut)

    // Starred alone: no book, and the reason says why.
    await setStarred(conn.db, { userId: c.id.owner, postId: dark, on: true })
    expect(await start({ studentIds: [cat], rule: 'stars' })).toBe('started')
    await runClassBooks(conn.db, c.journalId, feeling)
    expect(await catResult()).toMatchObject({ reason: 'heldBack', leftOut })

    // Put back by the teacher, knowingly: in the book, nothing left out.
    expect(await start({ studentIds: [cat], putBack: [dark] })).toBe('started')
    await runClassBooks(conn.db, c.journalId, feeling)
    expect(await inBook()).toEqual([...others, dark])
    expect((await catResult()).leftOut).toBeUndefined()
  })
})
