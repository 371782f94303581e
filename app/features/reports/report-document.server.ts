import type { TFunction } from 'i18next'
import type { DB } from '~/db/connect.server'
import { documentPdf, typstText, type DocumentLang } from '~/features/documents/typst.server'
import { emotionName } from '~/features/posts/names'
import type { ReportRange, TrendInterval } from './range'
import { chartOf, type ReportStats } from './page.server'
import { behaviourStats, emotionStats, trend } from './report.server'
import { REPORT_TABS } from './tabs'

/**
 * The report as a PDF for a parent meeting or the school's file (decision 0053): the four charts of the
 * chosen range, drawn from the same SVG as the page (vectors: sharp at any zoom, small), each with
 * its figures table and the note under it, and the top emotions; in the reader's language.
 */
export async function reportPdf(db: DB, v: { journal: { id: number; name: string }; student: { id: number; name: string } | null; range: ReportRange; interval: TrendInterval; lang: DocumentLang; t: TFunction; today: string }) {
  const scope = { journalId: v.journal.id, studentId: v.student?.id, range: v.range }
  const [emotions, behaviours, trendRows] = await Promise.all([emotionStats(db, scope), behaviourStats(db, scope), trend(db, scope, v.interval)])
  const stats: ReportStats = { emotions, behaviours, trendRows }
  const tr = v.t as unknown as (key: string, values?: Record<string, unknown>) => string
  // The PDF's charts link nowhere: a printed page has no posts to open.
  const charts = await Promise.all(REPORT_TABS.map(async (tab) => ({ tab, chart: await chartOf(tab, stats, v.t, () => '#') })))
  const pictures = new Map<string, Buffer>()
  const sections = charts.map(({ tab, chart }) => {
    const heading = `== ${typstText(tr(`report.tab_${tab}`))}`
    if (!chart) return [heading, typstText(tr('report.noData'))].join('\n')
    const path = `/report/${tab}.svg`
    // Links and their names are for the page; the PDF keeps the drawing.
    pictures.set(path, Buffer.from(chart.svg.replace(/<a [^>]*>/g, '<g>').replace(/<\/a>/g, '</g>')))
    const rows = chart.rows.map((r) => `[${typstText(r.label)}], [${typstText(r.value)}],`).join(' ')
    return [
      heading,
      `#block(breakable: false)[#image("${path}", width: 100%)]`,
      chart.note ? `#text(size: 8.5pt)[${typstText(chart.note)}]` : '',
      `#table(columns: (1fr, auto), stroke: 0.4pt + luma(190), inset: 4pt, table.header([*${typstText(tr('report.element'))}*], [*${typstText(tr('report.value'))}*]), ${rows})`,
    ].join('\n')
  })
  const top = (list: { code: string; percent: number }[]) => (list.length ? list.map((e) => `${emotionName(e.code, v.t)} ${e.percent}%`).join(', ') : tr('report.none'))
  const scopeName = v.student ? tr('report.studentTitle', { name: v.student.name }) : tr('report.title')
  const title = `${scopeName} | ${v.journal.name}`
  const body = [
    `= ${typstText(title)}`,
    typstText(`${tr('report.range')}: ${tr('report.showing', { start: v.range.start, end: v.range.end })} · ${tr(v.interval === '1m' ? 'report.monthly' : 'report.weekly')}`),
    '',
    typstText(tr('reportPdf.made', { date: v.today })),
    `== ${typstText(tr('report.top'))}`,
    `/ ${typstText(tr('report.topPositive'))}: ${typstText(top(emotions.topPositive))}`,
    `/ ${typstText(tr('report.topNegative'))}: ${typstText(top(emotions.topNegative))}`,
    ...sections,
  ].join('\n')
  return { pdf: await documentPdf(body, { lang: v.lang, title }, pictures), title }
}
