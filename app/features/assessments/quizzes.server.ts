import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { PLATFORM_QUIZZES } from './platform-quizzes'
import { isValidQuiz, type QuizQuestion } from './quiz'

/** The platform's quizzes, each language's once: a quiz added later reaches existing databases at the next start. */
export async function seedPlatformQuizzes(db: DB) {
  const have = new Set((await db.selectFrom('quizzes').select(['lang', 'title']).execute()).map((q) => `${q.lang}:${q.title}`))
  const missing = PLATFORM_QUIZZES.filter((q) => !have.has(`${q.lang}:${q.title}`))
  for (const q of missing) if (!isValidQuiz(q.questions)) throw new Error(`quiz ${q.key} (${q.lang}) has a question without distinct grades`)
  if (missing.length) {
    const at = nowIso()
    await db.insertInto('quizzes').values(missing.map((q) => ({ lang: q.lang, title: q.title, description: q.description, questions: JSON.stringify(q.questions), created_at: at }))).execute()
  }
}

/** A platform quiz's languages share its key; any other quiz is its own. */
const quizKey = (q: { id: number; lang: string; title: string }) => PLATFORM_QUIZZES.find((p) => p.lang === q.lang && p.title === q.title)?.key ?? `#${q.id}`
/** A text language (zh-Hant, en, ja) or a locale as a quiz's language. */
const quizLang = (lang: string) => (lang.startsWith('zh') ? 'zh-TW' : lang)

/**
 * The quizzes a teacher may open (decision 0044): one entry per quiz, not one per language, named in
 * the reader's language; it opens the quiz in the journal's language (its students answer it),
 * else in the reader's, else any.
 */
export async function quizChoices(db: DB, journalLang: string, readerLocale: string) {
  const rows = await db.selectFrom('quizzes').select(['id', 'lang', 'title']).orderBy('id').execute()
  const quizzes = new Map<string, typeof rows>()
  for (const row of rows) quizzes.set(quizKey(row), [...(quizzes.get(quizKey(row)) ?? []), row])
  return [...quizzes.values()].map((variants) => {
    const inLang = (lang: string) => variants.find((v) => v.lang === quizLang(lang))
    const opened = inLang(journalLang) ?? inLang(readerLocale) ?? variants[0]
    return { id: opened.id, title: (inLang(readerLocale) ?? opened).title }
  })
}

/** A quiz's questions, or null. */
export async function quizQuestions(db: DB, quizId: number) {
  const row = await db.selectFrom('quizzes').select(['id', 'title', 'description', 'questions']).where('id', '=', quizId).executeTakeFirst()
  return row ? { id: row.id, title: row.title, description: row.description, questions: JSON.parse(row.questions) as QuizQuestion[] } : null
}

/** A journal's runs, newest first, with how many answered. */
export async function runsOf(db: DB, journalId: number) {
  return db
    .selectFrom('journal_quizzes as r')
    .innerJoin('quizzes as q', 'q.id', 'r.quiz_id')
    .select((eb) => [
      'r.id', 'r.quiz_id as quizId', 'r.round', 'r.opened_at as openedAt', 'r.closed_at as closedAt', 'q.title', 'q.lang',
      eb.selectFrom('quiz_results as a').select(eb.fn.countAll<number>().as('n')).whereRef('a.run_id', '=', 'r.id').as('answered'),
    ])
    .where('r.journal_id', '=', journalId)
    .orderBy('r.opened_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, answered: Number(r.answered ?? 0), open: r.closedAt === null })))
}
export type Run = Awaited<ReturnType<typeof runsOf>>[number]

export type RunChange = { ok: true } | { ok: false; error: 'quiz.alreadyOpen' | 'quiz.noSuchQuiz' }

const isUniqueViolation = (e: unknown) => /unique|duplicate/i.test(String((e as Error)?.message ?? e))

/**
 * Opens a quiz in a journal as its next round. A quiz already open there is refused: a post-test is
 * opened once the pre-test is closed, and a double click opens one run (the partial unique index
 * decides a race).
 */
export async function openRun(db: DB, journalId: number, quizId: number, teacherId: number): Promise<RunChange> {
  const quiz = await db.selectFrom('quizzes').select('id').where('id', '=', quizId).executeTakeFirst()
  if (!quiz) return { ok: false, error: 'quiz.noSuchQuiz' }
  try {
    await db.transaction().execute(async (trx) => {
      const last = await trx.selectFrom('journal_quizzes').select((eb) => eb.fn.max('round').as('round')).where('journal_id', '=', journalId).where('quiz_id', '=', quizId).executeTakeFirst()
      await trx.insertInto('journal_quizzes').values({ journal_id: journalId, quiz_id: quizId, round: Number(last?.round ?? 0) + 1, opened_by: teacherId, opened_at: nowIso(), closed_at: null }).execute()
    })
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, error: 'quiz.alreadyOpen' }
    throw e
  }
  return { ok: true }
}

/** Closes a run (students can no longer answer it) or opens it again if no other run of its quiz is open. */
export async function setRunOpen(db: DB, journalId: number, runId: number, open: boolean): Promise<RunChange> {
  try {
    const done = await db
      .updateTable('journal_quizzes')
      .set({ closed_at: open ? null : sql<string>`coalesce(closed_at, ${nowIso()})` })
      .where('id', '=', runId)
      .where('journal_id', '=', journalId)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) === 0) return { ok: false, error: 'quiz.noSuchQuiz' }
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, error: 'quiz.alreadyOpen' }
    throw e
  }
  return { ok: true }
}
