import type { SubmissionResult } from '@conform-to/react'
import { Form } from 'react-router'
import type { z } from 'zod/mini'
import type { EscalateSchema } from '~/features/alerts/schema'
import { RESOLVE_NOTE_MAX } from '~/features/alerts/constants'
import { useT } from '~/i18n/use-t'
import { Select } from './choice-fields'
import { ErrorList, TextAreaField } from './field'
import { useServerForm } from './server-form'

type Targets = { kind: 'counsellors' | 'admins' | 'none'; people: { id: number; name: string | null }[] }

/**
 * "Escalate to the counsellor" on an alert (issue 36): to whom (the team's counsellors, or its
 * admins where it has none; preselected when there is one) and a note. A journal outside a team
 * says it has no counsellor.
 */
export function EscalateForm({ targets, lastResult }: { targets: Targets; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof EscalateSchema>>({
    id: 'alert-escalate',
    lastResult,
    defaultValue: targets.people.length === 1 ? { to: String(targets.people[0].id) } : undefined,
  })
  if (targets.kind === 'none') return <p className="card hint">{t('alerts.noCounsellor')}</p>
  const options = [...(targets.people.length > 1 ? [{ value: '', label: '—' }] : []), ...targets.people.map((p) => ({ value: String(p.id), label: p.name ?? '' }))]
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="escalate" />
      <h3>{t('alerts.escalate')}</h3>
      <p className="hint">{t('alerts.escalateHint')}</p>
      {targets.kind === 'admins' ? <p className="hint">{t('alerts.escalateAdminsHint')}</p> : null}
      <Select field={fields.to} label={t('alerts.escalateTo')} options={options} />
      <TextAreaField field={fields.note} label={t('alerts.escalateNote')} hint={t('alerts.resolveHint', { max: RESOLVE_NOTE_MAX })} maxLength={RESOLVE_NOTE_MAX} />
      <ErrorList errors={form.errors} />
      <button className="button secondary" type="submit" disabled={busy}>
        {t('alerts.escalate')}
      </button>
    </Form>
  )
}
