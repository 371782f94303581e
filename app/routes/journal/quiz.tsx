import { data, useLocation, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/quiz'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { assessmentOf } from '~/auth/assessment-gate.server'
import { openRun, quizChoices, runsOf, setRunOpen } from '~/features/assessments/quizzes.server'
import { changesOf, resultList, runSummary } from '~/features/assessments/results.server'
import { idField } from '~/features/form-ids.server'
import { studentCount } from '~/features/journals/members.server'
import { listParams, parseId } from '~/shared/lists'
import { readForm } from '~/http/form.server'
import { ASSESSMENTS_HANDLE, assessmentsDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Dialog } from '~/ui/dialog'
import { FastLink } from '~/ui/fast-link'
import { NameSearch } from '~/features/posts/components/list-tables'
import { pageMeta } from '~/ui/page-title'
import { Pager } from '~/ui/pager'
import { PayNotice } from '~/ui/pay'
import { QuizSummary } from '~/ui/quiz-summary'
import { TableHead } from '~/ui/table-head'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = ASSESSMENTS_HANDLE
export const clientMiddleware = assessmentsDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/quiz (spec 3 assessment results, decision 0036): the journal's quiz runs (open,
 * close, reopen), the summary of one run (`?run=`, the newest by default), and the results list
 * with its search, pager, detail links and export. Pay function f3; only with sub-type 6.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, paid } = assessmentOf(context)
  const t = getInstance(context).t
  const title = `${t('quiz.title')} | ${journal.name}`
  if (!paid) return { locked: true as const, title }
  const url = new URL(request.url)
  const { q, page } = listParams(url)
  const [runs, choices, students, list] = await Promise.all([runsOf(db, journal.id), quizChoices(db, journal.lang, getInstance(context).language), studentCount(db, journal.id), resultList(db, { journalId: journal.id, q, page })])
  const run = runs.find((r) => r.id === parseId(url.searchParams.get('run'))) ?? runs[0]
  let summary = null
  if (run) {
    const [figures, changes, { choiceBars }] = await Promise.all([runSummary(db, run), changesOf(db, journal.id, run.quizId), import('~/features/reports/charts.server')])
    summary = {
      title: run.title,
      round: run.round,
      answered: figures.answered,
      average: figures.average,
      questions: figures.questions.map((question, i) => ({ ...question, chart: figures.answered ? choiceBars(question.options, t('quiz.chartTitle', { n: i + 1, title: question.title })) : '' })),
      changes,
    }
  }
  return { locked: false as const, title, journalId: journal.id, runs, runId: run?.id ?? null, choices, students, summary, list, q, page, noData: url.searchParams.get('nodata') === '1' }
}

/** Open a quiz as the journal's next run, close a run or reopen it. */
export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { journal, user, session, paid } = assessmentOf(context)
  const form = await readForm(request)
  if (!paid) throw data(null, { status: 403 })
  const args: IntentArgs = { request, session, journalId: journal.id, userId: user.userId, form }
  switch (form.get('intent')) {
    case 'open':
      return openAction(args)
    case 'close':
      return setOpenAction(args, false)
    case 'reopen':
      return setOpenAction(args, true)
    default:
      throw data(null, { status: 400 })
  }
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

interface IntentArgs {
  request: Request
  session: ReturnType<typeof assessmentOf>['session']
  journalId: number
  userId: number
  form: FormData
}

/** The quiz opens as the next run: the page goes back to the newest run. */
async function openAction({ request, session, journalId, userId, form }: IntentArgs) {
  const result = await openRun(db, journalId, idField(form, 'quizId'), userId)
  if (!result.ok) return data({ error: result.error }, 400)
  return redirectWithToast(request, session, new URL(request.url).pathname, { kind: 'success', key: 'quiz.opened', snackbar: true })
}

/** A run closes or opens again: the page stays on that run. */
async function setOpenAction({ request, session, journalId, form }: IntentArgs, open: boolean) {
  const result = await setRunOpen(db, journalId, idField(form, 'runId'), open)
  if (!result.ok) return data({ error: result.error }, 400)
  const back = new URL(request.url)
  return redirectWithToast(request, session, `${back.pathname}${back.search}`, { kind: 'success', key: open ? 'quiz.reopened' : 'quiz.closed', snackbar: true })
}

