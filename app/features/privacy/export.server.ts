import { randomBytes } from 'node:crypto'
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { isoAgo, isoIn, nowIso } from '~/db/time'
import { postFramesMarkup } from '~/features/documents/post-frames.server'
import { documentPdf, typstText, type DocumentLang } from '~/features/documents/typst.server'
import { exportedPdf } from '~/features/ebooks/export.server'
import { withDetails } from '~/features/posts/feed.server'
import { behaviourName, emotionName } from '~/features/posts/names'
import { POST_STATUS } from '~/features/posts/constants'
import type { QuizQuestion } from '~/features/assessments/quiz'
import { optionOf } from '~/features/assessments/quiz'
import { DAY_MS, EXPORT_LINK_DAYS, EXPORT_STALE_MS } from './constants'
import { isStudentDataOpen } from '~/features/student-door.server'
import { zipWriter, type ZipWriter } from '~/features/jobs/zip.server'
import { formatDate } from '~/shared/dates'

/** The folder of the export files (DATA_DIR/exports on the server; a temporary folder in tests). */
export type ExportDir = string
const fileOf = (dir: ExportDir, token: string) => path.join(dir, `${token}.zip`)
/** Posts are read this many at a time, with their frames, feelings and comments. */
const BATCH = 100
/** The readable PDF holds this many posts a volume: a compiler's working set grows with its document, so a long diary is cut into parts. */
export const PDF_VOLUME = 250
const PICTURE_ID = /\/pictures\/([0-9a-f-]{36})$/

/**
 * Starts a student's export (decision 0047): a new running row claimed by this request, unless one is
 * running already for this student and journal (then that one). The caller runs it in the
 * background; `resumeStaleExports` takes over one whose process stopped.
 */
