import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Form } from './form'

/** A name as the roster gave it, with its kana reading above it when the page is in Japanese (the Japan Profile). */
export function NameWithKana({ name, kana }: { name: string; kana?: string }) {
  const { i18n } = useT()
  if (!kana || i18n.language !== 'ja') return <>{name}</>
  return (
    <ruby>
      {name}
      <rp>（</rp>
      <rt>{kana}</rt>
      <rp>）</rp>
    </ruby>
  )
}

type Named = { name: string; kana?: string; was?: string }
export interface ShownPlan {
  counts: Record<string, number>
  classes: Record<'add' | 'match' | 'change' | 'archive', Named[]>
  students: Record<'add' | 'match' | 'change' | 'archive', Named[]>
  teachers: Record<string, Named[]>
}

const GROUPS = [
  { key: 'classes', items: [['classesAdd', 'add'], ['classesMatch', 'match'], ['classesChange', 'change'], ['classesArchive', 'archive']] },
  { key: 'students', items: [['studentsAdd', 'add'], ['studentsMatch', 'match'], ['studentsChange', 'change'], ['studentsArchive', 'archive'], ['joins', null], ['leaves', null]] },
  { key: 'teachers', items: [['teachersAdd', 'add'], ['teachersArchive', 'archive'], ['teachersUnmatched', 'unmatched']] },
] as const

/** The changes of a plan (a preview) or of an import (a report): per kind, each count with its names. */
function Changes({ plan }: { plan: Pick<ShownPlan, 'counts' | 'classes' | 'students' | 'teachers'> }) {
  const { t } = useT()
  return (
    <div className="roster-changes">
      {GROUPS.map((g) => (
        <section key={g.key} aria-labelledby={`roster-${g.key}`}>
          <h3 id={`roster-${g.key}`}>{t(`roster.${g.key}`)}</h3>
          <ul>
            {g.items
              .filter(([count]) => (plan.counts[count] ?? 0) > 0)
              .map(([count, list]) => {
                const names = list ? ((plan[g.key] as Record<string, Named[]>)[list] ?? []) : []
                return (
                  <li key={count} data-count={count}>
                    {names.length ? (
                      <details>
                        <summary>{t(`roster.${count}`, { count: plan.counts[count] })}</summary>
                        <ul className="roster-names">
                          {names.map((n, i) => (
                            <li key={i}>
                              <NameWithKana name={n.name} kana={n.kana} />
                              {n.was && n.was !== n.name && g.key !== 'teachers' ? <span className="hint"> ({t('roster.was', { name: n.was })})</span> : null}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : (
                      t(`roster.${count}`, { count: plan.counts[count] })
                    )}
                  </li>
                )
              })}
          </ul>
        </section>
      ))}
    </div>
  )
}

export function RosterPreview({ plan, children }: { plan: ShownPlan; children: ReactNode }) {
  const { t } = useT()
  const empty = Object.entries(plan.counts).every(([k, n]) => k === 'teachersUnmatched' || n === 0)
  return (
    <section className="card roster-preview" aria-labelledby="roster-preview-title" tabIndex={-1}>
      <h2 id="roster-preview-title">{t('roster.previewTitle')}</h2>
      {empty ? (
        <p role="status">{t('roster.nothing')}</p>
      ) : (
        <>
          <Changes plan={plan} />
          {children}
        </>
      )}
    </section>
  )
}

export function RosterErrors({ errors, total }: { errors: { file: string; line: number; column: string; code: string; value?: string }[]; total: number }) {
  const { t } = useT()
  return (
    <section className="card roster-errors" aria-labelledby="roster-errors-title">
      <h2 id="roster-errors-title">{t('roster.errorsTitle')}</h2>
      <p role="alert">{t('roster.errorsIntro', { count: total })}</p>
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('roster.where')}</th>
              <th scope="col">{t('roster.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e, i) => (
              <tr key={i}>
                <td>{e.line > 0 && e.column ? t('roster.at', { file: e.file, line: e.line, column: e.column }) : e.line > 0 ? t('roster.atLine', { file: e.file, line: e.line }) : e.file || '—'}</td>
                <td>{t(`roster.error.${e.code as 'notZip'}`, { value: e.value ?? '' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > errors.length ? <p>{t('roster.moreErrors', { count: total - errors.length })}</p> : null}
    </section>
  )
}

export function RosterReport({ report }: { report: { at: string; by: string; details: { via: string } & Pick<ShownPlan, 'counts' | 'classes' | 'students' | 'teachers'> } }) {
  const { t } = useT()
  return (
    <section aria-labelledby="roster-report-title" className="roster-page">
      <h1 id="roster-report-title">{t('roster.reportTitle', { date: formatDateTime(report.at) })}</h1>
      <p>{t('roster.reportBy', { name: report.by, via: t(`roster.via_${report.details.via as 'csv'}`) })}</p>
      <div className="card">
        <Changes plan={report.details} />
      </div>
      <p>
        <Link to="/roster">{t('roster.backToRosters')}</Link>
      </p>
    </section>
  )
}

/** The preview's apply: it refers to the kept upload, answered by /roster whichever page previewed it. */
export function RosterApply({ upload, busy }: { upload: string; busy: boolean }) {
  const { t } = useT()
  return (
    <Form method="post" action="/roster" className="inline-form">
      <input type="hidden" name="intent" value="apply" />
      <input type="hidden" name="upload" value={upload} />
      <p className="hint">{t('roster.applyHint')}</p>
      <button type="submit" className="button" disabled={busy}>
        {t('roster.apply')}
      </button>
    </Form>
  )
}
