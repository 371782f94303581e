import { useState } from 'react'
import { redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/report'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { db } from '~/db/db.server'
import { REPORT_PRESETS } from '~/features/reports/range'
import { journalOf } from '~/auth/journal-gate.server'
import { reportFor } from '~/features/reports/page.server'
import { REPORT_TABS, reportPath } from '~/features/reports/tabs'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { useHydrated } from '~/ui/hydrated'
import { FastLink } from '~/ui/fast-link'
import { PayNotice } from '~/ui/pay'
import { EmotionTags } from '~/features/posts/components/mood-tags'
import { pageMeta } from '~/ui/page-title'
import { Avatar } from '~/ui/avatar'
import { REPORT_HANDLE, reportDictionary } from '~/i18n/client-resources'

// The report's texts are a dictionary part of their own (decision 0056).
export const handle = REPORT_HANDLE
export const clientMiddleware = reportDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/report and .../student/{sid}/report (spec 2 report charts): four tabs of
 * charts drawn on the server, a date range in the URL (a bookmarkable report), and the posts
 * behind any element of a chart. The two buttons of the custom range fill a date on the server,
 * so they work without JavaScript too.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const t = getInstance(context).t
  const report = await reportFor(journalOf(context), request, params.sid, t)
  // A student's report is a look at the student (decision 0047, who looked).
  if (report.student) await recordLook(db, { viewerId: journalOf(context).user.userId, studentIds: [report.student.id], kind: 'report', journalId: report.journal.id, timeZone: await journalZone(db, report.journal.id) })
  const fill = url.searchParams.get('fill')
  if (fill && !report.locked) {
    const next = new URLSearchParams(url.searchParams)
    next.delete('fill')
    next.delete('days')
    if (fill === 'start') next.set('start', report.created)
    if (fill === 'end') next.set('end', report.lastPost ?? report.today)
    throw redirect(`?${next}`)
  }
  const title = report.student ? t('report.studentTitle', { name: report.student.name }) : t('report.title')
  return { ...report, title: `${title} | ${report.journal.name}` }
}

export default function ReportPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const data = loaderData
  const base = reportPath(data.journal.id, data.student?.id)
  return (
    <>
      {data.student ? (
        <>
          <nav className="breadcrumbs">
            <FastLink to={`/diary/homework/${data.journal.id}/student`}>{t('journal.menuStudents')}</FastLink> › <span>{data.student.name}</span>
          </nav>
          <nav className="tabs" aria-label={data.student.name}>
            <FastLink to={`/diary/homework/${data.journal.id}/student/${data.student.id}`}>{t('report.diaryTab')}</FastLink>
            <FastLink to={base} aria-current="page">
              {t('report.reportTab')}
            </FastLink>
          </nav>
        </>
      ) : null}
      <h1>{data.student ? t('report.studentTitle', { name: data.student.name }) : t('report.title')}</h1>
      {data.locked ? <PayNotice /> : <Report data={data} base={base} />}
    </>
  )
}

type Data = Extract<Route.ComponentProps['loaderData'], { locked: false }>

