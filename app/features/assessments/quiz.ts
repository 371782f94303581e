/**
 * A quiz's questions and the rules of an answer sheet (decision 0036): each question has options, each a
 * grade and a text; grades are distinct within a question, so a stored grade maps back to its text.
 * No server code: the student's page and the server read the same rules.
 */
export interface QuizOption {
  grade: number
  text: string
}
export interface QuizQuestion {
  title: string
  options: QuizOption[]
}

/** The option a grade stands for, or null (a quiz edited since, or a forged grade). */
export const optionOf = (question: QuizQuestion, grade: number | null | undefined) => question.options.find((o) => o.grade === grade) ?? null

/** The form field of question i (0-based). */
export const answerField = (i: number) => `q${i + 1}`

export type AnswerSheet = { ok: true; answers: number[]; total: number } | { ok: false; missing: number[]; chosen: (number | null)[] }

/**
 * The answers of a posted sheet: one grade per question, each one of the question's own grades.
 * Unanswered or invalid questions are named (1-based) and nothing is kept of the sheet but the
 * choices, to show them again.
 */
export function readAnswerSheet(questions: QuizQuestion[], get: (name: string) => unknown): AnswerSheet {
  const chosen = questions.map((q, i) => {
    const raw = get(answerField(i))
    const grade = typeof raw === 'string' && /^-?\d{1,3}$/.test(raw) ? Number(raw) : null
    return grade !== null && optionOf(q, grade) ? grade : null
  })
  const missing = chosen.flatMap((g, i) => (g === null ? [i + 1] : []))
  if (missing.length) return { ok: false, missing, chosen }
  const answers = chosen as number[]
  return { ok: true, answers, total: answers.reduce((a, b) => a + b, 0) }
}

/** Every question must have at least two options with distinct grades: checked when quizzes are seeded. */
export function isValidQuiz(questions: QuizQuestion[]) {
  return questions.length > 0 && questions.every((q) => q.title.trim() !== '' && q.options.length >= 2 && new Set(q.options.map((o) => o.grade)).size === q.options.length)
}