export default function QuizPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const location = useLocation()
  const busy = useNavigation().state === 'submitting'
  if (loaderData.locked) {
    return (
      <>
        <h1>{t('quiz.title')}</h1>
        <PayNotice />
      </>
    )
  }
  const { runs, runId, choices, students, summary, list, q, journalId } = loaderData
  const here = `${location.pathname}${location.search}`
  const base = `/diary/homework/${journalId}/quiz`
  const withoutNoData = new URLSearchParams(location.search)
  withoutNoData.delete('nodata')
  const exportParams = new URLSearchParams(q ? { q } : {})
  return (
    <>
      <h1>{t('quiz.title')}</h1>
      <p className="hint">{t('quiz.intro')}</p>
      {actionData?.error ? (
        <p className="notice error" role="alert">
          {t(actionData.error)}
        </p>
      ) : null}

      <section className="card" aria-labelledby="quiz-runs-title">
        <h2 id="quiz-runs-title">{t('quiz.runsTitle')}</h2>
        {runs.length === 0 ? (
          <p className="empty">{t('quiz.noRuns')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table row-heads">
              <TableHead columns={[t('quiz.colQuiz'), t('quiz.colRun'), t('quiz.colOpened'), { label: t('quiz.colAnswered'), className: 'number' }, t('quiz.colStatus'), { hidden: t('quiz.close') }]} />
              <tbody>
                {runs.map((r) => (
                  <tr key={r.id} aria-current={r.id === runId ? 'true' : undefined} className={r.id === runId ? 'current' : undefined}>
                    <th scope="row">
                      <FastLink to={`${base}?run=${r.id}`} aria-label={t('quiz.summaryOf', { title: r.title, round: r.round })}>
                        {r.title}
                      </FastLink>
                    </th>
                    <td className="nowrap">{t('quiz.runN', { round: r.round })}</td>
                    <td className="nowrap">{formatDateTime(r.openedAt)}</td>
                    <td className="number">{t('quiz.answeredOf', { count: r.answered, students })}</td>
                    <td>{r.open ? <span className="badge">{t('quiz.statusOpen')}</span> : t('quiz.statusClosed')}</td>
                    <td>
                      <Form method="post" action={here} preventScrollReset>
                        <input type="hidden" name="runId" value={r.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={r.open ? 'close' : 'reopen'}
                          className="button small secondary"
                          disabled={busy}
                          aria-label={t(r.open ? 'quiz.closeName' : 'quiz.reopenName', { title: r.title, round: r.round })}
                        >
                          {r.open ? t('quiz.close') : t('quiz.reopen')}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Form method="post" action={here} className="inline-form" preventScrollReset>
          <div className="field">
            <label htmlFor="open-quiz">{t('quiz.chooseQuiz')}</label>
            <select id="open-quiz" name="quizId" required>
              {choices.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </div>
          <button className="button" type="submit" name="intent" value="open" disabled={busy}>
            {t('quiz.open')}
          </button>
        </Form>
      </section>

      {summary ? <QuizSummary summary={summary} resultHref={(uuid) => `${base}/${uuid}`} /> : null}

      <section aria-labelledby="quiz-results-title">
        <h2 id="quiz-results-title">{t('quiz.resultsTitle')}</h2>
        <div className="list-head">
          <NameSearch q={q} />
          {/* A document request: the file downloads, or the page comes back with the no-data dialog. */}
          <a className="button secondary" href={`${base}.xlsx${exportParams.size ? `?${exportParams}` : ''}`}>
            {t('quiz.export')}
          </a>
        </div>
        <p className="hint">{t('quiz.count', { count: list.total })}</p>
        {list.rows.length === 0 ? (
          <p className="empty">{q ? t('quiz.noneFound') : t('quiz.none')}</p>
        ) : (
          <div className="table-scroll">
            <table className="table">
              <TableHead columns={[t('quiz.colName'), t('quiz.colAccount'), t('quiz.colTitle'), t('quiz.colDate'), { hidden: t('quiz.detail') }]} />
              <tbody>
                {list.rows.map((r) => (
                  <tr key={r.uuid}>
                    <td>{r.userName}</td>
                    <td>{r.account}</td>
                    <td>
                      {r.title} <span className="hint">{t('quiz.runN', { round: r.round })}</span>
                    </td>
                    <td className="nowrap">{formatDateTime(r.createDate)}</td>
                    <td>
                      <FastLink className="button small secondary" to={`${base}/${r.uuid}`} aria-label={t('quiz.detailName', { name: r.userName, title: r.title })}>
                        {t('quiz.detail')}
                      </FastLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={list.page} totalPages={list.totalPages} />
      </section>
      {loaderData.noData ? (
        <Dialog title={t('quiz.noDataTitle')} closeTo={`?${withoutNoData}`} alert>
          <p>{t('quiz.noData')}</p>
          <FastLink to={`?${withoutNoData}`}>{t('quiz.closeDialog')}</FastLink>
        </Dialog>
      ) : null}
    </>
  )
}
