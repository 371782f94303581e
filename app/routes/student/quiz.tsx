import { useEffect, useRef } from 'react'
import { data, Link, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/quiz'
import { requireStudent } from '~/auth/student-gate.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { requireAssessment } from '~/auth/assessment-gate.server'
import { answerField, readAnswerSheet } from '~/features/assessments/quiz'
import { studentRun, submitAnswers } from '~/features/assessments/results.server'
import { parseId } from '~/shared/lists'
import { studentJournal } from '~/features/students/posts.server'
import { readForm } from '~/http/form.server'
import { ASSESSMENTS_HANDLE, assessmentsDictionary } from '~/i18n/client-resources'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { pageMeta } from '~/ui/page-title'
import { journalZoneMiddleware } from '~/features/journals/zone.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = ASSESSMENTS_HANDLE
export const clientMiddleware = assessmentsDictionary
// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [journalZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.run.title, matches)

async function runOf(request: Request, context: Route.LoaderArgs['context'], params: Route.LoaderArgs['params']) {
  const student = await requireStudent(request, context)
  const journal = await studentJournal(db, student.studentId, params.id)
  requireAssessment(journal)
  const runId = parseId(params.runId)
  const run = runId ? await studentRun(db, journal.id, runId, student.studentId) : null
  if (!run) throw data(null, { status: 404 })
  return { ...student, journal, run }
}

/** /s/journal/{id}/quiz/{runId}: the answer sheet of an open quiz, or the answers already given. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { journal, run } = await runOf(request, context, params)
  return { journal: { id: journal.id, name: journal.name }, run }
}

/**
 * One radio group per question, posted as a plain form. A question without an answer is named and
 * nothing is written; a second sheet (another tab, a double click) is refused, as is a closed quiz.
 */
export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { journal, run, session, studentId } = await runOf(request, context, params)
  const form = await readForm(request)
  if (run.answered) return data({ problem: 'quiz.already' as const, missing: [], chosen: [] }, 409)
  if (!run.open) return data({ problem: 'quiz.closedNotice' as const, missing: [], chosen: [] }, 409)
  const sheet = readAnswerSheet(run.questions, (name) => form.get(name))
  if (!sheet.ok) return data({ problem: null, missing: sheet.missing, chosen: sheet.chosen }, 400)
  const saved = await submitAnswers(db, { journalId: journal.id, runId: run.id, studentId, answers: sheet.answers, total: sheet.total })
  if (saved !== 'saved') return data({ problem: saved === 'already' ? ('quiz.already' as const) : ('quiz.closedNotice' as const), missing: [], chosen: [] }, 409)
  return redirectWithToast(request, session, `/s/journal/${journal.id}`, { kind: 'success', key: 'quiz.thanks' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function StudentQuizPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, run } = loaderData
  const busy = useNavigation().state === 'submitting'
  const summary = useRef<HTMLDivElement>(null)
  const missing = new Set(actionData?.missing ?? [])
  // After a refused sheet (with JavaScript), the message takes the focus so it is read at once.
  useEffect(() => {
    if (actionData) summary.current?.focus()
  }, [actionData])
  return (
    <>
      <nav className="breadcrumbs">
        <Link to="/s">{t('write.back')}</Link> › <Link to={`/s/journal/${journal.id}`}>{journal.name}</Link>
      </nav>
      <h1>{run.title}</h1>
      {run.description ? <p className="hint">{run.description}</p> : null}
      {run.answered ? (
        <>
          <p className="notice" role="note">
            {t('quiz.answeredTitle', { date: formatDateTime(run.answered.at) })}
          </p>
          <ol className="quiz-answers">
            {run.answered.answers.map((a, i) => (
              <li key={i}>
                <p>{a.title}</p>
                <p>
                  <strong>{a.text ?? t('quiz.unknownAnswer')}</strong>
                </p>
              </li>
            ))}
          </ol>
          <Link className="button" to={`/s/journal/${journal.id}`}>
            {t('quiz.backToJournal', { name: journal.name })}
          </Link>
        </>
      ) : !run.open ? (
        <p className="notice" role="alert">
          {t('quiz.closedNotice')} <Link to={`/s/journal/${journal.id}`}>{t('quiz.backToJournal', { name: journal.name })}</Link>
        </p>
      ) : (
        <Form method="post" noValidate className="quiz-sheet">
          <p>{t('quiz.sheetIntro')}</p>
          {actionData ? (
            <div className="form-error" role="alert" tabIndex={-1} ref={summary}>
              {actionData.problem ? (
                <p>{t(actionData.problem)}</p>
              ) : (
                <>
                  <p>
                    <strong>{t('quiz.missingTitle')}</strong>
                  </p>
                  <ul>
                    {actionData.missing.map((n) => (
                      <li key={n}>
                        <a href={`#question-${n}`}>{t('quiz.missingQuestion', { n })}</a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          ) : null}
          {run.questions.map((q, i) => {
            const n = i + 1
            const errorId = `question-${n}-error`
            return (
              <fieldset key={n} id={`question-${n}`} className={missing.has(n) ? 'field quiz-question invalid' : 'field quiz-question'} aria-describedby={missing.has(n) ? errorId : undefined}>
                <legend>
                  <span className="hint">{t('quiz.questionN', { n })}</span> {q.title}
                </legend>
                {missing.has(n) ? (
                  <p id={errorId} className="field-error">
                    {t('quiz.missingQuestion', { n })}
                  </p>
                ) : null}
                <div className="choices column">
                  {q.options.map((o) => (
                    <label key={o.grade}>
                      <input type="radio" name={answerField(i)} value={o.grade} defaultChecked={actionData?.chosen[i] === o.grade} /> {o.text}
                    </label>
                  ))}
                </div>
              </fieldset>
            )
          })}
          <button className="button wide" type="submit" disabled={busy}>
            {t('quiz.submit')}
          </button>
        </Form>
      )}
    </>
  )
}
