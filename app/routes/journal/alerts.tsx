import type { Route } from './+types/alerts'
import { db } from '~/db/db.server'
import { alertFeedback, alertsOf, erasedAlertCount, schoolJournalIds } from '~/features/alerts/manage.server'
import { journalOf } from '~/auth/journal-gate.server'
import { listParams } from '~/shared/lists'
import { ALERT_LIST_HANDLE, alertListDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { AlertStatusBadge, AlertSummaryLine } from '~/features/alerts/components/alert-reasons'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { Pager } from '~/ui/pager'
import { TableHead } from '~/ui/table-head'

export const handle = ALERT_LIST_HANDLE
export const clientMiddleware = alertListDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/alerts (decision 0037): the journal's risk alerts, the ones that need someone
 * first. Only the journal's teachers reach it (the journal gate). Safety is not a paid function.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const { page } = listParams(request.url)
  const [list, feedback, school, erased] = await Promise.all([alertsOf(db, journal.id, page), alertFeedback(db, [journal.id]), schoolJournalIds(db, journal.id).then((ids) => (ids.length > 1 ? alertFeedback(db, ids) : null)), erasedAlertCount(db, journal.id)])
  return { title: `${getInstance(context).t('alerts.title')} | ${journal.name}`, journalId: journal.id, list, feedback, school, erased }
}

export default function AlertsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, journalId } = loaderData
  return (
    <>
      <h1>{t('alerts.title')}</h1>
      <p className="hint">{t('alertList.intro')}</p>
      <FeedbackLine feedback={loaderData.feedback} school={loaderData.school} />
      {loaderData.erased ? <p className="hint">{t('alertList.erasedCount', { count: loaderData.erased })}</p> : null}
      {list.rows.length === 0 ? (
        <p className="empty">{t('alertList.none')}</p>
      ) : (
        <table className="table row-heads alerts-table">
          <TableHead columns={[t('alerts.student'), t('alerts.why'), t('alerts.status'), t('alertList.updated'), t('alerts.seenBy'), { hidden: t('alertList.open') }]} />
          <tbody>
            {list.rows.map((a) => (
              <tr key={a.id} className={a.shownStatus === 'resolved' ? 'done' : undefined}>
                <th scope="row">
                  <span className="who">
                    {a.avatarUrl ? <img className="avatar" src={a.avatarUrl} alt="" width={32} height={32} /> : <Avatar name={a.student} seed={a.studentId} />} {a.student}
                  </span>
                </th>
                <td>
                  <AlertSummaryLine severity={a.severity} summary={a.summary} />
                </td>
                <td>
                  <AlertStatusBadge status={a.shownStatus} until={a.snoozeUntil} />
                </td>
                <td className="nowrap">{formatDateTime(a.updatedAt)}</td>
                <td className="seen-count">{t('alertList.seenByCount', { count: a.seenBy })}</td>
                <td>
                  {/* A link (a new tab, a copied address): the alert's page records who saw it. */}
                  <FastLink className="button small secondary" to={`/diary/homework/${journalId}/alerts/${a.id}`} aria-label={t('alerts.openOf', { name: a.student })}>
                    {t('alertList.open')}
                  </FastLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={list.page} totalPages={list.totalPages} />
      <p className="hint">
        <a href={`/diary/homework/${journalId}/case`}>{t('alertList.toCases')}</a>
      </p>
    </>
  )
}

type Feedback = { resolved: number; judged: number; falseShare: number; misses: number; flagged: number }
/** What teachers said of the last 90 days' alerts: the share of false alarms and the misses, here and in the school. */
function FeedbackLine({ feedback, school }: { feedback: Feedback; school: Feedback | null }) {
  const { t } = useT()
  const share = (f: Feedback) => Math.round(100 * f.falseShare)
  return (
    <p className="feedback-line">
      {t('alertList.feedback', { count: feedback.resolved, judged: feedback.judged, share: share(feedback), misses: feedback.misses, flagged: feedback.flagged })}
      {school ? <> {t('alertList.feedbackSchool', { resolved: school.resolved, judged: school.judged, share: share(school), misses: school.misses })}</> : null}
    </p>
  )
}

