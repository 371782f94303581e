import type { Route } from './+types/inbox'
import { db } from '~/db/db.server'
import { requireCounsellor } from '~/auth/counsel-gate.server'
import { counsellorInbox } from '~/features/alerts/escalate.server'
import { listParams } from '~/shared/lists'
import { COUNSEL_HANDLE, counselDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { AlertStatusBadge, AlertSummaryLine } from '~/features/alerts/components/alert-reasons'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { Pager } from '~/ui/pager'

export const handle = COUNSEL_HANDLE
export const clientMiddleware = counselDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /counsellor (decision 0046): the alerts escalated to the signed-in counsellor, open first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireCounsellor(request, context)
  const { page } = listParams(request.url)
  const list = await counsellorInbox(db, user.userId, page)
  return { title: getInstance(context).t('counsel.title'), page, list }
}

export default function CounsellorInbox({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, page } = loaderData
  const open = list.rows.filter((r) => r.status !== 'resolved').length
  return (
    <>
      <h1>{t('counsel.title')}</h1>
      <p className="hint">{t('counsel.intro')}</p>
      {list.rows.length === 0 ? (
        <p className="empty">{t('counsel.none')}</p>
      ) : (
        <table className="table row-heads alerts-table">
          <caption className="visually-hidden">{t('counsel.caption', { count: open })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('alerts.student')}</th>
              <th scope="col">{t('counsel.journal')}</th>
              <th scope="col">{t('alerts.why')}</th>
              <th scope="col">{t('alerts.status')}</th>
              <th scope="col">{t('counsel.escalated')}</th>
              <th scope="col">{t('counsel.taken')}</th>
            </tr>
          </thead>
          <tbody>
            {list.rows.map((a) => (
              <tr key={a.id} className={a.status === 'resolved' ? 'done' : undefined}>
                <th scope="row">
                  <span className="who">
                    {a.avatarUrl ? <img className="avatar" src={a.avatarUrl} alt="" width={32} height={32} /> : <Avatar name={a.student} seed={a.studentId} />}{' '}
                    <FastLink to={`/counsellor/alerts/${a.id}`} aria-label={t('alerts.openOf', { name: a.student })}>
                      {a.student}
                    </FastLink>
                  </span>
                </th>
                <td>{a.journal}</td>
                <td>
                  <AlertSummaryLine severity={a.severity} summary={a.summary} />
                </td>
                <td>
                  <AlertStatusBadge status={a.status} until={a.snoozeUntil} />
                </td>
                <td className="nowrap">
                  {formatDateTime(a.escalatedAt)}
                  <br />
                  <span className="hint">{a.by ? t('alerts.escalatedBy', { name: a.by }) : t('counsel.byItself')}</span>
                </td>
                <td>{a.takenBy ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} totalPages={list.totalPages} />
    </>
  )
}
