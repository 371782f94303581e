import type { DB } from '~/db/connect.server'
import { isoAgo, nowIso } from '~/db/time'
import { studentDataOpen } from '~/features/student-door.server'
import { classStudents } from '~/features/students/list.server'

/**
 * Work for a whole class in one job (decision 0053): the class's e-books, the
 * parent-meeting pack. One job per journal and kind at a time (the table's key), across clicks and
 * processes; each student's result is kept as soon as it is made, so a job whose process went
 * quiet is taken over and goes on after the last student it finished.
 */
export type ClassJobKind = 'books' | 'packs'
/** A running job whose process has not been heard of for this long is taken over (a restart). */
export const CLASS_JOB_STALE_MS = 30_000

export interface ClassJobWork<Settings, Result extends { studentId: number }> {
  /** One student's part: its result is kept at once. */
  each: (studentId: number, settings: Settings, madeBy: number) => Promise<Result>
  /** After the last student: what the job makes as one file, if any. */
  finish?: (results: Result[], settings: Settings, madeBy: number) => Promise<Buffer | null>
}

/**
 * Starts a job unless one of its kind is running for the journal: 'started' when this caller must
 * run it, 'running' when another click or process already is. Students not in the class are left out.
 */
export async function startClassJob(db: DB, v: { journalId: number; kind: ClassJobKind; madeBy: number; settings: object; studentIds: number[] }) {
  const inClass = new Set((await classStudents(db, v.journalId)).map((s) => s.id))
  const students = [...new Set(v.studentIds)].filter((id) => inClass.has(id))
  const at = nowIso()
  const fresh = { made_by: v.madeBy, settings: JSON.stringify(v.settings), student_ids: JSON.stringify(students), results: '[]', current_student_id: null, status: 'running' as const, file: null, started_at: at, heartbeat_at: at, finished_at: null }
  const inserted = await db.insertInto('class_jobs').values({ journal_id: v.journalId, kind: v.kind, ...fresh }).onConflict((oc) => oc.columns(['journal_id', 'kind']).doNothing()).executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return 'started' as const
  // A finished job is replaced; a running one is left alone (its process carries on, or a page takes it over).
  const replaced = await db.updateTable('class_jobs').set(fresh).where('journal_id', '=', v.journalId).where('kind', '=', v.kind).where('status', '!=', 'running').executeTakeFirst()
  return Number(replaced.numUpdatedRows) === 1 ? ('started' as const) : ('running' as const)
}

/** Takes over a running job whose process has gone quiet: true for one caller, who must run it. */
export async function claimStaleClassJob(db: DB, journalId: number, kind: ClassJobKind) {
  const taken = await db
    .updateTable('class_jobs')
    .set({ heartbeat_at: nowIso() })
    .where('journal_id', '=', journalId)
    .where('kind', '=', kind)
    .where('status', '=', 'running')
    .where('heartbeat_at', '<', isoAgo(CLASS_JOB_STALE_MS))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) === 1
}

/** Where the journal's job of this kind stands, its students named (the page's figures); null when none ever ran. */
export async function classJobState<Settings, Result extends { studentId: number }>(db: DB, journalId: number, kind: ClassJobKind) {
  const job = await db
    .selectFrom('class_jobs')
    .select(['settings', 'student_ids', 'results', 'current_student_id', 'status', 'heartbeat_at', 'finished_at', (eb) => eb('file', 'is not', null).as('hasFile')])
    .where('journal_id', '=', journalId)
    .where('kind', '=', kind)
    .executeTakeFirst()
  if (!job) return null
  const studentIds = JSON.parse(job.student_ids) as number[]
  const made = JSON.parse(job.results) as Result[]
  // Rule 12: the students whose data is open now; the others' results are withheld (a book is not
  // sent, the pack's one PDF is not given) until their erasure is undone, or gone with it.
  const names = new Map(
    studentIds.length ? (await db.selectFrom('users as u').select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name')]).where('u.id', 'in', studentIds).where(studentDataOpen('u.id')).execute()).map((u) => [u.id, u.name ?? '']) : [],
  )
  const results = made.filter((r) => names.has(r.studentId))
  const current = job.status === 'running' && job.current_student_id !== null ? { id: job.current_student_id, name: names.get(job.current_student_id) ?? '' } : null
  return {
    settings: JSON.parse(job.settings) as Settings,
    status: job.status,
    stale: job.status === 'running' && job.heartbeat_at < isoAgo(CLASS_JOB_STALE_MS),
    total: studentIds.length,
    done: made.length,
    current,
    finishedAt: job.finished_at,
    hasFile: Boolean(job.hasFile),
    /** How many students of the job are closed now (rule 12): a file that holds them is not given. */
    withheld: made.length - results.length,
    results: results.map((r) => ({ ...r, name: names.get(r.studentId) ?? '' })),
  }
}

/** The file a finished job made (the pack's PDF), or null. */
export async function classJobFile(db: DB, journalId: number, kind: ClassJobKind) {
  const row = await db.selectFrom('class_jobs').select(['file', 'finished_at']).where('journal_id', '=', journalId).where('kind', '=', kind).where('status', '=', 'done').executeTakeFirst()
  return row?.file ? { file: row.file, finishedAt: row.finished_at } : null
}

/**
 * Runs the journal's job to its end from where it stands: each student not done yet, their result
 * kept at once (a restart loses at most the student being made), the heartbeat on every student.
 * A job another process took over meanwhile (its results moved on) is left to that process.
 */
export async function runClassJob<Settings, Result extends { studentId: number }>(db: DB, journalId: number, kind: ClassJobKind, work: ClassJobWork<Settings, Result>) {
  const job = await db.selectFrom('class_jobs').selectAll().where('journal_id', '=', journalId).where('kind', '=', kind).where('status', '=', 'running').executeTakeFirst()
  if (!job || job.made_by === null) return
  const settings = JSON.parse(job.settings) as Settings
  const results = JSON.parse(job.results) as Result[]
  const ours = db.updateTable('class_jobs').where('journal_id', '=', journalId).where('kind', '=', kind).where('status', '=', 'running').where('started_at', '=', job.started_at)
  try {
    for (const studentId of JSON.parse(job.student_ids) as number[]) {
      if (results.some((r) => r.studentId === studentId)) continue
      const beat = await ours.set({ current_student_id: studentId, heartbeat_at: nowIso() }).where('results', '=', JSON.stringify(results)).executeTakeFirst()
      if (Number(beat.numUpdatedRows) !== 1) return
      results.push(await work.each(studentId, settings, job.made_by))
      await ours.set({ results: JSON.stringify(results), heartbeat_at: nowIso() }).execute()
    }
    const file = work.finish ? await work.finish(results, settings, job.made_by) : null
    const at = nowIso()
    await ours.set({ status: 'done', file, current_student_id: null, heartbeat_at: at, finished_at: at }).execute()
  } catch (error) {
    await ours.set({ status: 'failed', current_student_id: null, heartbeat_at: nowIso(), finished_at: nowIso() }).execute()
    throw error
  }
}

// The jobs this process is running now: one run per journal and kind.
const running = new Map<string, Promise<void>>()

/** Runs a job in the background of this process (a page reads its progress from the database). */
export function classJobInBackground(journalId: number, kind: ClassJobKind, run: () => Promise<void>) {
  const key = `${kind}:${journalId}`
  if (running.has(key)) return
  const job = run()
    .catch((error: unknown) => console.error(`journal ${journalId}: the class's ${kind} job failed`, error))
    .finally(() => running.delete(key))
  running.set(key, job)
}
