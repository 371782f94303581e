import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { documentPdf, text, type DocumentLang } from '~/features/documents/typst.server'
import { claimStaleClassJob, classJobState, runClassJob, startClassJob } from '~/features/journals/class-jobs.server'
import { behaviourName, emotionName } from '~/features/posts/names'
import { behaviourStats, emotionStats } from '~/features/reports/report.server'
import { moodByWeek, moodChart, type MoodWeek } from './family-pack.server'

/**
 * Parent meetings for the class (issue 38, decision 0053): the family pack's overview (issue 36)
 * for every student of the journal in one PDF, a page or two each: the posts and mood of the
 * period, the feelings and behaviours most written, and each quiz's first and latest result. Made
 * as a class job (journals/class-jobs.server.ts): each student's figures are kept as they are read,
 * then the PDF is laid out once in the reader's language.
 */
type Settings = { from: string; to: string; lang: DocumentLang }
export type PackStudent = {
  studentId: number
  posts: number
  weeks: MoodWeek[]
  positive: { code: string; percent: number }[]
  negative: { code: string; percent: number }[]
  behaviours: { code: number; count: number }[]
  quizzes: { title: string; rounds: number; first: number; latest: number }[]
}

/** Each quiz the student answered in the journal: the first round's total and the latest's. */
async function quizChanges(db: DB, journalId: number, studentId: number) {
  const rows = await db
    .selectFrom('quiz_results as a')
    .innerJoin('journal_quizzes as r', 'r.id', 'a.run_id')
    .innerJoin('quizzes as z', 'z.id', 'r.quiz_id')
    .select(['z.id', 'z.title', 'r.round', 'a.total'])
    .where('a.journal_id', '=', journalId)
    .where('a.student_id', '=', studentId)
    .orderBy('z.id')
    .orderBy('r.round')
    .execute()
  const byQuiz = new Map<number, PackStudent['quizzes'][number]>()
  for (const r of rows) {
    const q = byQuiz.get(r.id)
    if (q) byQuiz.set(r.id, { ...q, rounds: q.rounds + 1, latest: r.total })
    else byQuiz.set(r.id, { title: r.title, rounds: 1, first: r.total, latest: r.total })
  }
  return [...byQuiz.values()]
}

async function studentFigures(db: DB, journalId: number, studentId: number, s: Settings): Promise<PackStudent> {
  const scope = { journalId, studentId, range: { start: s.from, end: s.to, days: null } }
  const [weeks, emotions, behaviours, quizzes] = await Promise.all([moodByWeek(db, journalId, studentId, s.from, s.to), emotionStats(db, scope), behaviourStats(db, scope), quizChanges(db, journalId, studentId)])
  return {
    studentId,
    posts: weeks.reduce((n, w) => n + w.positive + w.negative + w.mixed, 0),
    weeks,
    positive: emotions.topPositive.map((e) => ({ code: e.code, percent: e.percent })),
    negative: emotions.topNegative.map((e) => ({ code: e.code, percent: e.percent })),
    behaviours: behaviours.behaviours.filter((b) => b.count > 0).sort((a, b) => b.count - a.count).slice(0, 3).map((b) => ({ code: b.code, count: b.count })),
    quizzes,
  }
}

/** The class's pages as one PDF: a cover, then a page (or two) a student, by name. */
export async function classPackPdf(v: { journal: string; students: (PackStudent & { name: string })[]; settings: Settings; t: TFunction; today: string }) {
  const t = v.t as unknown as (key: string, values?: Record<string, unknown>) => string
  const feelings = (list: { code: string; percent: number }[]) => (list.length ? list.map((e) => `${emotionName(e.code, v.t)} ${e.percent}%`).join(', ') : t('classPackPdf.none'))
  const pages = [...v.students]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => {
      const quizRows = s.quizzes.map((q) => `[${text(q.title)}], [${q.first}], [${q.rounds > 1 ? q.latest : '–'}], [${q.rounds > 1 ? (q.latest - q.first > 0 ? '+' : '') + (q.latest - q.first) : '–'}],`).join(' ')
      return [
        '#pagebreak()',
        `= ${text(s.name)}`,
        text(t('classPackPdf.posts', { count: s.posts, from: v.settings.from, to: v.settings.to })),
        `== ${text(t('familyPack.moodTitle'))}`,
        moodChart(s.weeks, t),
        `== ${text(t('classPackPdf.feelings'))}`,
        `/ ${text(t('classPackPdf.positive'))}: ${text(feelings(s.positive))}`,
        `/ ${text(t('classPackPdf.negative'))}: ${text(feelings(s.negative))}`,
        `/ ${text(t('classPackPdf.behaviours'))}: ${text(s.behaviours.length ? s.behaviours.map((b) => `${behaviourName(b.code, v.t)} (${b.count})`).join(', ') : t('classPackPdf.none'))}`,
        `== ${text(t('classPackPdf.quizzes'))}`,
        s.quizzes.length
          ? `#table(columns: (1fr, auto, auto, auto), stroke: 0.4pt + luma(180), inset: 4pt, [*${text(t('classPackPdf.quiz'))}*], [*${text(t('classPackPdf.first'))}*], [*${text(t('classPackPdf.latest'))}*], [*${text(t('classPackPdf.change'))}*], ${quizRows})`
          : text(t('classPackPdf.noQuizzes')),
      ].join('\n')
    })
  const title = t('classPackPdf.title', { journal: v.journal })
  const body = [`= ${text(title)}`, text(t('classPackPdf.period', { from: v.settings.from, to: v.settings.to, count: v.students.length })), '', text(t('classPackPdf.made', { date: v.today })), ...pages].join('\n')
  return { pdf: await documentPdf(body, { lang: v.settings.lang, title }), title }
}

/** Starts the class's pack unless it is being made: 'started' (run it) or 'running'. */
export const startClassPack = (db: DB, v: { journalId: number; teacherId: number; studentIds: number[] } & Settings) =>
  startClassJob(db, { journalId: v.journalId, kind: 'packs', madeBy: v.teacherId, settings: { from: v.from, to: v.to, lang: v.lang }, studentIds: v.studentIds })

export const claimStaleClassPack = (db: DB, journalId: number) => claimStaleClassJob(db, journalId, 'packs')
export const classPackJob = (db: DB, journalId: number) => classJobState<Settings, PackStudent>(db, journalId, 'packs')

/** Reads each student's figures, then lays the PDF out (see runClassJob); `t` in the settings' language. */
export function runClassPack(db: DB, journalId: number, t: (lang: DocumentLang) => TFunction, today: string) {
  return runClassJob<Settings, PackStudent>(db, journalId, 'packs', {
    each: (studentId, settings) => studentFigures(db, journalId, studentId, settings),
    finish: async (results, settings) => {
      const journal = await db.selectFrom('journals').select('name').where('id', '=', journalId).executeTakeFirstOrThrow()
      const ids = results.map((r) => r.studentId)
      const names = new Map(ids.length ? (await db.selectFrom('users').select((eb) => ['id', eb.fn.coalesce('name', 'account').as('name')]).where('id', 'in', ids).execute()).map((u) => [u.id, u.name ?? '']) : [])
      return (await classPackPdf({ journal: journal.name, students: results.map((r) => ({ ...r, name: names.get(r.studentId) ?? '' })), settings, t: t(settings.lang), today })).pdf
    },
  })
}
