import type { SubmissionResult } from '@conform-to/react'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { CalendarSchema } from '~/features/team/schema'
import { CLOSED_DATES_MAX } from '~/features/team/school-hours'
import { useT } from '~/i18n/use-t'
import { Select } from '~/ui/choice-fields'
import { ErrorList, TextAreaField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'

const loadCalendar = () => import('~/features/team/validate').then((m) => m.validateCalendar)
const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const
const hours = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: `${String(from + i).padStart(2, '0')}:00` }))

// Every zone the runtime knows (IANA names), the same list on the server and in the browser.
const zones = Intl.supportedValuesOf('timeZone').map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))

export interface CalendarValues {
  days: string[]
  startHour: number
  endHour: number
  closed: string
  timeZone: string
}

/** The school's calendar on /team/my (decision 0046): its days, its hours and its closed dates; read-only for members who do not manage the team. */
export function SchoolCalendarForm({ calendar, editable, lastResult }: { calendar: CalendarValues; editable: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof CalendarSchema>>({
    id: 'school-calendar',
    lastResult,
    defaultValue: { days: calendar.days as z.input<typeof CalendarSchema>['days'], startHour: String(calendar.startHour), endHour: String(calendar.endHour), closed: calendar.closed.split(',').filter(Boolean).join('\n'), timeZone: calendar.timeZone },
    load: loadCalendar,
  })
  const dayName = (d: string) => t(`team.weekday_${d}` as 'team.weekday_1')
  if (!editable) {
    return (
      <dl className="settings-list card">
        <div className="settings-row">
          <dt>{t('team.schoolDays')}</dt>
          <dd>{calendar.days.map(dayName).join(', ')}</dd>
        </div>
        <div className="settings-row">
          <dt>{t('team.schoolHours')}</dt>
          <dd>{`${String(calendar.startHour).padStart(2, '0')}:00–${String(calendar.endHour).padStart(2, '0')}:00`}</dd>
        </div>
        <div className="settings-row">
          <dt>{t('team.timeZone')}</dt>
          <dd>{calendar.timeZone}</dd>
        </div>
        <div className="settings-row">
          <dt>{t('team.closedDates')}</dt>
          <dd>{calendar.closed ? calendar.closed.split(',').join(', ') : '–'}</dd>
        </div>
      </dl>
    )
  }
  const chosen = new Set((fields.days.value as string[] | undefined) ?? (fields.days.initialValue as string[] | undefined) ?? [])
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="calendar" />
      <p className="hint">{t('team.calendarHint')}</p>
      <fieldset className="field">
        <legend>{t('team.schoolDays')}</legend>
        <div className="choices">
          {WEEKDAYS.map((d) => (
            <label key={d}>
              <input type="checkbox" name={fields.days.name} value={d} defaultChecked={chosen.has(d)} aria-invalid={fields.days.errors ? true : undefined} /> {dayName(d)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.days.errorId} errors={fields.days.errors} />
      </fieldset>
      <Select field={fields.timeZone} label={t('team.timeZone')} hint={t('team.timeZoneHint')} options={zones} />
      <div className="field-row">
        <Select field={fields.startHour} label={t('team.dayStarts')} options={hours(0, 23)} />
        <Select field={fields.endHour} label={t('team.dayEnds')} options={hours(1, 24)} />
      </div>
      <TextAreaField field={fields.closed} label={t('team.closedDates')} hint={t('team.closedDatesHint', { max: CLOSED_DATES_MAX })} rows={4} />
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('team.saveCalendar')}
      </button>
    </Form>
  )
}
