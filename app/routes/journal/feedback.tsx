import type { Route } from './+types/feedback'
import { insightsScope } from '~/auth/insights-gate.server'
import { feedbackPage } from '~/features/insights/feedback-page.server'
import { durationText, FEW_POSTS, percentOf } from '~/features/insights/figures'
import { PeriodPicker } from '~/features/insights/components/period-picker'
import { INSIGHTS_HANDLE, insightsDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate } from '~/shared/dates'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { Pager } from '~/ui/pager'
import { PayNotice } from '~/ui/pay'

export const handle = INSIGHTS_HANDLE
export const clientMiddleware = insightsDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/feedback (decision 0048): who has written and heard nothing back, for how long,
 * and how quickly the journal's teachers answer. Its teachers only (the journal gate); the
 * reports' pay function (f8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const t = getInstance(context).t
  const page = await feedbackPage(await insightsScope(context, request), request, t)
  return { ...page, title: `${t('feedback.title')} | ${page.journal.name}` }
}

type Data = Extract<Route.ComponentProps['loaderData'], { locked: false }>

export default function FeedbackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  return (
    <>
      <h1>{t('feedback.title')}</h1>
      <p className="hint">{t('feedback.intro')}</p>
      {loaderData.locked ? <PayNotice /> : <Feedback data={loaderData} />}
    </>
  )
}

function Feedback({ data }: { data: Data }) {
  const { t } = useT()
  const base = `/diary/homework/${data.journal.id}/feedback`
  const to = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(data.keep)
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k)
    else next.set(k, v)
    return `${base}?${next}`
  }
  return (
    <div className="report insights">
      <PeriodPicker data={data} base={to} />
      <Summary data={data} />
      <div className="insights-body">
        <section className="card" aria-labelledby="students-title">
          <div className="chart-head">
            <h2 id="students-title">{t('feedback.studentsTitle')}</h2>
            <a className="button small secondary" href={`${base}.xlsx?${data.keep}`} download>
              {t('insights.download')}
            </a>
          </div>
          <StudentTable data={data} />
        </section>
        <WeeklyTrend data={data} />
      </div>
      <TeacherTable data={data} />
    </div>
  )
}

function Summary({ data }: { data: Data }) {
  const { t } = useT()
  const { totals } = data
  const longest = data.students.page === 1 ? data.students.rows[0]?.oldest : undefined
  if (totals.posts === 0) {
    return (
      <p className="card summary" role="status">
        {t('feedback.noPosts')}
      </p>
    )
  }
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <h2 id="summary-title" className="visually-hidden">
        {t('feedback.summaryTitle')}
      </h2>
      <p>
        {t('feedback.summaryPosts', { count: totals.posts, answered: totals.answered, percent: percentOf(totals.answered, totals.posts) })}{' '}
        {totals.waiting ? t('feedback.summaryWaiting', { count: totals.waiting, students: totals.waitingStudents }) : t('feedback.summaryNoneWaiting')}{' '}
        {longest ? t('feedback.summaryLongest', { count: longest.schoolDays, name: data.students.rows[0].name }) : null}
      </p>
      {totals.medianSecs !== null ? <p>{t('feedback.summaryMedian', { time: durationText(totals.medianSecs, t) })}</p> : null}
    </section>
  )
}

