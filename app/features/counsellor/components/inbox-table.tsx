import { AlertStatusBadge, AlertSummaryLine } from '~/features/alerts/components/alert-reasons'
import type { counsellorInbox } from '~/features/counsellor/inbox.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'

type InboxRow = Awaited<ReturnType<typeof counsellorInbox>>['rows'][number]

/** The counsellor's list of the alerts escalated to them (decision 0046): the student, the journal, why, where it stands, who escalated it and who took it. */
export function InboxTable({ rows }: { rows: InboxRow[] }) {
  const { t } = useT()
  const open = rows.filter((r) => r.status !== 'resolved').length
  return (
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
        {rows.map((a) => (
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
  )
}
