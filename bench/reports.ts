// The reports' bench (decision 0018), run by bench/run.ts: `tsx bench/reports.ts seed <sqlite file | postgres url>`
// seeds a journal of 100,000 posts over a year and prints its id; then, in a fresh process (so that
// its memory figure is the export's), `tsx bench/reports.ts measure <file | url> <journal id>` times
// each report query (p95 of 30 runs, over the presets of 15 and 90 days and over the whole year)
// and a raw export of every post (time and the process's peak resident memory). Prints JSON.
import i18next from 'i18next'
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { registerWithPassword } from '../app/features/auth/accounts.server'
import { exportWorkbook } from '../app/features/export/export.server'
import { addDays } from '../app/shared/dates'
import { behaviourStats, emotionStats, parsePick, pickedPosts, trend } from '../app/features/reports/report.server'
import { feedbackOf, teacherFeedback, weeklyFeedback } from '../app/features/insights/feedback.server'
import { periodOf, type Period } from '../app/features/insights/period'
import { parsePatternPick, patternPosts, readPatterns } from '../app/features/insights/patterns.server'
import { resources } from '../app/i18n/resources'
import { seedBigJournal } from './big-journal'

const SIZE = { posts: 100_000, students: 200, days: 365, owner: 'owner@bench.test' }
const [mode, target, id] = process.argv.slice(2)
const options = target.startsWith('postgres') ? { databaseUrl: target } : { sqliteFile: target }
if (mode === 'seed') {
  const setup = connect(options)
  await migrate(setup)
  await seedReferenceData(setup.db)
  await registerWithPassword(setup.db, { account: SIZE.owner, password: 'bench-pass-1', locale: 'en' })
  await setup.db.destroy()
  console.log(JSON.stringify(await seedBigJournal(options, SIZE)))
  process.exit(0)
}
const journalId = Number(id)
const dialect = options.databaseUrl ? 'postgres' : 'sqlite'
const { db } = connect(options)
const student = await db.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('role', '=', 'student').executeTakeFirstOrThrow()
const today = new Date().toISOString().slice(0, 10)
const ranges = { '15 days': { start: addDays(today, -14), end: today, days: 15 }, '90 days': { start: addDays(today, -89), end: today, days: 90 }, year: { start: addDays(today, -SIZE.days), end: today, days: null } }
const pct95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.95 * xs.length)]
const queries: Record<string, number> = {}
for (const [label, range] of Object.entries(ranges)) {
  const scope = { journalId, range }
  const runs: Record<string, () => Promise<unknown>> = {
    'trend weekly': () => trend(db, scope, '7d'),
    'trend monthly': () => trend(db, scope, '1m'),
    emotions: () => emotionStats(db, scope),
    behaviours: () => behaviourStats(db, scope),
    'posts of a slice': () => pickedPosts(db, scope, parsePick('group:sad')!, 1, '7d'),
    "a student's emotions": () => emotionStats(db, { ...scope, studentId: student.user_id }),
  }
  for (const [name, run] of Object.entries(runs)) {
    await run()
    const times: number[] = []
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now()
      await run()
      times.push(performance.now() - t0)
    }
    queries[`${name} (${label})`] = Math.round(pct95(times) * 10) / 10
  }
}

// Decision 0048: the Feedback and Patterns pages' queries over their presets, 30 days (the default) and
// the term (Taiwan's semester: from 1 August or 1 February, about a third of this journal's year).
const timeZone = 'Asia/Taipei'
const periods: Record<string, Period> = {
  '30 days': periodOf(new URLSearchParams('period=30'), { created: addDays(today, -SIZE.days), today, timeZone }).period,
  term: periodOf(new URLSearchParams('period=term'), { created: addDays(today, -SIZE.days), today, timeZone }).period,
}
for (const [label, period] of Object.entries(periods)) {
  const where = { journalId, timeZone }
  const klass = { journalId, start: period.start, end: period.end }
  const mine = { ...klass, studentId: student.user_id }
  const runs: Record<string, () => Promise<unknown>> = {
    // As the page asks: the journal, its students and its weeks side by side, then its teachers.
    'feedback page': async () => {
      const [{ totals }] = await Promise.all([feedbackOf(db, where, period), weeklyFeedback(db, where, period)])
      return teacherFeedback(db, where, period, totals.posts)
    },
    'patterns page': () => readPatterns(db, klass),
    "a student's patterns against the class": () => Promise.all([readPatterns(db, mine), readPatterns(db, klass)]),
    'posts behind a heat-map cell': () => patternPosts(db, klass, parsePatternPick('eb:B:1')!, 1),
  }
  for (const [name, run] of Object.entries(runs)) {
    await run()
    const times: number[] = []
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now()
      await run()
      times.push(performance.now() - t0)
    }
    queries[`${name} (${label})`] = Math.round(pct95(times) * 10) / 10
  }
}

// The raw export of every post, written to nowhere, with the peak memory sampled as it runs.
const t = i18next.createInstance()
void t.init({ lng: 'en', resources, fallbackLng: 'en', interpolation: { escapeValue: false }, initAsync: false })
// Memory that stays flat as the journal grows: a quarter of the posts, then all of them.
async function measureExport(start: string) {
  const baseline = process.memoryUsage().rss
  let peak = baseline
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
  const t0 = performance.now()
  let bytes = 0
  const stream = exportWorkbook(db, { journalId, format: 'raw', start, end: today, studentIds: null, sort: 'time', order: 'asc', timeZone: 'Asia/Taipei' }, t.t)
  for await (const chunk of stream) bytes += (chunk as Buffer).length
  clearInterval(sampler)
  return { seconds: Math.round((performance.now() - t0) / 100) / 10, megabytes: Math.round(bytes / 1e5) / 10, peakRssMb: Math.round(peak / 1e6), baselineRssMb: Math.round(baseline / 1e6) }
}
const quarter = await measureExport(ranges['90 days'].start)
const all = await measureExport(ranges.year.start)
await db.destroy()
console.log(JSON.stringify({ dialect, queries, export: all, exportQuarter: quarter }))
