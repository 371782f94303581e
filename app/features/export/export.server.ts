import type { TFunction } from 'i18next'
import { PassThrough } from 'node:stream'
import type { DB } from '~/db/connect.server'
import { COMMENT_STATUS, POST_STATUS } from '~/features/posts/constants'
import { behaviourName, emotionName } from '~/features/posts/names'
import { POST_HEAD, withDetails } from '~/features/posts/feed.server'
import { isReportDate } from '~/features/reports/range'
import { parseId } from '~/shared/lists'
import { studentDataOpen } from '~/features/student-door.server'
import { currentTimeZone } from '~/shared/time-zone'
import { formatDateTime } from '~/shared/dates'
import { exportCell } from './cells'

/** What the export page asks for (spec 2 export page). */
export interface ExportRequest {
  journalId: number
  format: 'raw' | 'bcard'
  start: string
  end: string
  /** Chosen students; null for all. */
  studentIds: number[] | null
  sort: 'time' | 'name'
  order: 'asc' | 'desc'
  /** The zone the posting times are written in: the pages' own (captured with the request, as the file streams on after it). */
  timeZone: string
}

/** Spec 3 export codes: 13000 generating, 13001 generating but not all, -13001 a B-card without comments. */
export type ExportCheck = { code: '13000' | '13001'; posts: number; missing: string[] } | { code: 'no-data' | '-13001' }

const BATCH = 1000

function postsOf(db: DB, r: ExportRequest) {
  return db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .where('p.journal_id', '=', r.journalId)
    .where('p.diary_date', '>=', r.start)
    .where('p.diary_date', '<=', r.end)
    // Rule 12: nothing of a student whose erasure waits, or whose account is locked.
    .where(studentDataOpen('p.creator_id'))
    .$if(r.studentIds !== null, (q) => q.where('p.creator_id', 'in', r.studentIds!.length ? r.studentIds! : [-1]))
}

/** The students whose posts an export holds: each has been looked at (decision 0047, who looked). */
export async function writersOf(db: DB, r: ExportRequest) {
  return (await postsOf(db, r).select('p.creator_id as id').distinct().execute()).map((w) => Number(w.id))
}

/**
 * Before a file is made: is there anything to export, and did every chosen student write in the
 * range (13001 names those who did not)? A B-card needs at least one comment (-13001).
 */
export async function checkExport(db: DB, r: ExportRequest): Promise<ExportCheck> {
  const [count, writers, commented] = await Promise.all([
    postsOf(db, r).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    r.studentIds ? postsOf(db, r).select('p.creator_id as id').distinct().execute() : [],
    r.format === 'bcard'
      ? postsOf(db, r)
          .select('p.id')
          .where((eb) => eb.exists(eb.selectFrom('comments as c').select('c.id').whereRef('c.post_id', '=', 'p.id').where('c.status', '=', COMMENT_STATUS.visible)))
          .limit(1)
          .executeTakeFirst()
      : null,
  ])
  if (Number(count.n) === 0) return { code: 'no-data' }
  if (r.format === 'bcard' && !commented) return { code: '-13001' }
  const missingIds = (r.studentIds ?? []).filter((id) => !writers.some((w) => Number(w.id) === id))
  const missing = missingIds.length
    ? (await db.selectFrom('users').select((eb) => eb.fn.coalesce('name', 'account').as('name')).where('id', 'in', missingIds).execute()).map((u) => u.name)
    : []
  return { code: missing.length ? '13001' : '13000', posts: Number(count.n), missing }
}

const headOf = (db: DB, r: ExportRequest) =>
  postsOf(db, r).select((eb) => [...POST_HEAD, 'p.created_at as createdAt', 'u.account', eb.fn.coalesce('u.name', 'u.account').as('author')])
type Head = Awaited<ReturnType<ReturnType<typeof headOf>['execute']>>[number]
type Post = Awaited<ReturnType<typeof withDetails<Head>>>[number]

/**
 * The posts in the export's order, a batch at a time, so memory stays flat however big the journal.
 * By time: keyset pages over (diary date, id). By name: student by student (each a short query on
 * the journal-creator index), the students in name order.
 */
async function* batches(db: DB, r: ExportRequest): AsyncGenerator<Post[]> {
  const head = headOf(db, r)
  const dir = r.order
  if (r.sort === 'time') {
    let after: { date: string; id: number } | null = null
    for (;;) {
      const cursor: { date: string; id: number } | null = after
      const rows: Head[] = await head
        .$if(cursor !== null, (q) =>
          q.where((eb) =>
            eb.or([eb('p.diary_date', dir === 'asc' ? '>' : '<', cursor!.date), eb.and([eb('p.diary_date', '=', cursor!.date), eb('p.id', dir === 'asc' ? '>' : '<', cursor!.id)])]),
          ),
        )
        .orderBy('p.diary_date', dir)
        .orderBy('p.id', dir)
        .limit(BATCH)
        .execute()
      if (rows.length === 0) return
      yield await withDetails(db, rows)
      const last: Head = rows[rows.length - 1]
      after = { date: last.diaryDate, id: last.id }
      if (rows.length < BATCH) return
    }
  }
  const students = await postsOf(db, r)
    .select((eb) => ['p.creator_id as id', eb.fn.coalesce('u.name', 'u.account').as('name')])
    .distinct()
    .execute()
  students.sort((a, b) => (dir === 'asc' ? 1 : -1) * (a.name.localeCompare(b.name) || a.id - b.id))
  for (const s of students) {
    const rows = await head.where('p.creator_id', '=', s.id).orderBy('p.diary_date', 'asc').orderBy('p.id', 'asc').execute()
    for (let i = 0; i < rows.length; i += BATCH) yield await withDetails(db, rows.slice(i, i + BATCH))
  }
}

