import { data } from 'react-router'
import type { Route } from './+types/quiz-result'
import { db } from '~/db/db.server'
import { assessmentOf } from '~/auth/assessment-gate.server'
import { resultOf } from '~/features/assessments/results.server'
import { ASSESSMENTS_HANDLE, assessmentsDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Avatar } from '~/ui/avatar'
import { Facts } from '~/ui/facts'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { PayNotice } from '~/ui/pay'

export const handle = ASSESSMENTS_HANDLE
export const clientMiddleware = assessmentsDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/quiz/{uuid} (spec 3): one student's answers, each question beside the chosen
 * option's text. A uuid that is not one of this journal's results is the 404 page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { journal, paid } = assessmentOf(context)
  const t = getInstance(context).t
  if (!paid) return { locked: true as const, title: `${t('quiz.detailTitle')} | ${journal.name}`, journalId: journal.id }
  const result = await resultOf(db, journal.id, params.uuid)
  if (!result) throw data(null, { status: 404 })
  return { locked: false as const, title: `${result.nickname}: ${result.title} | ${journal.name}`, journalId: journal.id, result }
}

export default function QuizResultPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const back = `/diary/homework/${loaderData.journalId}/quiz`
  if (loaderData.locked) {
    return (
      <>
        <h1>{t('quiz.detailTitle')}</h1>
        <PayNotice />
      </>
    )
  }
  const { result } = loaderData
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('quiz.back')}>
        <FastLink to={back}>← {t('quiz.back')}</FastLink>
      </nav>
      <h1>{t('quiz.detailTitle')}</h1>
      <section className="card quiz-result-head">
        <span className="who-cell">
          {result.avatarUrl ? <img className="avatar large" src={result.avatarUrl} alt="" width={48} height={48} /> : <Avatar name={result.nickname} seed={result.userId} large />}
          <strong>{result.nickname}</strong>
        </span>
        <Facts
          items={[
            [t('quiz.email'), result.email ?? result.account],
            [t('quiz.colTitle'), `${result.title} (${t('quiz.runN', { round: result.round })})`],
            [t('quiz.answeredAt'), formatDateTime(result.createDate)],
            [t('quiz.total'), result.total],
          ]}
        />
      </section>
      <div className="table-scroll">
        <table className="table row-heads">
          <thead>
            <tr>
              <th scope="col">{t('quiz.colQuestion')}</th>
              <th scope="col">{t('quiz.colAnswer')}</th>
              <th scope="col" className="number">{t('quiz.colGrade')}</th>
            </tr>
          </thead>
          <tbody>
            {result.answers.map((a, i) => (
              <tr key={i}>
                <th scope="row">
                  {i + 1}. {a.title}
                </th>
                <td>{a.text ?? t('quiz.unknownAnswer')}</td>
                <td className="number">{a.grade ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
