import type { DB } from '~/db/connect.server'
import { isoAgo, nowIso } from '~/db/time'
import { POST_STATUS } from '~/features/posts/constants'
import { translatorOf } from '~/i18n/middleware.server'
import type { ZipWriter } from '~/features/privacy/zip.server'
import { bookFor, choosePosts, openBook, saveBasicInfo, type Book } from './books.server'
import { EBOOK_NAME_MAX, EBOOK_POSTS, EBOOK_TEXT_MAX, type ClassBookRule } from './constants'
import { claimExport, EXPORT_STALE_MS, exportedPdf, exportState, runExport } from './export.server'
import { BasicInfoSchema } from './schema'

/**
 * A class's e-books in one job (issue 38, decision 0053): for each chosen student, their book of
 * the journal with the posts a rule picks, its missing texts filled in, and its PDF, one student
 * after another. One job per journal at a time (the table's key), across clicks and processes; a
 * job whose process went quiet is taken over and goes on after the last student it finished.
 */
export type ClassBookSkip = 'noPosts' | 'noStars' | 'removed'
export type ClassBookResult = { studentId: number; bookId: number } | { studentId: number; reason: ClassBookSkip }

type FeelingName = (code: string, lang: 'en' | 'zh-TW' | 'ja') => string

/** The journal's students who may have a book: members not archived, by name. */
export async function classStudents(db: DB, journalId: number) {
  const rows = await db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name')])
    .where('m.journal_id', '=', journalId)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .orderBy('u.name')
    .orderBy('u.id')
    .execute()
  return rows.map((r) => ({ id: r.id, name: r.name ?? '' }))
}

/**
 * Starts the job unless one is running for the journal: 'started' when this caller must run it,
 * 'running' when another click or process already is. Students not in the class are left out.
 */
export async function startClassBooks(db: DB, input: { journalId: number; teacherId: number; studentIds: number[]; rule: ClassBookRule; newest: number; design: string }) {
  const inClass = new Set((await classStudents(db, input.journalId)).map((s) => s.id))
  const students = [...new Set(input.studentIds)].filter((id) => inClass.has(id))
  const at = nowIso()
  const fresh = { made_by: input.teacherId, rule: input.rule, newest: input.newest, design: input.design, student_ids: JSON.stringify(students), results: '[]', current_student_id: null, status: 'running' as const, started_at: at, heartbeat_at: at, finished_at: null }
  const inserted = await db.insertInto('class_book_jobs').values({ journal_id: input.journalId, ...fresh }).onConflict((oc) => oc.column('journal_id').doNothing()).executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 'started' as const
  // A finished job is replaced; a running one is left alone (its process carries on, or a page takes it over).
  const replaced = await db.updateTable('class_book_jobs').set(fresh).where('journal_id', '=', input.journalId).where('status', '!=', 'running').executeTakeFirst()
  return Number(replaced.numUpdatedRows) === 1 ? ('started' as const) : ('running' as const)
}