const names = {
  emotions: (codes: string[], t: TFunction) => codes.map((c) => emotionName(c, t)).join(', '),
  behaviours: (codes: number[], t: TFunction) => codes.map((c) => behaviourName(c, t)).join(', '),
}
const frameText = (post: Post, type: string) => post.frames.find((f) => f.type === type)?.message ?? ''

/** One row of the raw-data sheet: the post as the student wrote it. */
function rawRow(post: Post, t: TFunction, timeZone: string) {
  return [
    post.id,
    post.account,
    post.author,
    post.diaryDate,
    formatDateTime(post.createdAt, timeZone),
    post.title,
    post.location ?? '',
    post.happenTime ?? '',
    frameText(post, 'event'),
    names.emotions(post.emotions, t),
    names.behaviours(post.behaviours, t),
    frameText(post, 'behavior'),
    post.status === POST_STATUS.sentBack ? t('news.sentBack') : t('export.published'),
    post.comments.filter((c) => c.status === COMMENT_STATUS.visible).length,
  ]
}

/** One row of the B-card sheet: the post and the teachers' feedback on it, one comment a line. */
function bcardRow(post: Post, t: TFunction) {
  const comments = post.comments
    .filter((c) => c.status === COMMENT_STATUS.visible)
    .map((c) => `[${t(`comment.type${c.type}` as 'comment.type1')}] ${c.author}: ${c.comment}`)
    .join('\n')
  return [post.author, post.account, post.diaryDate, post.title, frameText(post, 'event'), names.emotions(post.emotions, t), names.behaviours(post.behaviours, t), frameText(post, 'behavior'), comments]
}

/**
 * The export as a streamed .xlsx (exceljs' streaming writer: rows are written and let go as they
 * come). Every text goes in as a string cell, never a formula, so a student's "=..." stays text,
 * and is made safe for a CSV saved from the sheet too (exportCell). exceljs (about 25 MB in memory)
 * is loaded at the first export, not at start-up.
 */
export function exportWorkbook(db: DB, r: ExportRequest, t: TFunction) {
  const out = new PassThrough()
  const raw = r.format === 'raw'
  const header = raw
    ? ['postId', 'account', 'student', 'diaryDate', 'postedAt', 'title', 'place', 'time', 'event', 'feelings', 'behaviour', 'behaviourText', 'status', 'comments']
    : ['student', 'account', 'diaryDate', 'title', 'event', 'feelings', 'behaviour', 'behaviourText', 'comments']
  const run = async () => {
    const { default: ExcelJS } = await import('exceljs')
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
    const sheet = workbook.addWorksheet(raw ? t('export.rawSheet') : t('export.bcardSheet'))
    sheet.addRow(header.map((h) => t(`export.col_${h}` as 'export.col_title'))).commit()
    for await (const batch of batches(db, r)) {
      for (const post of batch) sheet.addRow((raw ? rawRow(post, t, r.timeZone) : bcardRow(post, t)).map(exportCell)).commit()
    }
    sheet.commit()
    await workbook.commit()
  }
  run().catch((error: unknown) => {
    console.error('export failed', error instanceof Error ? error.message : error)
    out.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return out
}

/**
 * The export the URL asks for, checked (spec 2 validation): both dates real, the end not before the
 * start, neither in the future (else the no-date dialog); chosen students must be the journal's.
 */
export async function exportRequestOf(db: DB, params: URLSearchParams, journalId: number, today: string): Promise<{ ok: true; request: ExportRequest } | { ok: false; error: 'no-date' | 'students' }> {
  const start = params.get('start') ?? ''
  const end = params.get('end') ?? ''
  if (!isReportDate(start) || !isReportDate(end) || end < start || end > today || start > today) return { ok: false, error: 'no-date' }
  let studentIds: number[] | null = null
  if (params.get('students') === 'selected') {
    const asked = params.getAll('sid').map(parseId).filter((id) => id !== null)
    studentIds = asked.length
      ? (await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('role', '=', 'student').where('user_id', 'in', asked).execute()).map((m) => m.user_id)
      : []
    if (studentIds.length === 0) return { ok: false, error: 'students' }
  }
  return {
    ok: true,
    request: {
      journalId,
      format: params.get('format') === 'bcard' ? 'bcard' : 'raw',
      start,
      end,
      studentIds,
      sort: params.get('sort') === 'name' ? 'name' : 'time',
      order: params.get('order') === 'desc' ? 'desc' : 'asc',
      timeZone: currentTimeZone(),
    },
  }
}

/** The journal's students to choose from, by name. */
export const exportStudents = (db: DB, journalId: number) =>
  db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name')])
    .where('m.journal_id', '=', journalId)
    .where('m.role', '=', 'student')
    .orderBy('name')
    .execute()
