import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { AppSession } from '~/auth/session-storage.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { mailer } from '~/mail/mail.server'
import { sendAlertMail, sendAlertMails } from '~/features/alerts/alert-mail.server'
import { addEscalationNote, escalateAlert } from '~/features/alerts/escalate.server'
import { EscalateSchema, EscalationNoteSchema } from '~/features/alerts/schema'

/** The alert page's intents this module answers. */
export const ESCALATE_INTENTS = ['escalate', 'escalationNote'] as const
export type EscalateIntent = (typeof ESCALATE_INTENTS)[number]
export const isEscalateIntent = (intent: unknown): intent is EscalateIntent => ESCALATE_INTENTS.includes(intent as EscalateIntent)

/**
 * The alert page's "Escalate to the counsellor" form (decision 0046) and "Add a note to the escalation"
 * (decision 0059), kept apart from the page's other actions: parse, escalate or add the note, tell whom it
 * went to (notification and e-mail), and say what happened. A refusal answers with the form as it
 * was sent, so the note typed is never lost. Beside the alert page (alert.tsx), the one page that
 * has these forms.
 */
export async function escalateFromPage(request: Request, session: AppSession, form: FormData, at: { journalId: number; alertId: number; userId: number }) {
  const intent: EscalateIntent = form.get('intent') === 'escalationNote' ? 'escalationNote' : 'escalate'
  const submission = parseWithZod(form, { schema: intent === 'escalate' ? EscalateSchema : EscalationNoteSchema })
  if (submission.status !== 'success') return data({ intent, result: submission.reply() }, 400)
  const v = submission.value
  const { result, mails } = v.intent === 'escalate' ? await escalateAlert(db, at.journalId, at.alertId, at.userId, { to: Number(v.to), note: v.note }) : await addEscalationNote(db, at.journalId, at.alertId, at.userId, v.note)
  if (result === 'missing') throw data(null, { status: 404 })
  // Someone not among the journal's counsellors (a forged or stale form): the field says so, nothing is written.
  if (result === 'notTarget') return data({ intent, result: submission.reply({ fieldErrors: { to: ['alerts.chooseCounsellor'] } }) }, 400)
  // Resolved meanwhile (or never escalated, for a note): nothing is written, and the note comes back.
  if (result === 'resolved' || result === 'notEscalated') return data({ intent, result: submission.reply({ formErrors: [result === 'resolved' ? 'alerts.noteNotSent' : 'alerts.stale'] }) }, 409)
  const to = `/diary/homework/${at.journalId}/alerts/${at.alertId}`
  // The same note sent twice (a double click, a stale tab): it is in the trail once.
  if (result === 'already') return await redirectWithToast(request, session, to, { kind: 'success', key: 'alerts.noteAlready' })
  await sendAlertMails(mails, (mail) => sendAlertMail(db, mailer, env.PUBLIC_ORIGIN, mail))
  const done = { ok: v.intent === 'escalate' ? 'alerts.done_escalate' : 'alerts.done_escalationNote', noted: 'alerts.done_noted' } as const
  return await redirectWithToast(request, session, to, { kind: 'success', key: done[result] })
}
