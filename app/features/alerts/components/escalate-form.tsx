import type { SubmissionResult } from '@conform-to/react'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { EscalateSchema, EscalationNoteSchema } from '~/features/alerts/schema'
import { RESOLVE_NOTE_MAX } from '~/features/alerts/constants'
import { useT } from '~/i18n/use-t'
import { Select } from '~/ui/choice-fields'
import { ErrorList, TextAreaField } from '~/ui/field'
import { useServerForm } from '~/ui/server-form'

type Targets = { kind: 'counsellors' | 'admins' | 'none'; people: { id: number; name: string | null }[] }
type Escalation = { userId: number; to: string | null }
type Results = { escalate?: SubmissionResult<string[]>; escalationNote?: SubmissionResult<string[]> }

/**
 * Escalation on an alert (decisions 0046 and 0059): "Escalate to the counsellor" to whoever of the team's
 * counsellors (or its admins, where it has none) does not have it yet, preselected when there is
 * one; and, once it went to someone (by a teacher, or by itself when nobody opened it in time), "Add
 * a note to the escalation" instead of an escalation the server would refuse. A journal outside a
 * team says it has no counsellor.
 */
export function EscalationForms({ targets, escalations, results }: { targets: Targets; escalations: Escalation[]; results: Results }) {
  const { t } = useT()
  if (targets.kind === 'none' && escalations.length === 0) return <p className="card hint">{t('alerts.noCounsellor')}</p>
  const remaining = targets.people.filter((p) => !escalations.some((e) => e.userId === p.id))
  return (
    <>
      {escalations.length ? <EscalationNoteForm names={[...new Set(escalations.map((e) => e.to ?? ''))].join(', ')} lastResult={results.escalationNote} /> : null}
      {remaining.length ? <EscalateForm kind={targets.kind} people={remaining} lastResult={results.escalate} /> : null}
    </>
  )
}

function EscalateForm({ kind, people, lastResult }: { kind: Targets['kind']; people: Targets['people']; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof EscalateSchema>>({
    id: 'alert-escalate',
    lastResult,
    defaultValue: people.length === 1 ? { to: String(people[0].id) } : undefined,
  })
  const options = [...(people.length > 1 ? [{ value: '', label: '—' }] : []), ...people.map((p) => ({ value: String(p.id), label: p.name ?? '' }))]
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="escalate" />
      <h3>{t('alerts.escalate')}</h3>
      <p className="hint">{t('alerts.escalateHint')}</p>
      {kind === 'admins' ? <p className="hint">{t('alerts.escalateAdminsHint')}</p> : null}
      <Select field={fields.to} label={t('alerts.escalateTo')} options={options} />
      <TextAreaField field={fields.note} label={t('alerts.escalateNote')} hint={t('alerts.resolveHint', { count: RESOLVE_NOTE_MAX })} maxLength={RESOLVE_NOTE_MAX} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button className="button secondary" type="submit" disabled={busy}>
        {t('alerts.escalate')}
      </button>
    </Form>
  )
}

function EscalationNoteForm({ names, lastResult }: { names: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof EscalationNoteSchema>>({ id: 'alert-escalation-note', lastResult })
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="escalationNote" />
      <h3>{t('alerts.escalationNote')}</h3>
      <p className="hint">{t('alerts.escalationNoteHint', { names })}</p>
      <TextAreaField field={fields.note} label={t('alerts.escalateNote')} hint={t('alerts.resolveHint', { count: RESOLVE_NOTE_MAX })} maxLength={RESOLVE_NOTE_MAX} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <button className="button secondary" type="submit" disabled={busy}>
        {t('alerts.escalationNoteButton')}
      </button>
    </Form>
  )
}

/**
 * A note the server did not send because the alert was resolved meanwhile (decision 0059): the forms are
 * gone from a resolved alert's page, so the note is shown back to be copied, never lost.
 */
export function KeptNote({ results }: { results: Results }) {
  const { t } = useT()
  const note = [results.escalate, results.escalationNote].map((r) => r?.initialValue?.note).find((n) => typeof n === 'string' && n.trim())
  if (typeof note !== 'string') return null
  return (
    <div className="card kept-note" role="alert">
      <p>{t('alerts.noteNotSent')}</p>
      <label htmlFor="kept-note">{t('alerts.keptNote')}</label>
      <textarea id="kept-note" readOnly rows={3} defaultValue={note} />
    </div>
  )
}
