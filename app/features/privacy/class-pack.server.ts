import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { asLeftOut, heldBackPosts, withoutHeldBack, type LeftOut } from '~/features/alerts/held-back.server'
import { documentPdf, typstText, type DocumentLang } from '~/features/documents/typst.server'
import { claimStaleClassJob, classJobState, runClassJob, startClassJob } from '~/features/jobs/class-jobs.server'
import { tagsOf, withDetails } from '~/features/posts/feed.server'
import { BEHAVIOURS, EMOTIONS, POST_STATUS } from '~/features/posts/constants'
import { behaviourName, emotionName } from '~/features/posts/names'
import { moodChart, weeksOf, type MoodWeek } from './family-pack.server'

/**
 * Parent meetings for the class (decision 0053): the family pack's overview (decision 0047)
 * for every student of the journal in one PDF: the posts of the period as written (decision 0063), their
 * mood, the feelings and behaviours most written, and each quiz's first and latest result. A post
 * held back under an alert is left out unless the teacher put it back, and the figures are those of
 * the posts the pack carries, so that nothing in it tells of one left out. Made as a class job
 * (jobs/class-jobs.server.ts): each student's figures are kept as they are read, then the PDF
 * is laid out once in the reader's language.
 */
/** `putBack`: the held-back posts the teacher put back knowingly (none in a job started before decision 0063). */
type Settings = { from: string; to: string; lang: DocumentLang; putBack?: number[] }
export type PackStudent = {
  studentId: number
  /** How many posts the pack carries of the student, and which (in diary order); those left out under an alert. */
  posts: number
  postIds?: number[]
  leftOut?: LeftOut[]
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

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole))

