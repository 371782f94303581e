import { useState } from 'react'
import { Form } from '~/ui/form'
import { useT } from '~/i18n/use-t'
import { useHydrated } from '~/ui/hydrated'
import { FastLink } from '~/ui/fast-link'
import { PERIODS, type Period } from '~/features/insights/period'

export interface PeriodPickerData {
  period: Period
  error?: string
  created: string
  today: string
  /** The custom range as asked for (a refused one included), for its fields. */
  asked: { start: string; end: string }
}

/**
 * The period of the Feedback and Patterns pages: three presets as links and a custom range as a
 * GET form (it works without JavaScript; with it, Apply waits for both dates). `base` is the page's
 * path with what else it keeps (a student).
 */
export function PeriodPicker({ data, base, hidden = {} }: { data: PeriodPickerData; base: (changes: Record<string, string | null>) => string; hidden?: Record<string, string> }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const [start, setStart] = useState(data.asked.start)
  const [end, setEnd] = useState(data.asked.end)
  return (
    <section className="card range" aria-labelledby="period-title">
      <h2 id="period-title">{t('insights.period')}</h2>
      <p className="row-actions">
        {PERIODS.map((p) => (
          <FastLink key={p} to={base({ period: p, start: null, end: null, pick: null, page: null })} aria-current={data.period.kind === p ? 'true' : undefined} preventScrollReset>
            {t(`insights.period_${p}`)}
          </FastLink>
        ))}
      </p>
      <Form method="get" className="range-form" preventScrollReset>
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <fieldset className="field">
          <legend>{t('report.custom')}</legend>
          <div className="field-row">
            <label>
              {t('report.start')}
              <input type="date" name="start" value={start} min={data.created} max={data.today} onChange={(e) => setStart(e.target.value)} aria-invalid={data.error ? true : undefined} aria-describedby={data.error ? 'period-error' : undefined} />
            </label>
            <label>
              {t('report.end')}
              <input type="date" name="end" value={end} min={data.created} max={data.today} onChange={(e) => setEnd(e.target.value)} aria-invalid={data.error ? true : undefined} />
            </label>
          </div>
          {data.error ? (
            <p className="field-error" id="period-error" role="alert">
              {t(data.error as 'report.badDate', { created: data.created, today: data.today })}
            </p>
          ) : null}
        </fieldset>
        <button className="button" type="submit" disabled={hydrated && (!start || !end)}>
          {t('report.apply')}
        </button>
      </Form>
      <p className="hint">{t('report.showing', { start: data.period.start, end: data.period.end })}</p>
    </section>
  )
}
