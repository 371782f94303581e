import type { SubmissionResult } from '@conform-to/react'
import { Link } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import { EXPIRE_TYPE, GRADES, LABEL_COLORS, NOTIFY_SUBMIT_TIMES, NOTIFY_TIMES, SPEECH_LANGS } from '~/features/journals/constants'
import { NOTIFICATIONS, SHARE_CONSENT_RULES, type JournalSettingsSchema } from '~/features/journals/schema'
import type { SettingsValues } from '~/features/journals/settings.server'
import { useT } from '~/i18n/use-t'
import { DEFAULT_ESCALATE_HOURS, ESCALATE_HOURS_MAX, MEDIUM_SCHOOL_DAYS } from '~/features/team/school-hours'
import { todayDate } from '~/shared/dates'
import { Check } from '~/ui/check-field'
import { Choice, Select } from '~/ui/choice-fields'
import { ErrorList, TextAreaField, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'

const loadValidator = () => import('~/features/journals/validate').then((m) => m.validateJournalSettings)
type Fields = z.input<typeof JournalSettingsSchema>

/**
 * The journal settings form (spec 2 section 5), for a new journal and for an existing one. Without
 * JavaScript every field is always shown; with it the expiry and notification times follow their
 * switches, and the server checks the same rules either way.
 */
export function JournalSettingsForm({
  defaults,
  tickets,
  lastResult,
  cancelTo,
  isNew,
}: {
  defaults: Partial<SettingsValues>
  tickets: { max: number; taken: number }
  lastResult?: SubmissionResult<string[]>
  cancelTo: string
  isNew: boolean
}) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<Fields>({
    id: 'journal-settings',
    lastResult,
    defaultValue: defaults,
    load: loadValidator,
  })
  const hour = (h: number) => (h === -1 ? t('journalSettings.timeImmediate') : `${String(h).padStart(2, '0')}:00`)
  return (
    <Form method="post" className="card settings-form" {...formProps}>
      {/* The settings page has the watch words' forms too (decision 0062): each form says which it is. */}
      <input type="hidden" name="intent" value="settings" />
      <TextField field={fields.name} label={t('journalSettings.name')} inputProps={{ maxLength: 50 }} />
      <TextAreaField field={fields.description} label={t('journalSettings.description')} maxLength={500} />
      <Choice field={fields.labelColorCode} legend={t('journalSettings.labelColor')} options={LABEL_COLORS.map((n) => ({ value: String(n), label: t('journalSettings.color', { n }), swatch: n }))} />
      <TextField field={fields.classes} label={t('journalSettings.classes')} hint={t('journalSettings.classesHint')} />
      <div className="field-row">
        <Select field={fields.grade} label={t('journalSettings.grade')} options={[{ value: '', label: t('journalSettings.gradeNone') }, ...GRADES.map((n) => ({ value: String(n), label: t('journalSettings.gradeN', { n }) }))]} />
        <Select field={fields.speechLang} label={t('journalSettings.speechLang')} options={SPEECH_LANGS.map((l) => ({ value: l, label: t(`journalSettings.lang_${l}`) }))} />
      </div>
      <Choice field={fields.display} legend={t('journalSettings.display')} options={[{ value: 'calendar', label: t('journalSettings.displayCalendar') }, { value: 'list', label: t('journalSettings.displayList') }]} />
      <Check field={fields.aiScoring} label={t('journalSettings.aiScoring')} />
      <Check field={fields.assessment} label={t('journalSettings.assessment')} hint={t('journalSettings.assessmentHint')} />

      <fieldset className="field group">
        <legend>{t('journalSettings.expiry')}</legend>
        <Choice field={fields.expireType} options={[{ value: String(EXPIRE_TYPE.unlimited), label: t('journalSettings.expireUnlimited') }, { value: String(EXPIRE_TYPE.at), label: t('journalSettings.expireAt') }]} />
        <div className="field-row" data-follows={fields.expireType.value === String(EXPIRE_TYPE.unlimited) ? 'off' : 'on'}>
          <TextField field={fields.expireDate} label={t('journalSettings.expireDate')} inputProps={{ type: 'date', min: todayDate() } as object} />
          <TextField field={fields.expireTime} label={t('journalSettings.expireTime')} inputProps={{ type: 'time' } as object} />
        </div>
      </fieldset>

      <TextField
        field={fields.studentLimit}
        label={t('journalSettings.studentLimit')}
        hint={t('journalSettings.studentLimitHint', { max: tickets.max, count: tickets.taken })}
        inputProps={{ inputMode: 'numeric', type: 'number', min: Math.max(1, tickets.taken), max: tickets.max } as object}
      />

      <fieldset className="field group">
        <legend>{t('journalSettings.notifications')}</legend>
        {NOTIFICATIONS.map((n) => (
          <div key={n.switch} className="field-row notify">
            <Check field={fields[n.switch]} label={t(`journalSettings.${n.switch}`)} />
            <div data-follows={fields[n.switch].value === 'on' ? 'on' : 'off'}>
              <Select
                field={fields[n.time]}
                label={t('journalSettings.notifyTime')}
                options={[{ value: '', label: '—' }, ...(n.switch === 'notifySubmit' ? NOTIFY_SUBMIT_TIMES : NOTIFY_TIMES).map((h) => ({ value: String(h), label: hour(h) }))]}
              />
            </div>
          </div>
        ))}
      </fieldset>

      <fieldset className="field group">
        <legend>{t('journalSettings.safeguarding')}</legend>
        <TextField
          field={fields.escalateAfterHours}
          label={t('journalSettings.escalateAfterHours')}
          hint={t('journalSettings.escalateAfterHoursHint', { max: ESCALATE_HOURS_MAX, count: MEDIUM_SCHOOL_DAYS })}
          inputProps={{ inputMode: 'numeric', type: 'number', min: 1, max: ESCALATE_HOURS_MAX, placeholder: String(DEFAULT_ESCALATE_HOURS) } as object}
        />
        <Select field={fields.shareConsent} label={t('journalSettings.shareConsent')} options={SHARE_CONSENT_RULES.map((r) => ({ value: r, label: t(`journalSettings.shareConsent_${r}`) }))} />
        {/* The school's watch words are a form of their own, after this one (a form holds no other form). */}
        {isNew ? null : (
          <p className="hint">
            <a href="#watch-words">{t('watchWords.settingsLink')}</a>
          </p>
        )}
      </fieldset>

      <Choice field={fields.shareType} legend={t('journalSettings.submitMode')} options={[{ value: '2', label: t('journalSettings.share2') }, { value: '3', label: t('journalSettings.share3') }]} />
      <ErrorList errors={form.errors} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {isNew ? t('journalSettings.create') : t('journal.save')}
        </button>
        <Link to={cancelTo}>{t('journal.cancel')}</Link>
      </div>
    </Form>
  )
}
