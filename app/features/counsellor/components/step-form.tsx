import type { SubmissionResult } from '@conform-to/react'
import type { z } from 'zod/mini'
import { RESOLVE_NOTE_MAX } from '~/features/alerts/constants'
import type { StepSchema } from '~/features/alerts/schema'
import { useT } from '~/i18n/use-t'
import { ErrorList, TextAreaField } from '~/ui/field'
import { Form } from '~/ui/form'
import { useServerForm } from '~/ui/server-form'

/** The counsellor's "Add a step" form (a talk, a call home, a referral): a note in the alert's trail (decision 0046). */
export function StepForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof StepSchema>>({ id: 'counsel-step', lastResult })
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="step" />
      <TextAreaField field={fields.note} label={t('counsel.stepNote')} hint={t('counsel.stepHint', { count: RESOLVE_NOTE_MAX })} maxLength={RESOLVE_NOTE_MAX} />
      <ErrorList errors={form.errors} />
      <button className="button secondary" type="submit" disabled={busy}>
        {t('counsel.addStep')}
      </button>
    </Form>
  )
}
