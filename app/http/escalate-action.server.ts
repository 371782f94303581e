import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { AppSession } from '~/auth/session-storage.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { mailer } from '~/mail/mail.server'
import { sendAlertMail } from '~/features/alerts/alert-mail.server'
import { escalateAlert, sendAlertMails } from '~/features/alerts/escalate.server'
import { EscalateSchema } from '~/features/alerts/schema'

/**
 * The alert page's "Escalate to the counsellor" form (issue 36), kept apart from the page's other
 * actions: parse, escalate, tell the counsellor (notification and e-mail), and say what happened.
 */
export async function escalateFromPage(request: Request, session: AppSession, form: FormData, at: { journalId: number; alertId: number; userId: number }) {
  const submission = parseWithZod(form, { schema: EscalateSchema })
  if (submission.status !== 'success') return data({ intent: 'escalate', result: submission.reply() }, 400)
  const { result, mails } = await escalateAlert(db, at.journalId, at.alertId, at.userId, { to: Number(submission.value.to), note: submission.value.note })
  if (result === 'missing') throw data(null, { status: 404 })
  // Someone not among the journal's counsellors (a forged or stale form): the field says so, nothing is written.
  if (result === 'notTarget') return data({ intent: 'escalate', result: submission.reply({ fieldErrors: { to: ['alerts.chooseCounsellor'] } }) }, 400)
  const to = `/diary/homework/${at.journalId}/alerts/${at.alertId}`
  if (result === 'already') return await redirectWithToast(request, session, to, { kind: 'error', key: 'alerts.escalateAlready' })
  if (result === 'resolved') return await redirectWithToast(request, session, to, { kind: 'error', key: 'alerts.stale' })
  await sendAlertMails(mails, (mail) => sendAlertMail(db, mailer, env.PUBLIC_ORIGIN, mail))
  return await redirectWithToast(request, session, to, { kind: 'success', key: 'alerts.done_escalate' })
}
