import type { ReactNode } from 'react'
import type { AlertSeverity } from '~/db/schema'
import type { ShownStatus } from '~/features/alerts/manage.server'
import type { AlertSummary } from '~/features/alerts/summary'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { AlertStatusBadge, SeverityBadge } from './alert-reasons'

/** What an alert's header shows of it. */
export interface AlertHead {
  student: string
  studentId: number
  avatarUrl: string | null
  severity: AlertSeverity
  shownStatus: ShownStatus
  snoozeUntil: string | null
  createdAt: string
  summary: Pick<AlertSummary, 'concern'>
}

/**
 * An alert's page header, the journal's and the counsellor's alike (decision 0046): the way back to
 * the list it was opened from, the student, the concern that leads (decision 0059), its severity,
 * where it stands and when it was raised; `children` ends the line with the page's own link or note.
 */
export function AlertHeader({ alert, back, children }: { alert: AlertHead; back: { to: string; label: string }; children?: ReactNode }) {
  const { t } = useT()
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('alerts.breadcrumb')}>
        <FastLink to={back.to}>{back.label}</FastLink> › <span>{alert.student}</span>
      </nav>
      <div className="alert-head">
        {alert.avatarUrl ? <img className="avatar" src={alert.avatarUrl} alt="" width={48} height={48} /> : <Avatar name={alert.student} seed={alert.studentId} />}
        <div>
          <h1>
            {alert.student}: {t(alert.summary.concern)}
          </h1>
          <p>
            <SeverityBadge severity={alert.severity} /> <AlertStatusBadge status={alert.shownStatus} until={alert.snoozeUntil} /> <span className="hint">{t('alerts.raisedAt', { at: formatDateTime(alert.createdAt) })}</span> {children}
          </p>
        </div>
      </div>
    </>
  )
}
