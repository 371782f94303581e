import type { AlertStepAction, AlertVerdict } from '~/db/schema'
import { useT } from '~/i18n/use-t'
import { NOTED_STEPS, recipientsOf } from '~/features/alerts/trail'
import { formatDateTime } from '~/shared/dates'

export interface TrailStep {
  id: number
  action: AlertStepAction
  note: string
  at: string
  userId: number | null
  who: string | null
  /** The wait the console gave before escalating or reminding by itself; null for a person's step. */
  autoWait: { hours: number } | { days: number } | null
}
export interface EscalationRow {
  id: number
  userId: number
  byId: number | null
  to: string | null
  by: string | null
  note: string
  at: string
}

const STEP_KEYS = {
  raised: 'alerts.step_raised',
  evidence: 'alerts.step_evidence',
  seen: 'alerts.step_seen',
  acknowledged: 'alerts.step_acknowledged',
  snoozed: 'alerts.step_snoozed',
  resolved: 'alerts.step_resolved',
  reopened: 'alerts.step_reopened',
  escalated: 'alerts.step_escalated',
  noted: 'alerts.step_noted',
  reminded: 'alerts.step_reminded',
  taken: 'alerts.step_taken',
  step: 'alerts.step_step',
  recorded: 'alerts.step_recorded',
} as const

/** An alert's trail: every step, who and when, with the notes (decision 0037) and escalations, takes and steps (decision 0046). */
export function AlertTrail({ trail, escalations, verdict }: { trail: TrailStep[]; escalations: EscalationRow[]; verdict: AlertVerdict | null }) {
  const { t } = useT()
  return (
    <ol className="trail">
      {trail.map((s) => {
        const auto = s.autoWait
        const wait = auto ? ('hours' in auto ? t('alerts.waitHours', { count: auto.hours }) : t('alerts.waitDays', { count: auto.days })) : ''
        const noted = s.note && !auto && NOTED_STEPS.includes(s.action)
        return (
          <li key={s.id}>
            <time dateTime={s.at}>{formatDateTime(s.at)}</time> <strong>{s.who ?? t('alerts.console')}</strong>{' '}
            {t(auto && s.action === 'escalated' ? 'alerts.step_escalatedAuto' : STEP_KEYS[s.action], { date: s.note, names: recipientsOf(s, escalations).join(', '), wait })}
            {noted ? <blockquote>{s.note}</blockquote> : null}
            {s.action === 'resolved' && verdict ? <p className="hint">{t('alerts.verdictShown', { verdict: t(`alerts.verdict_${verdict}`) })}</p> : null}
          </li>
        )
      })}
    </ol>
  )
}

/** To whom the alert was escalated and who took it: one line each. */
export function EscalationSummary({ escalations, takenBy, takenAt }: { escalations: EscalationRow[]; takenBy: string | null; takenAt: string | null }) {
  const { t } = useT()
  if (escalations.length === 0) return null
  return (
    <section aria-labelledby="escalated" className="escalation-summary">
      <h2 id="escalated">{t('alerts.escalatedTo')}</h2>
      <ul>
        {escalations.map((e) => (
          <li key={e.id}>
            <strong>{e.to}</strong> · {e.by ? t('alerts.escalatedBy', { name: e.by }) : t('alerts.escalatedByItself')} · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
          </li>
        ))}
      </ul>
      <p>{takenBy ? t('alerts.takenBy', { name: takenBy, at: formatDateTime(takenAt!) }) : t('alerts.notTaken')}</p>
    </section>
  )
}
