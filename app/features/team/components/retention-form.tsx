import type { SubmissionResult } from '@conform-to/react'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { RetentionSchema } from '~/features/team/schema'
import { useT } from '~/i18n/use-t'
import { Select } from '~/ui/choice-fields'
import { ErrorList } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'

const loadRetention = () => import('~/features/team/validate').then((m) => m.validateRetention)

interface Plan {
  years: number | null
  startMonth: number
  next: { before: string; on: string | null; posts: number; journals: number } | null
}

/** The team's retention setting (decision 0047): off by default; what it will delete next, and when. */
export function RetentionForm({ plan, lastResult }: { plan: Plan; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof RetentionSchema>>({
    id: 'retention',
    lastResult,
    defaultValue: { years: plan.years === null ? '' : String(plan.years), startMonth: String(plan.startMonth) },
    load: loadRetention,
  })
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="retention" />
      <p className="hint">{t('team.retentionHint')}</p>
      <div className="field-row">
        <Select
          field={fields.years}
          label={t('team.retentionYears')}
          options={[{ value: '', label: t('team.retentionOff') }, ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: t('team.retentionYearsN', { count: i + 1 }) }))]}
        />
        <Select field={fields.startMonth} label={t('team.schoolYearStarts')} options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: t(`team.month_${i + 1}` as 'team.month_1') }))} />
      </div>
      {plan.next ? (
        <p className="notice">
          {plan.next.on ? t('team.retentionNext', { before: plan.next.before, on: plan.next.on, count: plan.next.posts }) : t('team.retentionComing', { before: plan.next.before, count: plan.next.posts })}
        </p>
      ) : null}
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('team.saveRetention')}
      </button>
    </Form>
  )
}