export async function startExport(db: DB, v: { journalId: number; studentId: number; userId: number; lang: string }) {
  const at = nowIso()
  try {
    const { id } = await db
      .insertInto('student_exports')
      .values({ journal_id: v.journalId, student_id: v.studentId, requested_by: v.userId, lang: v.lang, status: 'running', token: randomBytes(18).toString('base64url'), created_at: at, heartbeat_at: at, expires_at: isoIn(EXPORT_LINK_DAYS * DAY_MS), finished_at: null, size: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id, started: true }
  } catch (error) {
    if (!String(error).match(/unique|UNIQUE/)) throw error
    const running = await db.selectFrom('student_exports').select('id').where('journal_id', '=', v.journalId).where('student_id', '=', v.studentId).where('status', '=', 'running').executeTakeFirstOrThrow()
    return { id: running.id, started: false }
  }
}

/** A running export whose process went quiet, claimed by this one (one conditional update). */
export async function claimStale(db: DB, id: number) {
  const r = await db.updateTable('student_exports').set({ heartbeat_at: nowIso(), done: 0 }).where('id', '=', id).where('status', '=', 'running').where('heartbeat_at', '<', isoAgo(EXPORT_STALE_MS)).executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** Every export stopped with its process, taken over and run again here (the minute tick). */
export async function resumeStaleExports(db: DB, dir: ExportDir, translator: (lang: string) => TFunction) {
  const stale = await db.selectFrom('student_exports').select(['id', 'lang']).where('status', '=', 'running').where('heartbeat_at', '<', isoAgo(EXPORT_STALE_MS)).execute()
  for (const s of stale) if (await claimStale(db, s.id)) await runExport(db, s.id, dir, translator(s.lang))
}

/**
 * Makes the zip of a claimed export: the student's posts as JSON and as a readable PDF, their
 * pictures, the comments on them, their quiz answers, their e-books and a README of every file.
 * Written to a temporary file, renamed when whole; progress counts the posts, the pictures, the
 * books and the few files around them, beating the heartbeat as it goes.
 */
export async function runExport(db: DB, id: number, dir: ExportDir, t: TFunction) {
  const row = await db
    .selectFrom('student_exports as x')
    .innerJoin('journals as j', 'j.id', 'x.journal_id')
    .innerJoin('users as u', 'u.id', 'x.student_id')
    .select(['x.id', 'x.token', 'x.journal_id as journalId', 'x.student_id as studentId', 'x.lang', 'j.name as journal', 'j.speech_lang as speechLang', 'j.time_zone as timeZone', 'u.account', 'u.name', 'u.nickname', 'u.gender', 'u.birthday', 'u.created_at as since'])
    .where('x.id', '=', id)
    .executeTakeFirstOrThrow()
  mkdirSync(dir, { recursive: true })
  const partial = `${fileOf(dir, row.token)}.part`
  let zip: ZipWriter | null = null
  try {
    const [postIds, pictures, books] = await Promise.all([
      db.selectFrom('posts').select('id').where('journal_id', '=', row.journalId).where('creator_id', '=', row.studentId).orderBy('diary_date').orderBy('created_at').orderBy('id').execute(),
      picturesOf(db, row.journalId, row.studentId),
      db.selectFrom('ebooks').select(['id', 'name', 'about_author', 'thanks', 'postscript', 'made_as', 'created_at', 'edited_at']).where('journal_id', '=', row.journalId).where('student_id', '=', row.studentId).orderBy('id').execute(),
    ])
    const volumes = Math.max(1, Math.ceil(postIds.length / PDF_VOLUME))
    const total = postIds.length + pictures.length + books.length + 2 + volumes
    let done = 0
    let beatAt = 0
    const progress = async (n = 1) => {
      done += n
      // The heartbeat and the figure, at most twice a second: a write per post would cost more than the post.
      if (Date.now() - beatAt < 500 && done < total) return
      beatAt = Date.now()
      await db.updateTable('student_exports').set({ done, total, heartbeat_at: nowIso() }).where('id', '=', id).where('status', '=', 'running').execute()
    }
    await progress(0)
    zip = await zipWriter(partial)
    const pictureName = new Map(pictures.map((p) => [`/pictures/${p.id}`, `pictures/${p.id}.${extensionOf(p.contentType)}`]))

    // posts.json and the PDF's body, a batch of posts at a time.
    const json = await zip.text('posts.json')
    await json.write('[\n')
    const lang = (['en', 'zh-TW', 'ja'].includes(row.lang) ? row.lang : 'en') as DocumentLang
    let pdfBody: string[] = []
    let volume = 0
    // A volume of the readable PDF, written as soon as it is full: only one is ever in the compiler.
    const writeVolume = async () => {
      volume++
      const part = volumes > 1 ? t('studentFile.pdfPart', { part: volume, parts: volumes }) : ''
      const title = `${t('studentFile.pdfTitle', { name: row.name ?? row.account, journal: row.journal })}${part}`
      const pdf = await documentPdf([`= ${typstText(title)}`, typstText(t('studentFile.pdfIntro', { count: postIds.length, date: formatDate(nowIso(), row.timeZone) })), ...pdfBody].join('\n'), { lang, title })
      await zip!.file(volumes > 1 ? `posts-${volume}-of-${volumes}.pdf` : 'posts.pdf', pdf, { deflate: true })
      pdfBody = []
      await progress()
    }
    for (let i = 0; i < postIds.length; i += BATCH) {
      const ids = postIds.slice(i, i + BATCH).map((p) => p.id)
      const heads = await db.selectFrom('posts').select(['id', 'title', 'diary_date as diaryDate', 'location', 'happen_time as happenTime', 'status', 'score', 'created_at as createdAt', 'updated_at as updatedAt']).where('id', 'in', ids).execute()
      const byId = new Map(heads.map((h) => [h.id, h]))
      const posts = await withDetails(db, ids.map((pid) => byId.get(pid)!))
      for (const [k, p] of posts.entries()) {
        const post = {
          id: p.id,
          title: p.title,
          diaryDate: p.diaryDate,
          location: p.location,
          time: p.happenTime,
          writtenAt: p.createdAt,
          changedAt: p.updatedAt,
          sentBack: p.status === POST_STATUS.sentBack,
          score: p.score,
          frames: p.frames.map((f) => ({ type: f.type, text: f.message, picture: f.imgUrl ? (pictureName.get(f.imgUrl) ?? null) : null })),
          feelings: p.emotions.map((code) => ({ code, name: emotionName(code, t) })),
          behaviours: p.behaviours.map((code) => ({ code, name: behaviourName(code, t) })),
          // The comments the student saw: a filtered one never reached them.
          comments: p.comments.filter((c) => c.status !== 2).map((c) => ({ by: c.author, type: t(`comment.type${c.type}` as 'comment.type1'), text: c.comment, at: c.createdAt, onFrame: c.msgId })),
        }
        await json.write(`${i + k > 0 ? ',\n' : ''}${JSON.stringify(post, null, 2)}`)
        pdfBody.push(postMarkup(post, t, row.timeZone))
        if (pdfBody.length === PDF_VOLUME) await writeVolume()
      }
      await progress(posts.length)
    }
    await json.write('\n]\n')
    await json.close()
    if (pdfBody.length > 0 || volume === 0) await writeVolume()

    for (const p of pictures) {
      const picture = await db.selectFrom('post_pictures').select('data').where('id', '=', p.id).executeTakeFirst()
      if (picture) await zip.file(pictureName.get(`/pictures/${p.id}`)!, new Uint8Array(picture.data))
      await progress()
    }

    await zip.file('quiz-answers.json', new TextEncoder().encode(JSON.stringify(await quizAnswersOf(db, row.journalId, row.studentId), null, 2)), { deflate: true })
    await zip.file('profile.json', new TextEncoder().encode(JSON.stringify({ account: row.account, name: row.name, nickname: row.nickname, gender: row.gender, birthday: row.birthday, accountSince: row.since, journal: row.journal }, null, 2)), { deflate: true })
    await progress(2)

    const bookList = []
    for (const b of books) {
      const pdfOf = await exportedPdf(db, b.id)
      const pages = await db.selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', b.id).orderBy('position').execute()
      const file = pdfOf?.pdf ? `ebooks/book-${b.id}.pdf` : null
      if (file) await zip.file(file, new Uint8Array(pdfOf!.pdf!))
      bookList.push({ id: b.id, name: b.name, madeBy: b.made_as, aboutTheAuthor: b.about_author, thanks: b.thanks, postscript: b.postscript, posts: pages.map((x) => x.post_id), createdAt: b.created_at, editedAt: b.edited_at, pdf: file })
      await progress()
    }
    await zip.file('ebooks.json', new TextEncoder().encode(JSON.stringify(bookList, null, 2)), { deflate: true })
    await zip.file('README.txt', new TextEncoder().encode(readme(t, { name: row.name ?? row.account, journal: row.journal, posts: postIds.length, pictures: pictures.length, books: books.length, volumes, timeZone: row.timeZone })), { deflate: true })
    await zip.close()
    zip = null
    renameSync(partial, fileOf(dir, row.token))
    const { size } = await import('node:fs/promises').then((fs) => fs.stat(fileOf(dir, row.token)))
    const at = nowIso()
    await db.updateTable('student_exports').set({ status: 'done', done: total, total, size, finished_at: at, heartbeat_at: at }).where('id', '=', id).where('status', '=', 'running').execute()
  } catch (error) {
    zip?.abort()
    rmSync(partial, { force: true })
    await db.updateTable('student_exports').set({ status: 'failed', heartbeat_at: nowIso() }).where('id', '=', id).execute()
    throw error
  }
}

const extensionOf = (contentType: string) => (contentType === 'image/png' ? 'png' : contentType === 'image/webp' ? 'webp' : 'jpg')

/** The pictures of the student's posts in the journal: their ids and types (the bytes are read one at a time). */
async function picturesOf(db: DB, journalId: number, studentId: number) {
  const urls = await db
    .selectFrom('post_frames as f')
    .innerJoin('posts as p', 'p.id', 'f.post_id')
    .select('f.img_url')
    .distinct()
    .where('p.journal_id', '=', journalId)
    .where('p.creator_id', '=', studentId)
    .where('f.img_url', 'is not', null)
    .execute()
  const ids = urls.map((u) => PICTURE_ID.exec(u.img_url ?? '')?.[1]).filter((x): x is string => Boolean(x))
  if (ids.length === 0) return []
  return db.selectFrom('post_pictures').select(['id', 'content_type as contentType']).where('id', 'in', ids).where('owner_id', '=', studentId).orderBy('id').execute()
}

/** The student's answers to the journal's quizzes: each question with the answer chosen, as the student saw them. */
async function quizAnswersOf(db: DB, journalId: number, studentId: number) {
  const rows = await db
    .selectFrom('quiz_results as r')
    .innerJoin('journal_quizzes as run', 'run.id', 'r.run_id')
    .innerJoin('quizzes as q', 'q.id', 'run.quiz_id')
    .select(['r.answers', 'r.total', 'r.created_at as answeredAt', 'run.round', 'q.title', 'q.questions'])
    .where('r.journal_id', '=', journalId)
    .where('r.student_id', '=', studentId)
    .orderBy('r.created_at')
    .execute()
  return rows.map((r) => {
    const questions = JSON.parse(r.questions) as QuizQuestion[]
    const answers = JSON.parse(r.answers) as number[]
    return { quiz: r.title, round: r.round, answeredAt: r.answeredAt, total: r.total, answers: questions.map((q, i) => ({ question: q.title, answer: optionOf(q, answers[i])?.text ?? null, grade: answers[i] ?? null })) }
  })
}

type ExportedPost = { title: string; diaryDate: string; location: string; time: string; frames: { type: string; text: string; picture: string | null }[]; feelings: { name: string }[]; behaviours: { name: string }[]; comments: { by: string | null; type: string; text: string; at: string }[] }

/** One post in the readable PDF: its frames as written, its feelings and behaviours, the comments (their day in the school's zone); pictures by their file name in the zip. */
function postMarkup(p: ExportedPost, t: TFunction, timeZone: string) {
  const tr = t as unknown as (key: string, values?: Record<string, unknown>) => string
  const lines = [`== ${typstText(`${p.diaryDate} · ${p.title}`)}`]
  const where = [p.location, p.time].filter(Boolean).join(' · ')
  if (where) lines.push(`#text(fill: luma(90))[${typstText(where)}]`, '')
  const frames = p.frames.map((f) => ({ type: f.type, text: f.text, picture: f.picture ? tr('studentFile.pictureFile', { file: f.picture }) : null }))
  for (const paragraph of postFramesMarkup({ frames, feelings: p.feelings.map((x) => x.name), behaviours: p.behaviours.map((x) => x.name) }, t)) lines.push(paragraph, '')
  for (const c of p.comments) lines.push(`#block(inset: (left: 8pt), stroke: (left: 1pt + luma(180)))[${typstText(`${c.by ?? ''} (${c.type}, ${formatDate(c.at, timeZone)}): ${c.text}`)}]`)
  return lines.join('\n')
}

/** README.txt: what each file of the zip is, in the requester's language; its day in the school's zone (decision 0063), and the zones of the files' times said. */
function readme(t: TFunction, v: { name: string; journal: string; posts: number; pictures: number; books: number; volumes: number; timeZone: string }) {
  const tr = t as unknown as (key: string, values?: Record<string, unknown>) => string
  return [
    tr('studentFile.readmeTitle', { name: v.name, journal: v.journal }),
    tr('studentFile.readmeMade', { date: formatDate(nowIso(), v.timeZone) }),
    tr('studentFile.readmeTimes', { zone: v.timeZone }),
    '',
    `posts.json       ${tr('studentFile.readmePostsJson', { count: v.posts })}`,
    v.volumes > 1 ? `posts-N-of-${v.volumes}.pdf ${tr('studentFile.readmePostsPdfParts', { count: v.volumes, size: PDF_VOLUME })}` : `posts.pdf        ${tr('studentFile.readmePostsPdf')}`,
    `pictures/        ${tr('studentFile.readmePictures', { count: v.pictures })}`,
    `quiz-answers.json ${tr('studentFile.readmeQuiz')}`,
    `ebooks.json      ${tr('studentFile.readmeBooks', { count: v.books })}`,
    `ebooks/          ${tr('studentFile.readmeBookPdfs')}`,
    `profile.json     ${tr('studentFile.readmeProfile')}`,
    '',
    tr('studentFile.readmeNotIncluded'),
    '',
  ].join('\r\n')
}

/** A student's exports in a journal, newest first, with who asked and where each stands. */
export async function exportsOf(db: DB, journalId: number, studentId: number) {
  return db
    .selectFrom('student_exports as x')
    .leftJoin('users as u', 'u.id', 'x.requested_by')
    .select((eb) => ['x.id', 'x.status', 'x.done', 'x.total', 'x.size', 'x.created_at as createdAt', 'x.expires_at as expiresAt', 'x.heartbeat_at as heartbeatAt', eb.fn.coalesce('u.name', 'u.account').as('by')])
    .where('x.journal_id', '=', journalId)
    .where('x.student_id', '=', studentId)
    .orderBy('x.id', 'desc')
    .limit(10)
    .execute()
}

export type ExportAccess = { ok: true; file: string; size: number; name: string } | { ok: false; why: 'missing' | 'expired' | 'running' | 'failed' | 'closed' }

/**
 * A finished export's file for download: refused when it expired, is still being made, failed or
 * is not this student's in this journal, and while the student's erasure waits or their account is
 * locked (rule 12: `closed`, until an undo).
 */
export async function exportFile(db: DB, dir: ExportDir, v: { journalId: number; studentId: number; exportId: number }, now = new Date()): Promise<ExportAccess> {
  const x = await db
    .selectFrom('student_exports as x')
    .innerJoin('users as u', 'u.id', 'x.student_id')
    .innerJoin('journals as j', 'j.id', 'x.journal_id')
    .select(['x.status', 'x.token', 'x.size', 'x.expires_at as expiresAt', 'x.created_at as createdAt', 'u.account', 'j.time_zone as timeZone'])
    .where('x.id', '=', v.exportId)
    .where('x.journal_id', '=', v.journalId)
    .where('x.student_id', '=', v.studentId)
    .executeTakeFirst()
  if (!x) return { ok: false, why: 'missing' }
  if (!(await isStudentDataOpen(db, v.studentId))) return { ok: false, why: 'closed' }
  if (x.expiresAt <= now.toISOString()) return { ok: false, why: 'expired' }
  if (x.status !== 'done') return { ok: false, why: x.status === 'running' ? 'running' : 'failed' }
  return { ok: true, file: fileOf(dir, x.token), size: x.size ?? 0, name: `${x.account.replace(/[^A-Za-z0-9._-]+/g, '_')}-${formatDate(x.createdAt, x.timeZone)}.zip` }
}

/** Once a day: expired exports' files are removed and their rows marked by the expiry alone (the link refuses them). */
export async function removeExpiredExports(db: DB, dir: ExportDir, now = new Date()) {
  const expired = await db.selectFrom('student_exports').select(['id', 'token']).where('expires_at', '<=', now.toISOString()).where('size', 'is not', null).execute()
  for (const x of expired) rmSync(fileOf(dir, x.token), { force: true })
  if (expired.length) await db.updateTable('student_exports').set({ size: null }).where('id', 'in', expired.map((x) => x.id)).execute()
  return expired.length
}

/** The files of exports, for the erasure (after its rows are gone): the zips and any partial ones. */
export function removeExportFiles(dir: ExportDir, tokens: string[]) {
  for (const token of tokens) {
    rmSync(fileOf(dir, token), { force: true })
    rmSync(`${fileOf(dir, token)}.part`, { force: true })
  }
}
