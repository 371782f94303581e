import ExcelJS from 'exceljs'
import i18next from 'i18next'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { quizWorkbook } from '~/features/assessments/export.server'
import { PLATFORM_QUIZZES } from '~/features/assessments/platform-quizzes'
import { isValidQuiz, readAnswerSheet } from '~/features/assessments/quiz'
import { openRun, quizChoices, quizQuestions, runsOf, seedPlatformQuizzes, setRunOpen } from '~/features/assessments/quizzes.server'
import { changesOf, resultList, resultOf, runSummary, studentRun, studentRuns, submitAnswers } from '~/features/assessments/results.server'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { hasSubType, SUB_TYPE } from '~/features/journals/constants'
import { createJournal, settingsOf, updateJournal } from '~/features/journals/settings.server'
import { resources } from '~/i18n/resources'
import { DIALECTS, freshDatabase } from '../support/db'

const t = (() => {
  const i = i18next.createInstance()
  void i.init({ lng: 'en', resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
  return i.t
})()

describe('answer sheets', () => {
  const questions = [
    { title: 'Q1', options: [{ grade: 1, text: 'No' }, { grade: 2, text: 'Yes' }] },
    { title: 'Q2', options: [{ grade: 0, text: 'Low' }, { grade: 5, text: 'High' }] },
  ]
  it('takes one of each question\'s own grades and totals them', () => {
    expect(readAnswerSheet(questions, (n) => ({ q1: '2', q2: '5' })[n])).toEqual({ ok: true, answers: [2, 5], total: 7 })
  })
  it('names every question without a valid answer and keeps the valid choices', () => {
    expect(readAnswerSheet(questions, (n) => ({ q1: '2' })[n])).toEqual({ ok: false, missing: [2], chosen: [2, null] })
    // A grade of another question, or not a number, is no answer.
    expect(readAnswerSheet(questions, (n) => ({ q1: '5', q2: '=1+1' })[n])).toEqual({ ok: false, missing: [1, 2], chosen: [null, null] })
  })
  it('the platform quizzes have distinct grades in every question, in the three languages', () => {
    expect(PLATFORM_QUIZZES.every((q) => isValidQuiz(q.questions))).toBe(true)
    expect(new Set(PLATFORM_QUIZZES.map((q) => q.lang))).toEqual(new Set(['en', 'zh-TW', 'ja']))
  })
})

describe.each(DIALECTS)('assessments on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let teacher: number
  let journalId: number
  let otherJournal: number
  const students: Record<string, number> = {}
  let mood: { id: number; questions: { title: string; options: { grade: number; text: string }[] }[] }

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const user = async (account: string, name?: string) => {
      const r = await registerWithPassword(conn.db, { account, password: 'secret-pass-1', locale: 'en' })
      if (r.code !== '01000') throw new Error('setup')
      if (name) await conn.db.updateTable('users').set({ name }).where('id', '=', r.userId).execute()
      return r.userId
    }
    teacher = await user('teacher')
    for (const name of ['Amy', 'Ben', 'Cat']) students[name] = await user(name.toLowerCase(), name)
    const settings = { name: 'Class', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '2' } as const
    const a = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, settings)
    const b = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, { ...settings, name: 'Other' })
    if (!a.ok || !b.ok) throw new Error('journal')
    journalId = a.id
    otherJournal = b.id
    const quiz = (await conn.db.selectFrom('quizzes').select('id').where('lang', '=', 'en').where('title', '=', 'Mood check').executeTakeFirstOrThrow()).id
    mood = (await quizQuestions(conn.db, quiz))!
  })
  afterAll(() => conn.close())

  it('seeds the platform quizzes once, and offers the journal\'s language first', async () => {
    await seedPlatformQuizzes(conn.db)
    const all = await conn.db.selectFrom('quizzes').select('id').execute()
    expect(all).toHaveLength(PLATFORM_QUIZZES.length)
    // One entry per quiz (not one per language), named in the reader's language, opening the journal's (decision 0044).
    const byId = new Map((await conn.db.selectFrom('quizzes').select(['id', 'lang', 'title']).execute()).map((q) => [q.id, q]))
    const choices = await quizChoices(conn.db, 'zh-Hant', 'en')
    expect(choices.map((c) => c.title)).toEqual(['Mood check', 'Friends and belonging'])
    expect(choices.map((c) => byId.get(c.id)!.title)).toEqual(['心情小檢核', '友誼與歸屬感'])
    expect((await quizChoices(conn.db, 'ja', 'ja')).map((c) => [c.title, byId.get(c.id)!.lang])).toEqual([['きもちチェック', 'ja'], ['友だちとクラス', 'ja']])
  })

  it('the settings switch assessment (sub-type 6) on and off and keep the other sub-types', async () => {
    const values = { ...(await settingsOf(conn.db, journalId)), assessment: 'on' } as Parameters<typeof updateJournal>[3]
    await conn.db.updateTable('journals').set({ sub_type: SUB_TYPE.aiScoringSample }).where('id', '=', journalId).execute()
    expect(await updateJournal(conn.db, journalId, { userId: teacher, planLimit: 30 }, values)).toEqual({ ok: true, id: journalId })
    const on = (await conn.db.selectFrom('journals').select('sub_type').where('id', '=', journalId).executeTakeFirstOrThrow()).sub_type
    expect(hasSubType(on, SUB_TYPE.assessment) && hasSubType(on, SUB_TYPE.aiScoringSample)).toBe(true)
    expect((await settingsOf(conn.db, journalId)).assessment).toBe('on')
    await updateJournal(conn.db, journalId, { userId: teacher, planLimit: 30 }, { ...values, assessment: undefined })
    const off = (await conn.db.selectFrom('journals').select('sub_type').where('id', '=', journalId).executeTakeFirstOrThrow()).sub_type
    expect([hasSubType(off, SUB_TYPE.assessment), hasSubType(off, SUB_TYPE.aiScoringSample)]).toEqual([false, true])
  })

  it('opens one run of a quiz at a time, even for two clicks at once; a closed quiz opens again as the next round', async () => {
    const both = await Promise.all([openRun(conn.db, journalId, mood.id, teacher), openRun(conn.db, journalId, mood.id, teacher)])
    expect(both.filter((r) => r.ok)).toHaveLength(1)
    expect(both.find((r) => !r.ok)).toEqual({ ok: false, error: 'quiz.alreadyOpen' })
    expect(await openRun(conn.db, journalId, 999_999, teacher)).toEqual({ ok: false, error: 'quiz.noSuchQuiz' })
    const [run] = await runsOf(conn.db, journalId)
    expect(run).toMatchObject({ quizId: mood.id, round: 1, open: true, answered: 0 })
    // Another journal's run is not this journal's to close.
    expect(await setRunOpen(conn.db, otherJournal, run.id, false)).toEqual({ ok: false, error: 'quiz.noSuchQuiz' })
  })

  it('stores the answers once per student, even when two submissions race, and maps the grades back to their texts', async () => {
    const [run] = await runsOf(conn.db, journalId)
    const sheet = { journalId, runId: run.id, studentId: students.Amy, answers: [5, 4, 3, 2, 1], total: 15 }
    const raced = await Promise.all([submitAnswers(conn.db, sheet), submitAnswers(conn.db, sheet)])
    expect(raced.sort()).toEqual(['already', 'saved'])
    const stored = await conn.db.selectFrom('quiz_results').select(['uuid', 'answers', 'total']).where('run_id', '=', run.id).execute()
    expect(stored).toHaveLength(1)
    expect(await submitAnswers(conn.db, sheet)).toBe('already')
    const result = await resultOf(conn.db, journalId, stored[0].uuid)
    expect(result?.nickname).toBe('Amy')
    expect(JSON.parse(stored[0].answers)).toEqual([5, 4, 3, 2, 1])
    expect(result?.answers.map((a) => [a.grade, a.text])).toEqual([5, 4, 3, 2, 1].map((g, i) => [g, mood.questions[i].options.find((o) => o.grade === g)!.text]))
    expect(result?.answers[0].text).toBe('Always')
    expect(result?.total).toBe(15)
    // Another journal, an unknown or a malformed uuid: nothing.
    expect(await resultOf(conn.db, otherJournal, stored[0].uuid)).toBeNull()
    expect(await resultOf(conn.db, journalId, '00000000-0000-0000-0000-000000000000')).toBeNull()
    expect(await resultOf(conn.db, journalId, "x' or 1=1")).toBeNull()
    const mine = await studentRun(conn.db, journalId, run.id, students.Amy)
    expect(mine?.answered?.answers).toHaveLength(5)
  })

  it('a closed run takes no answers; the student still sees the run they answered, not one they missed', async () => {
    const [run] = await runsOf(conn.db, journalId)
    await submitAnswers(conn.db, { journalId, runId: run.id, studentId: students.Ben, answers: [2, 2, 2, 2, 2], total: 10 })
    expect(await setRunOpen(conn.db, journalId, run.id, false)).toEqual({ ok: true })
    expect(await submitAnswers(conn.db, { journalId, runId: run.id, studentId: students.Cat, answers: [3, 3, 3, 3, 3], total: 15 })).toBe('closed')
    expect((await studentRuns(conn.db, journalId, students.Amy)).map((r) => r.id)).toEqual([run.id])
    expect(await studentRuns(conn.db, journalId, students.Cat)).toEqual([])
  })

  it('summarises a run per question and, for a quiz run twice, each student\'s change', async () => {
    const [first] = await runsOf(conn.db, journalId)
    const summary = await runSummary(conn.db, first)
    expect(summary.answered).toBe(2)
    expect(summary.average).toBe(12.5)
    expect(summary.questions[0].options.map((o) => o.count)).toEqual([0, 1, 0, 0, 1])
    expect(summary.questions[0].options.find((o) => o.grade === 5)?.percent).toBe(50)
    expect(await changesOf(conn.db, journalId, mood.id)).toBeNull()
    expect(await openRun(conn.db, journalId, mood.id, teacher)).toEqual({ ok: true })
    const [second] = await runsOf(conn.db, journalId)
    expect(second.round).toBe(2)
    // The first run cannot open again while the second is open.
    expect(await setRunOpen(conn.db, journalId, first.id, true)).toEqual({ ok: false, error: 'quiz.alreadyOpen' })
    await submitAnswers(conn.db, { journalId, runId: second.id, studentId: students.Amy, answers: [1, 1, 1, 1, 1], total: 5 })
    await submitAnswers(conn.db, { journalId, runId: second.id, studentId: students.Ben, answers: [3, 3, 3, 3, 3], total: 15 })
    await submitAnswers(conn.db, { journalId, runId: second.id, studentId: students.Cat, answers: [3, 3, 3, 3, 3], total: 15 })
    const changes = await changesOf(conn.db, journalId, mood.id)
    expect(changes).toMatchObject({ firstRound: 1, lastRound: 2 })
    // Cat answered only the second run; the largest drop comes first.
    expect(changes?.changes.map((c) => [c.userName, c.before, c.after, c.change])).toEqual([['Amy', 15, 5, -10], ['Ben', 10, 15, 5]])
  })

  it('lists the results newest first, 10 a page, searched by name', async () => {
    const all = await resultList(conn.db, { journalId, q: '', page: 1 })
    expect(all.total).toBe(5)
    expect(all.rows[0]).toMatchObject({ title: 'Mood check', round: 2 })
    const amy = await resultList(conn.db, { journalId, q: 'am', page: 1 })
    expect(amy.rows.map((r) => [r.userName, r.round]).sort()).toEqual([['Amy', 1], ['Amy', 2]])
    expect((await resultList(conn.db, { journalId, q: '%', page: 1 })).total).toBe(0)
    expect((await resultList(conn.db, { journalId: otherJournal, q: '', page: 1 })).total).toBe(0)
  })

  it('exports one sheet per run, one row per result, each question\'s text and grade and the total, keeping the search', async () => {
    // A name that would be a formula stays text.
    await conn.db.updateTable('users').set({ name: '=HYPERLINK("x")' }).where('id', '=', students.Cat).execute()
    const file = await quizWorkbook(conn.db, journalId, '', t)
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file!.buffer.slice(file!.byteOffset, file!.byteOffset + file!.byteLength) as ArrayBuffer)
    expect(book.worksheets.map((s) => s.name)).toEqual(['Mood check run 1', 'Mood check run 2'])
    const rows = (n: number) => {
      const out: unknown[][] = []
      book.worksheets[n].eachRow((row) => out.push((row.values as unknown[]).slice(1)))
      return out
    }
    const [head, ...first] = rows(0)
    expect(head.slice(0, 5)).toEqual(['Student', 'Account', 'Answered at', `1. ${mood.questions[0].title}`, 'Grade 1'])
    expect(head.at(-1)).toBe('Total')
    expect(first).toHaveLength(2)
    const amy = first.find((r) => r[0] === 'Amy')!
    expect(amy.slice(3, 5)).toEqual([mood.questions[0].options[4].text, 5])
    expect(amy.at(-1)).toBe(15)
    const second = rows(1).slice(1)
    expect(second.map((r) => r[0]).sort()).toEqual(["'=HYPERLINK(\"x\")", 'Amy', 'Ben'])
    // The search is kept; nothing found is no file.
    const searched = await quizWorkbook(conn.db, journalId, 'ben', t)
    const only = new ExcelJS.Workbook()
    await only.xlsx.load(searched!.buffer.slice(searched!.byteOffset, searched!.byteOffset + searched!.byteLength) as ArrayBuffer)
    expect(only.worksheets.flatMap((s) => s.getSheetValues().slice(2).map((r) => (r as unknown[])[1]))).toEqual(['Ben', 'Ben'])
    expect(await quizWorkbook(conn.db, journalId, 'nobody', t)).toBeNull()
    expect(await quizWorkbook(conn.db, otherJournal, '', t)).toBeNull()
  })
})