function Report({ data, base }: { data: Data; base: string }) {
  const { t } = useT()
  const keep = new URLSearchParams(data.keep)
  const to = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(keep)
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k)
    else next.set(k, v)
    return `${base}?${next}`
  }
  const pngParams = new URLSearchParams(keep)
  pngParams.set('tab', data.tab)
  // The PDF holds every chart: the range and the trend's interval are what it takes from the page.
  const pdfParams = new URLSearchParams(keep)
  pdfParams.delete('tab')
  return (
    <div className="report">
      <RangeForm data={data} to={to} />
      <p className="row-actions">
        <a className="button small secondary" href={`${base}/report.pdf?${pdfParams}`} download>
          {t('report.printPdf')}
        </a>
      </p>
      <nav className="tabs" aria-label={t('report.tabs')}>
        {REPORT_TABS.map((tab) => (
          <FastLink key={tab} to={to({ tab, pick: null })} aria-current={tab === data.tab ? 'page' : undefined} preventScrollReset>
            {t(`report.tab_${tab}`)}
          </FastLink>
        ))}
      </nav>
      {data.tab === 'trend' ? (
        <p className="row-actions">
          <FastLink to={to({ interval: '7d', pick: null })} aria-current={data.interval === '7d' ? 'true' : undefined} preventScrollReset>
            {t('report.weekly')}
          </FastLink>
          <FastLink to={to({ interval: '1m', pick: null })} aria-current={data.interval === '1m' ? 'true' : undefined} preventScrollReset>
            {t('report.monthly')}
          </FastLink>
        </p>
      ) : null}
      <div className="report-body">
        <section className="card chart-card" aria-labelledby="chart-title">
          <div className="chart-head">
            <h2 id="chart-title">{t(`report.tab_${data.tab}`)}</h2>
            {data.chart ? (
              <a className="button small secondary" href={`${base}/chart.png?${pngParams}`} download>
                {t('report.savePng')}
              </a>
            ) : null}
          </div>
          <p className="hint">{t('report.showing', { start: data.range.start, end: data.range.end })}</p>
          {data.chart ? (
            <>
              <figure className="chart" dangerouslySetInnerHTML={{ __html: data.chart.svg }} />
              {data.chart.note ? <p className="hint">{data.chart.note}</p> : null}
              <p className="hint">{t('report.clickHint')}</p>
              <details className="chart-data">
                <summary>{t('report.data')}</summary>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('report.element')}</th>
                      <th scope="col">{t('report.value')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.chart.rows.map((r) => (
                      <tr key={r.pick}>
                        <td>
                          <FastLink to={to({ pick: r.pick })} preventScrollReset>
                            {r.label}
                          </FastLink>
                        </td>
                        <td>{r.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </>
          ) : (
            <p className="empty">{t('report.noData')}</p>
          )}
        </section>
        <aside className="report-side">
          {data.top ? (
            <section className="card" aria-labelledby="top-title">
              <h2 id="top-title">{t('report.top')}</h2>
              <TopList title={t('report.topPositive')} items={data.top.positive} kind="positive" />
              <TopList title={t('report.topNegative')} items={data.top.negative} kind="negative" />
            </section>
          ) : null}
          {data.picked ? (
            <section className="card picked" aria-labelledby="picked-title" id="picked">
              <h2 id="picked-title">{t('report.postsFor', { label: data.picked.label })}</h2>
              {data.picked.posts.length === 0 ? <p className="hint">{t('report.noPosts')}</p> : null}
              <ul className="people">
                {data.picked.posts.map((p) => (
                  <li key={p.postId}>
                    <Avatar name={p.userName} seed={p.userId} />
                    <div>
                      <FastLink to={`/diary/diaryPost/${p.postId}`}>{p.title}</FastLink>
                      <p className="hint">
                        {p.userName} · {p.diaryDate}
                      </p>
                      <EmotionTags codes={p.emotions} t={t} />
                    </div>
                  </li>
                ))}
              </ul>
              <p className="row-actions">
                {data.picked.hasMore ? (
                  <FastLink className="button small secondary" to={to({ pick: data.picked.pick, more: String(data.picked.pages + 1) })} preventScrollReset>
                    {t('report.loadMore')}
                  </FastLink>
                ) : null}
                <FastLink to={to({ pick: null })} preventScrollReset>
                  {t('report.close')}
                </FastLink>
              </p>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  )
}

function TopList({ title, items, kind }: { title: string; items: { label: string; percent: number }[]; kind: 'positive' | 'negative' }) {
  const { t } = useT()
  return (
    <>
      <h3>{title}</h3>
      {items.length === 0 ? <p className="hint">{t('report.none')}</p> : null}
      <ol className={`top-emotions ${kind}`}>
        {items.map((e) => (
          <li key={e.label}>
            <span>{e.label}</span> <strong>{e.percent}%</strong>
          </li>
        ))}
      </ol>
    </>
  )
}

/** Presets as links; a custom range as a GET form. Apply waits for both dates when JavaScript runs. */
function RangeForm({ data, to }: { data: Data; to: (changes: Record<string, string | null>) => string }) {
  const { t } = useT()
  const [start, setStart] = useState(data.form.start)
  const [end, setEnd] = useState(data.form.end)
  // Until the page runs its script, Apply stays enabled and the two buttons fill a date on the server.
  const hydrated = useHydrated()
  const fill = (event: React.MouseEvent, set: (v: string) => void, value: string) => {
    event.preventDefault()
    set(value)
  }
  return (
    <section className="card range" aria-labelledby="range-title">
      <h2 id="range-title">{t('report.range')}</h2>
      <p className="row-actions">
        {REPORT_PRESETS.map((n) => (
          <FastLink key={n} to={to({ days: String(n), start: null, end: null, pick: null })} aria-current={data.range.days === n ? 'true' : undefined} preventScrollReset>
            {t('report.days', { count: n })}
          </FastLink>
        ))}
      </p>
      <Form method="get" className="range-form" preventScrollReset>
        <input type="hidden" name="tab" value={data.tab} />
        <input type="hidden" name="interval" value={data.interval} />
        <fieldset className="field">
          <legend>{t('report.custom')}</legend>
          <div className="field-row">
            <label>
              {t('report.start')}
              <input type="date" name="start" value={start} min={data.created} max={data.today} onChange={(e) => setStart(e.target.value)} aria-invalid={data.error ? true : undefined} aria-describedby={data.error ? 'range-error' : undefined} />
            </label>
            <button className="link-button" type="submit" name="fill" value="start" onClick={(e) => fill(e, setStart, data.created)}>
              {t('report.fromCreation')}
            </button>
            <label>
              {t('report.end')}
              <input type="date" name="end" value={end} min={data.created} max={data.today} onChange={(e) => setEnd(e.target.value)} aria-invalid={data.error ? true : undefined} />
            </label>
            <button className="link-button" type="submit" name="fill" value="end" onClick={(e) => fill(e, setEnd, data.lastPost ?? data.today)}>
              {t('report.toLastPost')}
            </button>
          </div>
          {data.error ? (
            <p className="field-error" id="range-error" role="alert">
              {t(data.error, { created: data.created, today: data.today })}
            </p>
          ) : null}
        </fieldset>
        <button className="button" type="submit" disabled={hydrated && (!start || !end)}>
          {t('report.apply')}
        </button>
      </Form>
    </section>
  )
}
