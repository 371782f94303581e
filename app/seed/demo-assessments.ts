import { randomUUID } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { SUB_TYPE } from '~/features/journals/constants'
import type { QuizQuestion } from '~/features/assessments/quiz'

const DAY = 86_400_000

/**
 * The demo's assessments (decision 0036): 502 Feelings Journal ran the mood check twice (a closed
 * pre-test eight weeks ago, a post-test open now) and has the belonging quiz open; 501 has the
 * Chinese mood check and belonging quiz open; the free teacher's Reading Club has a few results (free@ meets the pay
 * notice there, teacher@ who co-teaches it does not). Some students have not answered the open
 * runs, so a demo student can.
 */
export async function seedAssessments(trx: DB, { teacher, freeTeacher, now, rand }: { teacher: number; freeTeacher: number; now: Date; rand: () => number }) {
  const at = (daysAgo: number, hour = 9) => new Date(now.getTime() - daysAgo * DAY + hour * 3_600_000).toISOString()
  const journal = async (name: string) => (await trx.selectFrom('journals').select(['id']).where('name', '=', name).executeTakeFirstOrThrow()).id
  const quiz = async (lang: string, title: string) => {
    const q = await trx.selectFrom('quizzes').select(['id', 'questions']).where('lang', '=', lang).where('title', '=', title).executeTakeFirstOrThrow()
    return { id: q.id, questions: JSON.parse(q.questions) as QuizQuestion[] }
  }
  const members = async (journalId: number) =>
    (await trx.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('role', '=', 'student').orderBy('user_id').execute()).map((m) => m.user_id)

  const run = async (v: { journalId: number; quiz: { id: number; questions: QuizQuestion[] }; round: number; opened: number; closed: number | null; by: number; answers: [studentId: number, level: number][] }) => {
    const { id } = await trx
      .insertInto('journal_quizzes')
      .values({ journal_id: v.journalId, quiz_id: v.quiz.id, round: v.round, opened_by: v.by, opened_at: at(v.opened), closed_at: v.closed === null ? null : at(v.closed) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const rows = v.answers.map(([studentId, level], i) => {
      // Each answer near the student's level, within the question's grades.
      const grades = v.quiz.questions.map((q) => {
        const all = q.options.map((o) => o.grade)
        const wanted = Math.round(level + (rand() - 0.5) * 2)
        return Math.min(Math.max(wanted, Math.min(...all)), Math.max(...all))
      })
      const answered = Math.max(v.closed ?? 0, v.opened - 1 - (i % Math.max(1, v.opened - (v.closed ?? 0) - 1)))
      return { uuid: randomUUID(), run_id: id, journal_id: v.journalId, student_id: studentId, answers: JSON.stringify(grades), total: grades.reduce((a, b) => a + b, 0), created_at: at(answered, 10 + (i % 6)) }
    })
    if (rows.length) await trx.insertInto('quiz_results').values(rows).execute()
  }
  const withAssessment = (id: number) => trx.updateTable('journals').set({ sub_type: SUB_TYPE.assessment }).where('id', '=', id).execute()

  const j502 = await journal('502 Feelings Journal')
  const j501 = await journal('501 心情日記')
  const reading = await journal('Reading Club')
  for (const id of [j502, j501, reading]) await withAssessment(id)

  const [moodEn, belongingEn, moodZh, belongingZh] = [await quiz('en', 'Mood check'), await quiz('en', 'Friends and belonging'), await quiz('zh-TW', '心情小檢核'), await quiz('zh-TW', '友誼與歸屬感')]
  const class502 = await members(j502)
  // A level per student (1 to 5); a few have a harder term, so the before/after table has drops to notice.
  const before = class502.map((s) => [s, 2.5 + rand() * 2] as [number, number])
  const after = before.map(([s, level], i) => [s, i % 7 === 3 ? level - 1.6 : level + (rand() - 0.3)] as [number, number])
  await run({ journalId: j502, quiz: moodEn, round: 1, opened: 56, closed: 49, by: teacher, answers: before.slice(0, 22) })
  await run({ journalId: j502, quiz: moodEn, round: 2, opened: 4, closed: null, by: teacher, answers: after.slice(0, 16) })
  await run({ journalId: j502, quiz: belongingEn, round: 1, opened: 20, closed: null, by: teacher, answers: class502.slice(0, 10).map((s) => [s, 2 + rand() * 2] as [number, number]) })

  const class501 = await members(j501)
  await run({ journalId: j501, quiz: moodZh, round: 1, opened: 10, closed: null, by: teacher, answers: class501.slice(0, 12).map((s) => [s, 2.5 + rand() * 2] as [number, number]) })
  // Student 01 has answered the mood check and not yet the belonging quiz.
  await run({ journalId: j501, quiz: belongingZh, round: 1, opened: 3, closed: null, by: teacher, answers: class501.slice(1, 8).map((s) => [s, 2 + rand() * 2] as [number, number]) })

  const club = await members(reading)
  await run({ journalId: reading, quiz: moodEn, round: 1, opened: 15, closed: null, by: freeTeacher, answers: club.slice(0, 3).map((s) => [s, 3 + rand()] as [number, number]) })
}
