import type { DB } from '~/db/connect.server'
import { asLeftOut, heldBackPosts, withoutHeldBack, type HeldBack, type LeftOut } from '~/features/alerts/held-back.server'
import { claimStaleClassJob, classJobState, runClassJob, startClassJob } from '~/features/jobs/class-jobs.server'
import { POST_STATUS } from '~/features/posts/constants'
import { translatorOf } from '~/i18n/middleware.server'
import type { ZipWriter } from '~/features/jobs/zip.server'
import { bookFor, choosePosts, openBook, saveBasicInfo, type Book } from './books.server'
import { EBOOK_NAME_MAX, EBOOK_POSTS, EBOOK_TEXT_MAX, type ClassBookRule } from './constants'
import { claimExport, exportedPdf, exportState, runExport } from './export.server'
import { BasicInfoSchema } from './schema'

/**
 * A class's e-books in one job (decision 0053): for each chosen student, their book of
 * the journal with the posts a rule picks, its missing texts filled in, and its PDF, one student
 * after another (a class job: jobs/class-jobs.server.ts). A post held back under an alert
 * (decision 0063) goes into no book unless the teacher put it back; each result names those left out.
 */
export type ClassBookSkip = 'noPosts' | 'noStars' | 'removed' | 'heldBack'
export type ClassBookResult = ({ studentId: number; bookId: number } | { studentId: number; reason: ClassBookSkip }) & { leftOut?: LeftOut[] }

type FeelingName = (code: string, lang: 'en' | 'zh-TW' | 'ja') => string

/** `putBack`: the held-back posts the teacher put back knowingly (none in a job started before decision 0063). */
type Settings = { rule: ClassBookRule; newest: number; design: string; putBack?: number[] }

/** Starts the class's books unless they are being made: 'started' (run them) or 'running'. */
export const startClassBooks = (db: DB, v: { journalId: number; teacherId: number; studentIds: number[] } & Settings) =>
  startClassJob(db, { journalId: v.journalId, kind: 'books', madeBy: v.teacherId, settings: { rule: v.rule, newest: v.newest, design: v.design, putBack: v.putBack ?? [] }, studentIds: v.studentIds })

/** Takes over a job of books whose process went quiet: true when this caller must run it. */
export const claimStaleClassBooks = (db: DB, journalId: number) => claimStaleClassJob(db, journalId, 'books')

/** Where the class's books stand, and the current student's step: choosing the posts, or making the PDF. */
export async function classBookJob(db: DB, journalId: number) {
  const job = await classJobState<Settings, ClassBookResult>(db, journalId, 'books')
  if (!job) return null
  let current: { name: string; printing: boolean } | null = null
  if (job.current) {
    const book = await db.selectFrom('ebooks').select('id').where('journal_id', '=', journalId).where('student_id', '=', job.current.id).executeTakeFirst()
    const state = book ? await exportState(db, book.id) : null
    current = { name: job.current.name, printing: state?.state === 'running' }
  }
  return { ...job, current }
}

/**
 * The posts the rule picks for a student's book, newest first; none when the rule finds none. A
 * held-back post is left out (unless put back) and the next one the rule finds takes its place;
 * `leftOut` names those the rule would have taken.
 */
async function postsByRule(db: DB, book: Book, job: Settings & { teacherId: number }, held: Map<number, HeldBack>) {
  const published = db.selectFrom('posts as p').select('p.id').where('p.journal_id', '=', book.journalId).where('p.creator_id', '=', book.studentId).where('p.status', '=', POST_STATUS.published)
  const limit = job.rule === 'stars' ? EBOOK_POSTS.max : Math.min(EBOOK_POSTS.max, Math.max(EBOOK_POSTS.min, job.newest))
  const picked = (
    job.rule === 'stars'
      ? await published.innerJoin('post_collections as c', 'c.post_id', 'p.id').where('c.user_id', '=', job.teacherId).orderBy('p.diary_date', 'desc').orderBy('p.id', 'desc').limit(limit + held.size).execute()
      : await published.orderBy('p.diary_date', 'desc').orderBy('p.id', 'desc').limit(limit + held.size).execute()
  ).map((p) => p.id)
  const { kept, leftOut } = withoutHeldBack(picked, held, job.putBack)
  const wanted = new Set(picked.slice(0, limit))
  return { ids: kept.slice(0, limit), leftOut: leftOut.filter((h) => wanted.has(h.postId)) }
}