function StudentTable({ data }: { data: Data }) {
  const { t } = useT()
  const { rows, total, page, totalPages } = data.students
  if (total === 0) return <p className="empty">{t('feedback.noStudents')}</p>
  return (
    <>
      <div className="table-scroll">
        <table className="table row-heads">
          <thead>
            <tr>
              <th scope="col">{t('feedback.student')}</th>
              <th scope="col" className="number">
                {t('feedback.posts')}
              </th>
              <th scope="col" className="number">
                {t('feedback.waiting')}
              </th>
              <th scope="col">{t('feedback.oldest')}</th>
              <th scope="col">{t('feedback.median')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  <FastLink to={`/diary/homework/${data.journal.id}/student/${s.id}`}>{s.name}</FastLink>
                </th>
                <td className="number">{s.posts}</td>
                <td className="number">{s.waiting}</td>
                <td>
                  {s.oldest ? (
                    <>
                      {s.oldest.postId ? <FastLink to={`/diary/diaryPost/${s.oldest.postId}`}>{formatDate(s.oldest.createdAt)}</FastLink> : formatDate(s.oldest.createdAt)}{' '}
                      <span className={s.oldest.schoolDays > data.waitDays ? 'badge' : 'hint days'}>{t('feedback.schoolDays', { count: s.oldest.schoolDays })}</span>
                    </>
                  ) : (
                    '–'
                  )}
                </td>
                <td className={s.medianSecs !== null && s.answered < FEW_POSTS ? 'few' : undefined}>{s.medianSecs === null ? '–' : durationText(s.medianSecs, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} totalPages={totalPages} />
      <p className="hint">{t('feedback.tableNote', { count: data.waitDays, few: FEW_POSTS })}</p>
    </>
  )
}

function WeeklyTrend({ data }: { data: Data }) {
  const { t } = useT()
  // The finding compares the last whole week with the one before: a week still going would read as a drop.
  const whole = data.weeks.filter((w) => !w.partial)
  const last = whole.at(-1) ?? data.weeks.at(-1)!
  const before = whole.at(-2) ?? data.weeks.at(-2)!
  const few = last.posts < FEW_POSTS
  return (
    <section className="card chart-card weekly" aria-labelledby="trend-title">
      <h2 id="trend-title">{t('feedback.trendTitle')}</h2>
      {data.chart ? (
        <>
          <p className={few ? 'finding few' : 'finding'}>
            {t('feedback.trendFinding', {
              week: last.week,
              answered: last.answered,
              count: last.posts,
              percent: percentOf(last.answered, last.posts),
              before: before.answered,
              beforePosts: before.posts,
              beforePercent: percentOf(before.answered, before.posts),
            })}
            {few ? ` ${t('insights.tooFew', { count: last.posts })}` : null}
          </p>
          <figure className="chart" aria-hidden="true" dangerouslySetInnerHTML={{ __html: data.chart }} />
          <details className="chart-data">
            <summary>{t('report.data')}</summary>
            <table>
              <caption className="visually-hidden">{t('feedback.trendTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('feedback.week')}</th>
                  <th scope="col">{t('feedback.posts')}</th>
                  <th scope="col">{t('feedback.answered')}</th>
                  <th scope="col">{t('feedback.median')}</th>
                </tr>
              </thead>
              <tbody>
                {data.weeks.map((w) => (
                  <tr key={w.week}>
                    <th scope="row">
                      {w.week}
                      {w.partial ? '*' : ''}
                    </th>
                    <td>{w.posts}</td>
                    <td>
                      {w.answered} ({percentOf(w.answered, w.posts)}%)
                    </td>
                    <td>{w.medianSecs === null ? '–' : durationText(w.medianSecs, t)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          {data.weeks.some((w) => w.partial) ? <p className="hint">{t('feedback.partialNote')}</p> : null}
        </>
      ) : (
        <p className="empty">{t('feedback.trendEmpty')}</p>
      )}
    </section>
  )
}

function TeacherTable({ data }: { data: Data }) {
  const { t } = useT()
  return (
    <section className="card" aria-labelledby="teachers-title">
      <h2 id="teachers-title">{t('feedback.teachersTitle')}</h2>
      <p className="hint">{t('feedback.teachersNote')}</p>
      <div className="table-scroll">
        <table className="table row-heads">
          <thead>
            <tr>
              <th scope="col">{t('feedback.teacher')}</th>
              <th scope="col" className="number">
                {t('feedback.comments')}
              </th>
              <th scope="col" className="number">
                {t('feedback.postsAnswered')}
              </th>
              <th scope="col">{t('feedback.median')}</th>
            </tr>
          </thead>
          <tbody>
            {data.teachers.map((teacher) => (
              <tr key={teacher.id}>
                <th scope="row">
                  {teacher.name} {teacher.owner ? <span className="hint">({t('feedback.owner')})</span> : null}
                </th>
                <td className="number">{teacher.comments}</td>
                <td className="number">
                  {teacher.answered} ({teacher.share}%)
                </td>
                <td>{teacher.medianSecs === null ? '–' : durationText(teacher.medianSecs, t)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