/** Takes over a running job whose process has gone quiet (a restart): true when this caller must run it. */
export async function claimStaleClassBooks(db: DB, journalId: number) {
  const taken = await db
    .updateTable('class_book_jobs')
    .set({ heartbeat_at: nowIso() })
    .where('journal_id', '=', journalId)
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', isoAgo(EXPORT_STALE_MS))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

/** Where the journal's job stands, with the students' names: for the page. */
export async function classBookJob(db: DB, journalId: number) {
  const job = await db.selectFrom('class_book_jobs').selectAll().where('journal_id', '=', journalId).executeTakeFirst()
  if (!job) return null
  const studentIds = JSON.parse(job.student_ids) as number[]
  const results = JSON.parse(job.results) as ClassBookResult[]
  const names = new Map(
    studentIds.length
      ? (await db.selectFrom('users').select((eb) => ['id', eb.fn.coalesce('name', 'account').as('name')]).where('id', 'in', studentIds).execute()).map((u) => [u.id, u.name ?? ''])
      : [],
  )
  let current: { name: string; page: number; pages: number } | null = null
  if (job.status === 'running' && job.current_student_id !== null) {
    const book = await db.selectFrom('ebooks').select('id').where('journal_id', '=', journalId).where('student_id', '=', job.current_student_id).executeTakeFirst()
    const state = book ? await exportState(db, book.id) : null
    current = { name: names.get(job.current_student_id) ?? '', page: state?.state === 'running' ? state.done : 0, pages: state?.state === 'running' ? state.total : 0 }
  }
  return {
    status: job.status,
    stale: job.status === 'running' && job.heartbeat_at < isoAgo(EXPORT_STALE_MS),
    total: studentIds.length,
    done: results.length,
    current,
    finishedAt: job.finished_at,
    results: results.map((r) => ({ ...r, name: names.get(r.studentId) ?? '' })),
  }
}

/** The posts the rule picks for a student's book, in diary order; none when the rule finds none. */
async function postsByRule(db: DB, book: Book, job: { rule: ClassBookRule; newest: number; teacherId: number }) {
  const published = db.selectFrom('posts as p').select('p.id').where('p.journal_id', '=', book.journalId).where('p.creator_id', '=', book.studentId).where('p.status', '=', POST_STATUS.published)
  if (job.rule === 'stars') {
    const starred = await published.innerJoin('post_collections as c', 'c.post_id', 'p.id').where('c.user_id', '=', job.teacherId).orderBy('p.diary_date', 'desc').orderBy('p.id', 'desc').limit(EBOOK_POSTS.max).execute()
    return starred.map((p) => p.id)
  }
  const newest = await published.orderBy('p.diary_date', 'desc').orderBy('p.id', 'desc').limit(Math.min(EBOOK_POSTS.max, Math.max(EBOOK_POSTS.min, job.newest))).execute()
  return newest.map((p) => p.id)
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

async function makeBook(db: DB, journalId: number, studentId: number, job: { rule: ClassBookRule; newest: number; design: string; teacherId: number }, feelingName: FeelingName): Promise<ClassBookResult> {
  const member = await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).executeTakeFirst()
  const who = { userId: job.teacherId, kind: 'teacher' as const }
  const bookId = member ? await openBook(db, journalId, studentId, who) : null
  const book = bookId === null ? null : await bookFor(db, bookId, who)
  if (!book) return { studentId, reason: 'removed' }
  // The student's own choice stands where they made one; else (and for the other rules) the rule picks.
  const made = await db.selectFrom('ebooks').select('made_as').where('id', '=', book.id).executeTakeFirstOrThrow()
  const chosen = await db.selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', book.id).execute()
  const keepOwn = job.rule === 'own' && made.made_as === 'student' && chosen.length >= EBOOK_POSTS.min
  if (!keepOwn) {
    const postIds = await postsByRule(db, book, job)
    if (postIds.length < EBOOK_POSTS.min) return { studentId, reason: job.rule === 'stars' ? 'noStars' : 'noPosts' }
    const chose = await choosePosts(db, book, postIds, job.design)
    if (!chose.ok) return { studentId, reason: 'noPosts' }
  }
  await fillMissingTexts(db, (await bookFor(db, book.id, who))!)
  if (await claimExport(db, book.id)) await runExport(db, book.id, feelingName)
  else await untilExported(db, book.id)
  return { studentId, bookId: book.id }
}

/**
 * Runs the journal's job to its end from where it stands: each student not done yet, their result
 * kept at once (a restart loses at most the book being made), the heartbeat on every student and
 * page. A job another process took over meanwhile (its results moved on) is left to that process.
 */
export async function runClassBooks(db: DB, journalId: number, feelingName: FeelingName) {
  const job = await db.selectFrom('class_book_jobs').selectAll().where('journal_id', '=', journalId).where('status', '=', 'running').executeTakeFirst()
  if (!job || job.made_by === null) return
  const settings = { rule: job.rule, newest: job.newest, design: job.design, teacherId: job.made_by }
  const results = JSON.parse(job.results) as ClassBookResult[]
  const ours = db.updateTable('class_book_jobs').where('journal_id', '=', journalId).where('status', '=', 'running').where('started_at', '=', job.started_at)
  try {
    for (const studentId of JSON.parse(job.student_ids) as number[]) {
      if (results.some((r) => r.studentId === studentId)) continue
      const beat = await ours.set({ current_student_id: studentId, heartbeat_at: nowIso() }).where('results', '=', JSON.stringify(results)).executeTakeFirst()
      if (Number(beat.numUpdatedRows) !== 1) return
      results.push(await makeBook(db, journalId, studentId, settings, feelingName))
      await ours.set({ results: JSON.stringify(results), heartbeat_at: nowIso() }).execute()
    }
    const at = nowIso()
    await ours.set({ status: 'done', current_student_id: null, heartbeat_at: at, finished_at: at }).execute()
  } catch (error) {
    await ours.set({ status: 'failed', current_student_id: null, heartbeat_at: nowIso(), finished_at: nowIso() }).execute()
    throw error
  }
}

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
