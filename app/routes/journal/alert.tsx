import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import { markAlertOpened } from '~/features/notifications/list.server'
import type { Route } from './+types/alert'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { actOnAlert, alertDetail, markSeen } from '~/features/alerts/manage.server'
import type { SnoozeSchema } from '~/features/alerts/schema'
import { AlertActionSchema } from '~/features/alerts/schema'
import { SNOOZE_MAX_DAYS, snoozeWindow } from '~/features/alerts/constants'
import { counselOf, escalationTargets } from '~/features/alerts/escalate.server'
import { escalateFromPage, isEscalateIntent } from '~/routes/journal/alert-escalate.server'
import { AlertTrail, EscalationSummary } from '~/features/alerts/components/alert-trail'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { EscalationForms, KeptNote } from '~/features/alerts/components/escalate-form'
import { journalOf } from '~/auth/journal-gate.server'
import { parseId } from '~/shared/lists'
import { readForm } from '~/http/form.server'
import { ALERTS_HANDLE, alertsDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { AlertHeader } from '~/features/alerts/components/alert-header'
import { AlertReasonsView } from '~/features/alerts/components/alert-reasons'
import { isStudentDataOpen } from '~/features/student-door.server'
import { FastLink } from '~/ui/fast-link'
import { ErrorList, TextField } from '~/ui/field'
import { useServerForm } from '~/ui/server-form'
import { pageMeta } from '~/ui/page-title'
import { ResolveAlertForm } from '~/features/alerts/components/resolve-alert-form'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = ALERTS_HANDLE
export const clientMiddleware = alertsDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

async function detailOr404(journalId: number, rawId: string | undefined) {
  const id = parseId(rawId)
  const alert = id === null ? null : await alertDetail(db, journalId, id)
  if (!alert) throw data(null, { status: 404 })
  return alert
}

/**
 * /diary/homework/{id}/alerts/{alertId}: why the alert was raised, who has seen it, its trail, and
 * what to do. Opening it records that this teacher saw it, whatever the way in (the list, a
 * notification, a bookmark, a new tab): an access record for the safeguarding trail, not a change
 * the teacher makes (decision 0044).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const id = parseId(params.alertId)
  if (id !== null && (await markSeen(db, journal.id, id, user.userId))) await markAlertOpened(db, user.userId, id)
  const alert = await detailOr404(journal.id, params.alertId)
  const [counsel, targets] = await Promise.all([counselOf(db, alert.id), escalationTargets(db, journal.id)])
  await recordLook(db, { viewerId: journalOf(context).user.userId, studentIds: [alert.studentId], kind: 'alerts', journalId: journal.id, timeZone: await journalZone(db, journal.id) })
  // While the student's erasure waits (rule 12) the alert stays, for the school's duty of care, but the student's pages are shut: no link leads to them.
  const dataOpen = await isStudentDataOpen(db, alert.studentId)
  return { title: `${alert.student}: ${getInstance(context).t(alert.summary.concern)} | ${journal.name}`, journalId: journal.id, alert, snooze: snoozeWindow(), counsel, targets, dataOpen }
}

export const action = once(async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const { journal, user, session } = journalOf(context)
  const alert = await detailOr404(journal.id, params.alertId)
  // Escalation to the counsellor (decision 0046) and a note added to it (decision 0059): their own forms and feature.
  if (isEscalateIntent(form.get('intent'))) return escalateFromPage(request, session, form, { journalId: journal.id, alertId: alert.id, userId: user.userId })
  const submission = parseWithZod(form, { schema: AlertActionSchema })
  if (submission.status !== 'success') return data({ intent: String(form.get('intent')), result: submission.reply() }, 400)
  const done = await actOnAlert(db, journal.id, alert.id, user.userId, submission.value)
  const to = `/diary/homework/${journal.id}/alerts/${alert.id}`
  // Another teacher acted first (or this page was stale): nothing is written; the page shows where it stands.
  if (done === 'stale') return await redirectWithToast(request, session, to, { kind: 'error', key: 'alerts.stale' })
  if (done === 'missing') throw data(null, { status: 404 })
  return await redirectWithToast(request, session, to, { kind: 'success', key: `alerts.done_${submission.value.intent}` })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function AlertPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { alert, journalId, snooze, counsel, targets, dataOpen } = loaderData
  const open = alert.status !== 'resolved'
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  const escalation = { escalate: resultOf('escalate'), escalationNote: resultOf('escalationNote') }
  return (
    <>
      <AlertHeader alert={alert} back={{ to: `/diary/homework/${journalId}/alerts`, label: t('alerts.title') }}>
        {dataOpen ? <FastLink to={`/diary/homework/${journalId}/student/${alert.studentId}`}>{t('alerts.studentPage')}</FastLink> : <span className="hint">{t('alerts.studentClosed')}</span>}
      </AlertHeader>

      <section aria-labelledby="why">
        <h2 id="why">{t('alerts.why')}</h2>
        <AlertReasonsView reasons={alert.reasons} postLink={dataOpen ? undefined : null} />
      </section>

      {open ? (
        <section aria-labelledby="act" className="alert-actions">
          <h2 id="act">{t('alerts.actions')}</h2>
          {alert.status === 'open' || alert.status === 'snoozed' ? (
            <Form method="post" className="card">
              <input type="hidden" name="intent" value="acknowledge" />
              <p className="hint">{t('alerts.acknowledgeHint')}</p>
              <button className="button" type="submit">
                {t('alerts.acknowledge')}
              </button>
            </Form>
          ) : null}
          <SnoozeForm lastResult={resultOf('snooze')} min={snooze.min} max={snooze.max} />
          <ResolveAlertForm id="alert-resolve" lastResult={resultOf('resolve')} />
          <EscalationForms targets={targets} escalations={counsel.escalations} results={escalation} />
        </section>
      ) : (
        <KeptNote results={escalation} />
      )}

      <EscalationSummary escalations={counsel.escalations} takenBy={counsel.takenBy} takenAt={counsel.takenAt} />

      <section aria-labelledby="seen">
        <h2 id="seen">{t('alerts.seenBy')}</h2>
        <p>{alert.seenBy.length ? alert.seenBy.join(', ') : t('alerts.seenByNobody')}</p>
      </section>

      <section aria-labelledby="trail">
        <h2 id="trail">{t('alerts.trail')}</h2>
        <AlertTrail trail={alert.trail} escalations={counsel.escalations} verdict={alert.verdict} />
        <p className="hint">
          <a href={`/diary/homework/${journalId}/alerts/${alert.id}/record.pdf`} download>
            {t('alerts.record')}
          </a>{' '}
          {t('alerts.recordHint')}
        </p>
      </section>
    </>
  )
}

function SnoozeForm({ lastResult, min, max }: { lastResult?: SubmissionResult<string[]>; min: string; max: string }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof SnoozeSchema>>({ id: 'alert-snooze', lastResult })
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="snooze" />
      <TextField field={fields.until} label={t('alerts.snoozeUntil')} hint={t('alerts.snoozeHint', { count: SNOOZE_MAX_DAYS })} inputProps={{ type: 'date', min, max }} />
      <ErrorList errors={form.errors} />
      <button className="button secondary" type="submit" disabled={busy}>
        {t('alerts.snooze')}
      </button>
    </Form>
  )
}
