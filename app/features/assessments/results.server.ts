import { randomUUID } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { containsPattern, nameMatches, pageOfList } from '~/features/lists.server'
import { studentDataOpen } from '~/features/student-door.server'
import { optionOf, type QuizQuestion } from './quiz'
import { quizQuestions, type Run } from './quizzes.server'

/** Results of a journal (a, with their run r, quiz z and student u), optionally of students whose name or account contains `q`. */
export function resultsOf(db: DB, journalId: number, q: string) {
  return db
    .selectFrom('quiz_results as a')
    .innerJoin('journal_quizzes as r', 'r.id', 'a.run_id')
    .innerJoin('quizzes as z', 'z.id', 'r.quiz_id')
    .innerJoin('users as u', 'u.id', 'a.student_id')
    .where('a.journal_id', '=', journalId)
    // Rule 12: nothing of a student whose erasure waits, or whose account is locked.
    .where(studentDataOpen('a.student_id'))
    .$if(q !== '', (qb) => qb.where(nameMatches(containsPattern(q))))
}

/** The results list (spec 3 assessment list item): newest first, 10 a page. */
export async function resultList(db: DB, { journalId, q, page }: { journalId: number; q: string; page: number }) {
  return pageOfList(
    page,
    async () => (await resultsOf(db, journalId, q).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
    (offset, limit) =>
      resultsOf(db, journalId, q)
        .select((eb) => ['a.uuid', 'a.student_id as userId', eb.fn.coalesce('u.name', 'u.account').as('userName'), 'u.account', 'z.title', 'r.round', 'a.total', 'a.created_at as createDate'])
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
  )
}

/** Each question beside the chosen answer: the stored grade mapped back to its option's text. */
export function answeredQuestions(questions: QuizQuestion[], answers: number[]) {
  return questions.map((q, i) => ({ title: q.title, grade: answers[i] ?? null, text: optionOf(q, answers[i])?.text ?? null }))
}

/** One result of the journal by its uuid, or null (another journal's uuid is unknown here too). */
export async function resultOf(db: DB, journalId: number, uuid: string) {
  if (!/^[0-9a-f-]{36}$/i.test(uuid)) return null
  const row = await resultsOf(db, journalId, '')
    .select((eb) => ['a.uuid', 'a.student_id as userId', eb.fn.coalesce('u.nickname', 'u.name', 'u.account').as('nickname'), 'u.email', 'u.account', 'u.avatar_url as avatarUrl', 'z.id as quizId', 'z.title', 'r.round', 'a.answers', 'a.total', 'a.created_at as createDate'])
    .where('a.uuid', '=', uuid.toLowerCase())
    .executeTakeFirst()
  if (!row) return null
  const quiz = (await quizQuestions(db, row.quizId))!
  return { ...row, answers: answeredQuestions(quiz.questions, JSON.parse(row.answers) as number[]) }
}

/** How many chose each option of each question in a run: the summary's bars and figures. */
export async function runSummary(db: DB, run: Pick<Run, 'id' | 'quizId'>) {
  const quiz = (await quizQuestions(db, run.quizId))!
  const rows = await db.selectFrom('quiz_results as a').select(['a.answers', 'a.total']).where('a.run_id', '=', run.id).where(studentDataOpen('a.student_id')).execute()
  const sheets = rows.map((r) => JSON.parse(r.answers) as number[])
  const answered = sheets.length
  const questions = quiz.questions.map((q, i) => ({
    title: q.title,
    options: q.options.map((o) => {
      const count = sheets.filter((s) => s[i] === o.grade).length
      return { grade: o.grade, text: o.text, count, percent: answered ? Math.round((count * 100) / answered) : 0 }
    }),
  }))
  const average = answered ? rows.reduce((sum, r) => sum + r.total, 0) / answered : null
  return { answered, average, questions }
}

/**
 * A quiz run more than once in the journal: each student's total in its first and its latest run
 * and the change, the largest drops first (the students a teacher should look at).
 */
export async function changesOf(db: DB, journalId: number, quizId: number) {
  const runs = await db.selectFrom('journal_quizzes').select(['id', 'round']).where('journal_id', '=', journalId).where('quiz_id', '=', quizId).orderBy('round').execute()
  if (runs.length < 2) return null
  const [first, last] = [runs[0], runs[runs.length - 1]]
  const rows = await db
    .selectFrom('quiz_results as b')
    .innerJoin('quiz_results as a', (j) => j.onRef('a.student_id', '=', 'b.student_id').on('a.run_id', '=', last.id))
    .innerJoin('users as u', 'u.id', 'b.student_id')
    .select((eb) => ['b.student_id as userId', eb.fn.coalesce('u.name', 'u.account').as('userName'), 'b.total as before', 'a.total as after', 'a.uuid'])
    .where('b.run_id', '=', first.id)
    .where(studentDataOpen('b.student_id'))
    .execute()
  const changes = rows.map((r) => ({ ...r, change: r.after - r.before })).sort((x, y) => x.change - y.change || x.userName.localeCompare(y.userName))
  return { firstRound: first.round, lastRound: last.round, changes }
}

export type Submitted = 'saved' | 'already' | 'closed'

/**
 * A student's answers to a run: stored once. A second submission (another tab, a double click, a
 * race) finds the unique (run, student) row and is refused; a closed run takes none.
 */
export async function submitAnswers(db: DB, v: { journalId: number; runId: number; studentId: number; answers: number[]; total: number }): Promise<Submitted> {
  const run = await db.selectFrom('journal_quizzes').select('closed_at').where('id', '=', v.runId).where('journal_id', '=', v.journalId).executeTakeFirst()
  if (!run || run.closed_at !== null) return 'closed'
  const inserted = await db
    .insertInto('quiz_results')
    .values({ uuid: randomUUID(), run_id: v.runId, journal_id: v.journalId, student_id: v.studentId, answers: JSON.stringify(v.answers), total: v.total, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['run_id', 'student_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted ? 'saved' : 'already'
}

/** The runs a student sees: the open ones, and those they answered (with the date). */
export async function studentRuns(db: DB, journalId: number, studentId: number) {
  return db
    .selectFrom('journal_quizzes as r')
    .innerJoin('quizzes as q', 'q.id', 'r.quiz_id')
    .leftJoin('quiz_results as a', (j) => j.onRef('a.run_id', '=', 'r.id').on('a.student_id', '=', studentId))
    .select(['r.id', 'q.title', 'q.description', 'r.closed_at as closedAt', 'a.created_at as answeredAt'])
    .where('r.journal_id', '=', journalId)
    .where((eb) => eb.or([eb('r.closed_at', 'is', null), eb('a.id', 'is not', null)]))
    .orderBy('r.opened_at', 'desc')
    .execute()
}

/** One run of the journal for the student's quiz page: its questions, and their answers if given. */
export async function studentRun(db: DB, journalId: number, runId: number, studentId: number) {
  const run = await db.selectFrom('journal_quizzes').select(['id', 'quiz_id', 'closed_at']).where('id', '=', runId).where('journal_id', '=', journalId).executeTakeFirst()
  if (!run) return null
  const [quiz, mine] = await Promise.all([
    quizQuestions(db, run.quiz_id),
    db.selectFrom('quiz_results').select(['answers', 'created_at']).where('run_id', '=', runId).where('student_id', '=', studentId).executeTakeFirst(),
  ])
  return {
    id: run.id,
    open: run.closed_at === null,
    title: quiz!.title,
    description: quiz!.description,
    questions: quiz!.questions,
    answered: mine ? { at: mine.created_at, answers: answeredQuestions(quiz!.questions, JSON.parse(mine.answers) as number[]) } : null,
  }
}
