import type { SubmissionResult } from '@conform-to/react'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { ResolveSchema } from '~/features/alerts/schema'
import { RESOLVE_NOTE_MAX, VERDICTS } from '~/features/alerts/constants'
import { useT } from '~/i18n/use-t'
import { Choice } from '~/ui/choice-fields'
import { ErrorList, TextAreaField } from '~/ui/field'
import { useServerForm } from '~/ui/server-form'

/** Resolve an alert with a note and a verdict: the journal's alert page and the counsellor's. */
export function ResolveAlertForm({ id, lastResult }: { id: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof ResolveSchema>>({ id, lastResult })
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="resolve" />
      <TextAreaField field={fields.note} label={t('alerts.resolveNote')} hint={t('alerts.resolveHint', { count: RESOLVE_NOTE_MAX })} maxLength={RESOLVE_NOTE_MAX} />
      <Choice field={fields.verdict} legend={t('alerts.verdict')} options={VERDICTS.map((v) => ({ value: v, label: t(`alerts.verdict_${v}`) }))} />
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('alerts.resolve')}
      </button>
    </Form>
  )
}
