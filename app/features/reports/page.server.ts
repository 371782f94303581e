import type { TFunction } from 'i18next'
import { redirect } from 'react-router'
import { db } from '~/db/db.server'
import type { JournalHead } from '~/features/journals/access.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { behaviourName, emotionName } from '~/features/posts/names'
import { journalStudent } from '~/features/students/list.server'
import { todayDate } from '~/shared/dates'
import { intervalOf, rangeOf } from './range'
import { behaviourStats, emotionStats, lastPostDate, parsePick, pickedPosts, pickValue, trend, type Pick } from './report.server'
import { REPORT_TABS, type ReportTab } from './tabs'
import { hasFunction } from '~/features/plans/pay-functions'

/**
 * Everything a report URL asks for (spec 2 report charts), for the page and for the PNG of its
 * chart: the scope (journal or student; an unknown student goes to /404), the range, the tab and
 * its chart, the top emotions, and the posts behind a clicked element. Without f8: locked, no data.
 */
export async function reportFor({ journal, user }: { journal: JournalHead; user: Parameters<typeof hasFunction>[0] }, request: Request, sid: string | undefined, t: TFunction) {
  const url = new URL(request.url)
  const params = url.searchParams
  let student: { id: number; name: string } | null = null
  if (sid !== undefined) {
    try {
      const s = await journalStudent(db, journal.id, sid)
      student = { id: s.id, name: s.name }
    } catch {
      throw redirect('/404')
    }
  }
  const base = { journal: { id: journal.id, name: journal.name }, student }
  if (!hasFunction(user, PAY_FUNCTIONS.report)) return { ...base, locked: true as const }

  const created = journal.createdAt.slice(0, 10)
  const today = todayDate()
  const { range, error } = rangeOf(params, { created, today })
  const interval = intervalOf(params)
  const tab: ReportTab = (REPORT_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as ReportTab) : 'trend'
  const scope = { journalId: journal.id, studentId: student?.id, range }

  // Links keep the range, tab and interval; a new pick starts again at its first page.
  const keep = new URLSearchParams()
  for (const k of ['days', 'start', 'end', 'interval', 'tab']) if (params.get(k) && !(error && (k === 'start' || k === 'end'))) keep.set(k, params.get(k)!)
  const href = (pick: string) => `?${new URLSearchParams([...keep, ['pick', pick]])}`

  const [emotions, behaviours, trendRows, lastPost] = await Promise.all([
    tab === 'radar' ? null : emotionStats(db, scope),
    tab === 'radar' ? behaviourStats(db, scope) : null,
    tab === 'trend' ? trend(db, scope, interval) : null,
    lastPostDate(db, { journalId: journal.id, studentId: student?.id }),
  ])
  const chart = await chartOf(tab, { emotions, behaviours, trendRows }, t, href)

  const pick = parsePick(params.get('pick'))
  const pages = Math.min(Math.max(1, Number.parseInt(params.get('more') ?? '1', 10) || 1), 200)
  const picked = pick ? { pick: pickValue(pick), label: pickLabel(pick, t), pages, ...(await pickedPosts(db, scope, pick, pages, interval)) } : null
  const top = emotions ? { positive: emotions.topPositive.map((e) => ({ label: emotionName(e.code, t), percent: e.percent })), negative: emotions.topNegative.map((e) => ({ label: emotionName(e.code, t), percent: e.percent })) } : null
  // The custom range's fields show what was asked for, even a refused or half-chosen range.
  const form = { start: params.get('start') ?? (range.days === null ? range.start : ''), end: params.get('end') ?? (range.days === null ? range.end : '') }
  return { ...base, locked: false as const, created, today, lastPost, range, error, form, interval, tab, chart, top, picked, keep: keep.toString() }
}

function pickLabel(pick: Pick, t: TFunction) {
  if (pick.kind === 'trend') return `${pick.bucket} · ${pick.polarity === 'p' ? t('report.positive') : t('report.negative')}`
  if (pick.kind === 'group') return t(`report.group_${pick.group}`)
  if (pick.kind === 'emotion') return emotionName(pick.code, t)
  return behaviourName(pick.code, t)
}

export type ReportStats = {
  emotions: Awaited<ReturnType<typeof emotionStats>> | null
  behaviours: Awaited<ReturnType<typeof behaviourStats>> | null
  trendRows: Awaited<ReturnType<typeof trend>> | null
}
export type ReportChart = { svg: string; rows: { label: string; value: string; pick: string }[]; note?: string }

/** A tab's chart and its figures (the table beside it), or null when the range holds nothing for it. */
export async function chartOf(tab: ReportTab, { emotions, behaviours, trendRows }: ReportStats, t: TFunction, href: (pick: string) => string): Promise<ReportChart | null> {
  // The chart library (about 30 MB in memory) is loaded at the first report, not at start-up.
  const { behaviourRadar, emotionBars, groupPie, trendChart } = await import('./charts.server')
  if (tab === 'trend' && trendRows && trendRows.some((r) => r.p + r.n > 0)) {
    return {
      svg: trendChart(trendRows, { p: t('report.positive'), n: t('report.negative'), title: t('report.tab_trend') }, href),
      rows: trendRows.flatMap((r) => {
        const bucket = r.partial ? `${r.bucket}* (${t('report.partialDays', { count: r.days })})` : r.bucket
        return [
          { label: `${bucket} · ${t('report.positive')}`, value: String(r.p), pick: `trend:${r.bucket}:p` },
          { label: `${bucket} · ${t('report.negative')}`, value: String(r.n), pick: `trend:${r.bucket}:n` },
        ]
      }),
      note: trendRows.some((r) => r.partial) ? t('report.partialNote') : undefined,
    }
  }
  if (tab === 'pie' && emotions && emotions.all > 0) {
    const groups = emotions.groups.map((g) => ({ ...g, label: t(`report.group_${g.group}`) }))
    return { svg: groupPie(groups, t('report.tab_pie'), href), rows: groups.map((g) => ({ label: g.label, value: `${g.percent}%`, pick: `group:${g.group}` })) }
  }
  if (tab === 'bar' && emotions && emotions.all > 0) {
    const bars = emotions.emotions.map((e) => ({ ...e, label: emotionName(e.code, t) }))
    return { svg: emotionBars(bars, t('report.tab_bar'), href), rows: bars.map((e) => ({ label: e.label, value: `${e.percent}%`, pick: `emotion:${e.code}` })) }
  }
  if (tab === 'radar' && behaviours && behaviours.all > 0) {
    const items = behaviours.behaviours.map((b) => ({ ...b, label: behaviourName(b.code, t) }))
    return {
      svg: behaviourRadar(items, { outer: t('report.outer'), inner: t('report.inner'), title: t('report.tab_radar') }, href),
      rows: items.map((b) => ({ label: `${b.label} (${b.side === 'outer' ? t('report.outer') : t('report.inner')})`, value: `${b.count} · ${b.percent}%`, pick: `behaviour:${b.code}` })),
    }
  }
  return null
}
