import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { exportCell } from '~/features/export/cells'
import { formatDateTime } from '~/shared/dates'
import { answeredQuestions, resultsOf } from './results.server'
import { quizQuestions } from './quizzes.server'

/** The results the export writes: those the list shows for the same search, by run then name. */
const exportRows = (db: DB, journalId: number, q: string) =>
  resultsOf(db, journalId, q)
    .select((eb) => ['r.id as runId', 'r.quiz_id as quizId', 'r.round', 'z.title', eb.fn.coalesce('u.name', 'u.account').as('userName'), 'u.account', 'a.answers', 'a.total', 'a.created_at as createdAt'])
    .orderBy('r.opened_at')
    .orderBy('r.id')
    .orderBy('userName')
    .execute()

// Excel's sheet names: at most 31 characters, none of []:*?/\ and unique in the book.
const sheetName = (name: string, taken: Set<string>) => {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 28).trim() || 'Quiz'
  let candidate = base
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} ${n}`
  taken.add(candidate.toLowerCase())
  return candidate
}

/**
 * The results as .xlsx, keeping the list's search (decision 0036): one sheet per run (each quiz
 * has its own questions), one row per result; for each question its chosen text, then its grade as a
 * number; then the total. Null when nothing matches (the page's no-data dialog). Text goes in as
 * string cells, guarded for a CSV saved from the sheet (exportCell).
 */
export async function quizWorkbook(db: DB, journalId: number, q: string, t: TFunction) {
  const rows = await exportRows(db, journalId, q)
  if (rows.length === 0) return null
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const taken = new Set<string>()
  const runs = [...new Map(rows.map((r) => [r.runId, r])).values()]
  for (const run of runs) {
    const quiz = (await quizQuestions(db, run.quizId))!
    const sheet = workbook.addWorksheet(sheetName(t('quizSheet.sheet', { title: run.title, round: run.round }), taken))
    sheet.addRow([t('quizSheet.student'), t('quizSheet.account'), t('quizSheet.answeredAt'), ...quiz.questions.flatMap((question, i) => [`${i + 1}. ${question.title}`, t('quizSheet.grade', { n: i + 1 })]), t('quizSheet.total')].map(exportCell))
    sheet.getRow(1).font = { bold: true }
    for (const r of rows.filter((row) => row.runId === run.runId)) {
      const answers = answeredQuestions(quiz.questions, JSON.parse(r.answers) as number[])
      sheet.addRow([r.userName, r.account, formatDateTime(r.createdAt), ...answers.flatMap((a) => [a.text ?? '', a.grade ?? '']), r.total].map(exportCell))
    }
    sheet.columns.forEach((c, i) => (c.width = i < 3 ? 20 : 16))
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