/** The student's posts of the period the pack carries, and the figures of those posts. */
async function studentFigures(db: DB, journalId: number, studentId: number, s: Settings): Promise<PackStudent> {
  const [rows, held, quizzes] = await Promise.all([
    db
      .selectFrom('posts')
      .select(['id', 'diary_date as date', 'mood_p', 'mood_n'])
      .where('journal_id', '=', journalId)
      .where('creator_id', '=', studentId)
      .where('status', '=', POST_STATUS.published)
      .where('diary_date', '>=', s.from)
      .where('diary_date', '<=', s.to)
      .orderBy('diary_date')
      .orderBy('id')
      .execute(),
    heldBackPosts(db, journalId, { studentIds: [studentId] }),
    quizChanges(db, journalId, studentId),
  ])
  const { kept, leftOut } = withoutHeldBack(rows.map((r) => r.id), held, s.putBack)
  const shown = new Set(kept)
  const tags = await tagsOf(db, kept)
  // Each feeling counts once a post: its share is of every feeling chosen in the posts carried.
  const emotionCounts = new Map<string, number>()
  const behaviourCounts = new Map<number, number>()
  for (const { emotions, behaviours } of tags.values()) {
    for (const code of emotions) emotionCounts.set(code, (emotionCounts.get(code) ?? 0) + 1)
    for (const code of behaviours) behaviourCounts.set(code, (behaviourCounts.get(code) ?? 0) + 1)
  }
  const all = [...emotionCounts.values()].reduce((n, c) => n + c, 0)
  const top = (joy: boolean) =>
    EMOTIONS.filter((e) => (e.group === 'joy') === joy && emotionCounts.has(e.code))
      .map((e) => ({ code: e.code, count: emotionCounts.get(e.code)! }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
      .slice(0, 3)
      .map((e) => ({ code: e.code, percent: percent(e.count, all) }))
  return {
    studentId,
    posts: kept.length,
    postIds: kept,
    ...(leftOut.length ? { leftOut: leftOut.map(asLeftOut) } : {}),
    weeks: weeksOf(rows.filter((r) => shown.has(r.id))),
    positive: top(true),
    negative: top(false),
    behaviours: BEHAVIOURS.filter((b) => behaviourCounts.has(b.code))
      .map((b) => ({ code: b.code, count: behaviourCounts.get(b.code)! }))
      .sort((a, b) => b.count - a.count)
      .slice(0, 3),
    quizzes,
  }
}

export type PackPost = { id: number; title: string; diaryDate: string; frames: { message: string }[]; emotions: string[]; behaviours: number[] }

/** The posts the pack carries, as written (their texts, feelings and behaviours), by id: read a hundred at a time. */
async function packPosts(db: DB, ids: number[]) {
  const posts = new Map<number, PackPost>()
  for (let i = 0; i < ids.length; i += 100) {
    const heads = await db.selectFrom('posts').select(['id', 'title', 'diary_date as diaryDate']).where('id', 'in', ids.slice(i, i + 100)).execute()
    for (const p of await withDetails(db, heads)) posts.set(p.id, { id: p.id, title: p.title, diaryDate: p.diaryDate, frames: p.frames, emotions: p.emotions, behaviours: p.behaviours })
  }
  return posts
}

/** A post in the pack: its day and title, each frame's text, its feelings and what the student did. */
function postMarkup(p: PackPost, t: (key: string, values?: Record<string, unknown>) => string, tf: TFunction) {
  return [
    `=== ${typstText(`${p.diaryDate} · ${p.title}`)}`,
    ...p.frames.filter((f) => f.message.trim()).map((f) => `${typstText(f.message)}\n`),
    p.emotions.length ? `_${typstText(t('classPackPdf.postFeelings'))}_: ${typstText(p.emotions.map((c) => emotionName(c, tf)).join(', '))}\n` : '',
    p.behaviours.length ? `_${typstText(t('classPackPdf.postDid'))}_: ${typstText(p.behaviours.map((c) => behaviourName(c, tf)).join(', '))}\n` : '',
  ].join('\n')
}

/** The class's pages as one PDF: a cover, then a student's pages, by name: the figures, then their posts. */
export async function classPackPdf(v: { journal: string; students: (PackStudent & { name: string; shown?: PackPost[] })[]; settings: Settings; t: TFunction; today: string }) {
  const t = v.t as unknown as (key: string, values?: Record<string, unknown>) => string
  const feelings = (list: { code: string; percent: number }[]) => (list.length ? list.map((e) => `${emotionName(e.code, v.t)} ${e.percent}%`).join(', ') : t('classPackPdf.none'))
  const pages = [...v.students]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => {
      const quizRows = s.quizzes.map((q) => `[${typstText(q.title)}], [${q.first}], [${q.rounds > 1 ? q.latest : '–'}], [${q.rounds > 1 ? (q.latest - q.first > 0 ? '+' : '') + (q.latest - q.first) : '–'}],`).join(' ')
      return [
        '#pagebreak()',
        `= ${typstText(s.name)}`,
        typstText(t('classPackPdf.posts', { count: s.posts, from: v.settings.from, to: v.settings.to })),
        `== ${typstText(t('familyPack.moodTitle'))}`,
        moodChart(s.weeks, t),
        `== ${typstText(t('classPackPdf.feelings'))}`,
        `/ ${typstText(t('classPackPdf.positive'))}: ${typstText(feelings(s.positive))}`,
        `/ ${typstText(t('classPackPdf.negative'))}: ${typstText(feelings(s.negative))}`,
        `/ ${typstText(t('classPackPdf.behaviours'))}: ${typstText(s.behaviours.length ? s.behaviours.map((b) => `${behaviourName(b.code, v.t)} (${b.count})`).join(', ') : t('classPackPdf.none'))}`,
        `== ${typstText(t('classPackPdf.quizzes'))}`,
        s.quizzes.length
          ? `#table(columns: (1fr, auto, auto, auto), stroke: 0.4pt + luma(180), inset: 4pt, [*${typstText(t('classPackPdf.quiz'))}*], [*${typstText(t('classPackPdf.first'))}*], [*${typstText(t('classPackPdf.latest'))}*], [*${typstText(t('classPackPdf.change'))}*], ${quizRows})`
          : typstText(t('classPackPdf.noQuizzes')),
        `== ${typstText(t('classPackPdf.postsTitle'))}`,
        s.shown?.length ? s.shown.map((p) => postMarkup(p, t, v.t)).join('\n') : typstText(t('classPackPdf.noPosts')),
      ].join('\n')
    })
  const title = t('classPackPdf.title', { journal: v.journal })
  const body = [`= ${typstText(title)}`, typstText(t('classPackPdf.period', { from: v.settings.from, to: v.settings.to, count: v.students.length })), '', typstText(t('classPackPdf.made', { date: v.today })), ...pages].join('\n')
  return { pdf: await documentPdf(body, { lang: v.settings.lang, title }), title }
}

/** Starts the class's pack unless it is being made: 'started' (run it) or 'running'. */
export const startClassPack = (db: DB, v: { journalId: number; teacherId: number; studentIds: number[] } & Settings) =>
  startClassJob(db, { journalId: v.journalId, kind: 'packs', madeBy: v.teacherId, settings: { from: v.from, to: v.to, lang: v.lang, putBack: v.putBack ?? [] }, studentIds: v.studentIds })

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
      const posts = await packPosts(db, results.flatMap((r) => r.postIds ?? []))
      const students = results.map((r) => ({ ...r, name: names.get(r.studentId) ?? '', shown: (r.postIds ?? []).flatMap((id) => (posts.has(id) ? [posts.get(id)!] : [])) }))
      return (await classPackPdf({ journal: journal.name, students, settings, t: t(settings.lang), today })).pdf
    },
  })
}