/** A book's own texts, where empty or invalid, filled in the book's language so that it prints. */
async function fillMissingTexts(db: DB, book: Book) {
  const current = { name: book.name, aboutAuthor: book.aboutAuthor, thanks: book.thanks, postscript: book.postscript }
  if (BasicInfoSchema.safeParse(current).success) return
  const t = translatorOf(book.lang === 'zh' ? 'zh-TW' : book.lang)
  const values = { name: book.student, journal: book.journal }
  type Key = 'classBookTexts.defaultName' | 'classBookTexts.defaultAbout' | 'classBookTexts.defaultThanks' | 'classBookTexts.defaultPostscript'
  const filled = (value: string, key: Key, max: number) => (value.trim() && value.length <= max ? value : t(key, values).slice(0, max))
  await saveBasicInfo(db, book, {
    name: filled(book.name, 'classBookTexts.defaultName', EBOOK_NAME_MAX),
    aboutAuthor: filled(book.aboutAuthor, 'classBookTexts.defaultAbout', EBOOK_TEXT_MAX),
    thanks: filled(book.thanks, 'classBookTexts.defaultThanks', EBOOK_TEXT_MAX),
    postscript: filled(book.postscript, 'classBookTexts.defaultPostscript', EBOOK_TEXT_MAX),
    messageBoard: book.messageBoard ? 'on' : undefined,
  })
}

/** Waits while another process makes this book's PDF (a teacher pressed Print on it meanwhile). */
async function untilExported(db: DB, bookId: number) {
  for (let i = 0; i < 600; i++) {
    const state = await exportState(db, bookId)
    if (state.state !== 'running' || state.stale) return
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function makeBook(db: DB, journalId: number, studentId: number, job: Settings & { teacherId: number }, feelingName: FeelingName): Promise<ClassBookResult> {
  const member = await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).executeTakeFirst()
  const who = { userId: job.teacherId, kind: 'teacher' as const }
  const bookId = member ? await openBook(db, journalId, studentId, who) : null
  const book = bookId === null ? null : await bookFor(db, bookId, who)
  if (!book) return { studentId, reason: 'removed' }
  // The student's own choice stands where they made one, without a held-back post (decision 0063); else
  // (and for the other rules) the rule picks.
  const made = await db.selectFrom('ebooks').select('made_as').where('id', '=', book.id).executeTakeFirstOrThrow()
  const chosen = await db.selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', book.id).execute()
  const held = await heldBackPosts(db, journalId, { studentIds: [studentId] })
  const leftOut = new Map<number, LeftOut>()
  let keepOwn = job.rule === 'own' && made.made_as === 'student' && chosen.length >= EBOOK_POSTS.min
  if (keepOwn) {
    const own = withoutHeldBack(chosen.map((c) => c.post_id), held, job.putBack)
    for (const h of own.leftOut) leftOut.set(h.postId, asLeftOut(h))
    if (own.leftOut.length > 0) {
      keepOwn = own.kept.length >= EBOOK_POSTS.min
      if (keepOwn && !(await choosePosts(db, book, own.kept, job.design)).ok) return { studentId, reason: 'noPosts' }
    }
  }
  const told = () => (leftOut.size ? { leftOut: [...leftOut.values()] } : {})
  if (!keepOwn) {
    const picked = await postsByRule(db, book, job, held)
    for (const h of picked.leftOut) leftOut.set(h.postId, asLeftOut(h))
    if (picked.ids.length < EBOOK_POSTS.min) return { studentId, reason: leftOut.size ? 'heldBack' : job.rule === 'stars' ? 'noStars' : 'noPosts', ...told() }
    const chose = await choosePosts(db, book, picked.ids, job.design)
    if (!chose.ok) return { studentId, reason: 'noPosts', ...told() }
  }
  await fillMissingTexts(db, (await bookFor(db, book.id, who))!)
  if (await claimExport(db, book.id)) await runExport(db, book.id, feelingName, { drawPages: false })
  else await untilExported(db, book.id)
  return { studentId, bookId: book.id, ...told() }
}

/** Makes the class's books from where the job stands (see runClassJob). */
export const runClassBooks = (db: DB, journalId: number, feelingName: FeelingName) =>
  runClassJob<Settings, ClassBookResult>(db, journalId, 'books', { each: (studentId, settings, madeBy) => makeBook(db, journalId, studentId, { ...settings, teacherId: madeBy }, feelingName) })

/** Every book the last job made, as PDFs named by student, into a zip (names made unique). */
export async function writeClassBooksZip(db: DB, journalId: number, zip: ZipWriter) {
  const job = await classBookJob(db, journalId)
  const used = new Set<string>()
  let books = 0
  for (const r of job?.results ?? []) {
    if (!('bookId' in r)) continue
    const pdf = await exportedPdf(db, r.bookId)
    if (!pdf?.pdf) continue
    // eslint-disable-next-line no-control-regex
    const base = (r.name || `student-${r.studentId}`).replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 80)
    let name = `${base}.pdf`
    for (let n = 2; used.has(name); n++) name = `${base} (${n}).pdf`
    used.add(name)
    await zip.file(name, pdf.pdf)
    books++
  }
  return books
}
