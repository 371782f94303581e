// npm run bench: starts the built server on the demo data and measures, in one run,
// - /index signed out, /diary signed in and the floor (a static page with no loader) at 1 and 20
//   connections: requests per second and p50/p95/p99 latency (10 s at 1 connection; at 20, three
//   5 s rounds, each after a round of the floor, so that each ratio compares like with like);
// - the news feed, a student list page and a post page of a journal with 200 students and 20,000
//   posts (bench/big-journal.ts), signed in, on SQLite and on PostgreSQL;
// - the gzipped JavaScript Chromium loads for /login, /diary, a journal's news, a post page and a
//   report, against the floor page's (the framework alone);
// - the first load of those pages on a slow school PC (bench/first-load.ts): CPU 4× slower,
//   400 kbps, 400 ms round trip, cold and warm cache: bytes, first and largest contentful paint;
// - each report query on a journal of 100,000 posts (15 days, 90 days, a whole year) and the raw
//   export of all of them, time and peak memory, on SQLite and PostgreSQL (bench/reports.ts);
// - the student import of a 1,000-row class file, check and submit, on both (bench/import.ts);
// - a OneRoster roster of 2,000 students, preview and apply, on both (bench/roster.ts, decision 0075);
// - a district on PostgreSQL (50 journals, 5,000 students, 500,000 posts; bench/district.ts): a
//   journal's news, report and alerts list at 1 connection, and two app processes against one
//   (`npm run bench -- district` runs this part alone).
// - a class's e-books in one job, 30 books of 20 posts (bench/class-books.ts, decision 0053);
// - the Feedback and Patterns pages of the large journal (30 days and the term, the class and one
//   student) and a student's page with its patterns, at 1 connection, on both (decision 0049), and their
//   queries on the journal of 100,000 posts (bench/reports.ts).
// Budgets are ratios because the machine is shared: /diary at 20 connections serves at least 60 %
// of the floor's requests per second; /diary p50 at 1 connection is under 10 ms; each measured page
// loads at most 15 KB of gzipped JavaScript more than the floor page; its largest contentful paint
// on the slow PC is at most 1.5 s cold and, warm and cold, at most 50 ms later than the same page
// without JavaScript; each large-journal page has p95 under 15 ms
// at 1 connection and at least 40 % of the floor's requests per second at 20 (decision 0033, a guard
// against regressions; it replaced the posts issue's 50 %); each report query over a preset range has
// p95 under 100 ms (presets and a whole year); the export adds under 300 MB at its peak; the
// ranking of a contest of 300 teams and 9,000 students and a quest news page of 500 posts have
// p95 under 25 ms at 1 connection on both databases (decision 0035, bench/big-contest.ts); /diary is
// measured for a teacher with 10,000 notifications (decision 0037, bench/big-notifications.ts); the
// district journal's news, report and alerts list have p95 under 50 ms at 1 connection (decision 0050).
// Feedback and Patterns pages and their queries have p95 under 100 ms on both databases (decision 0048).
import autocannon from 'autocannon'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/browser'
import { freePort } from '../tests/support/ports'
import { startPostgres } from '../tests/support/postgres'
import { seedBigContest } from './big-contest'
import { seedBigJournal } from './big-journal'
import { BIG_NOTIFICATIONS, seedBigNotifications } from './big-notifications'
import { browserCookie, measureFirstLoads, SLOW_PC } from './first-load'
import { load as loadOnce, median } from './load'
import Database from 'better-sqlite3'
import { connect } from '../app/db/connect.server'
import { assignPostTopics } from '../app/features/topics/backfill.server'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const ROUND_S = Math.max(3, Math.round(DURATION_S / 2))
const WARMUP_S = 3
let base = ''
const cleanups: (() => void | Promise<void>)[] = []

/**
 * Every post's topics read before anything is measured (decision 0049): the server reads the
 * demo's in the background after it starts, and the seeds here wrote their contest posts as an
 * import would; the bench reads what is left itself, as the batched migration does.
 */
async function untilTopicsRead(options: { databaseUrl?: string; sqliteFile?: string }) {
  const { db } = connect(options)
  await assignPostTopics(db)
  await db.destroy()
}
// On a crash: what can be done at once (servers killed, folders removed; PostgreSQL gets its signal).
process.on('exit', () => {
  for (const c of cleanups.reverse()) void c()
})

/** The built server on a fresh data folder (SQLite) or on a database URL. */
async function startServer(env: Record<string, string>, dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-'))) {
  const port = await freePort()
  const server: ChildProcess = spawn(process.execPath, ['build/server.js'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOGIN_MAX_FAILS_ADDRESS: '100000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    server.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }
  cleanups.push(stop)
  base = `http://127.0.0.1:${port}`
  return { dataDir, stop, server }
}

/** A process's resident memory, in MB (Linux). */
const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024)

/**
 * Decision 0043: the server's memory and start on the demo school. Idle after the seed (which runs in a
 * process of its own), growth over 2,000 requests to a news page, and the start on that database
 * to the first answer.
 */
async function memoryFigures() {
  const first = await startServer({})
  await waitForServer()
  await new Promise((r) => setTimeout(r, 5000))
  const idleMb = rssMb(first.server.pid!)
  const cookie = await signInCookie()
  const news = `${base}/diary/homework/1/news`
  await new Promise<autocannon.Result>((resolve, reject) => autocannon({ url: news, connections: 1, amount: 100, headers: { Cookie: cookie } }, (e, r) => (e ? reject(e) : resolve(r))))
  const beforeMb = rssMb(first.server.pid!)
  await new Promise<autocannon.Result>((resolve, reject) => autocannon({ url: news, connections: 4, amount: 2000, headers: { Cookie: cookie } }, (e, r) => (e ? reject(e) : resolve(r))))
  const afterMb = rssMb(first.server.pid!)
  first.server.kill('SIGTERM')
  await new Promise((r) => first.server.once('exit', r))
  const t0 = performance.now()
  const again = await startServer({}, first.dataDir)
  for (;;) {
    const ok = await fetch(`${base}/login`).then((r) => r.ok, () => false)
    if (ok) break
    await new Promise((r) => setTimeout(r, 20))
  }
  const startMs = Math.round(performance.now() - t0)
  again.stop()
  return { idleMb, beforeMb, afterMb, startMs }
}

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('server did not start')
}

async function signInCookie() {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ intent: 'login', email: 'teacher@demo.test', password: 'demo-pass-1' }),
  })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (res.status !== 302 || !cookie) throw new Error(`sign-in failed: ${res.status}`)
  const diary = await fetch(`${base}/diary`, { headers: { Cookie: cookie }, redirect: 'manual' })
  if (diary.status !== 200) throw new Error(`/diary answered ${diary.status}`)
  return cookie
}

/**
 * The cookie a browser holds after its first page: without it every page carries the whole
 * stylesheet (a first visit, ui/stylesheet.tsx), which is not what a school's PCs ask for all day.
 */
let returningVisitor = ''
async function readReturningVisitor() {
  const res = await fetch(`${base}/index`)
  returningVisitor = (res.headers.getSetCookie().find((c) => c.startsWith('css=')) ?? '').split(';')[0]
}

function load(url: string, connections: number, headers: Record<string, string> = {}, duration = DURATION_S) {
  const Cookie = [returningVisitor, headers.Cookie].filter(Boolean).join('; ')
  return loadOnce(url, connections, { ...headers, ...(Cookie ? { Cookie } : {}) }, duration)
}

async function javascriptFor(pagePath: string, cookie?: string) {
  const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS })
  const page = await browser.newPage()
  if (cookie) await page.context().addCookies([browserCookie(base, cookie)])
  const scripts: Promise<number>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.body().then((b) => gzipSync(b, { level: 9 }).length))
  })
  await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' })
  const sizes = await Promise.all(scripts)
  await browser.close()
  return { files: sizes.length, kb: Math.round((sizes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10 }
}

type Target = { name: string; url: string; headers: Record<string, string> }
type Row = Awaited<ReturnType<typeof load>> & { floorRatio?: number }
const rows: Record<string, Row> = {}
const floorRounds: Row[] = []

/**
 * At 1 connection each page is measured once. At 20, the machine's share of CPU drifts by up to
 * half between minutes, so each page is measured in three rounds, each right after a round of the
 * floor, and compared with that floor: the row is the round with the median ratio.
 */
async function measure(targets: Target[]) {
  const floor = `${base}/_bench/floor`
  for (const t of targets) {
    await load(t.url, 1, t.headers, WARMUP_S).catch(() => undefined)
    rows[`${t.name} @1`] = await load(t.url, 1, t.headers)
  }
  await load(floor, 20, {}, WARMUP_S)
  for (const t of targets) {
    if (t.url === floor) continue
    await load(t.url, 20, t.headers, WARMUP_S).catch(() => undefined)
    const rounds: Row[] = []
    for (let i = 0; i < 3; i++) {
      const f = await load(floor, 20, {}, ROUND_S)
      floorRounds.push(f)
      const r = await load(t.url, 20, t.headers, ROUND_S)
      rounds.push({ ...r, floorRatio: r.rps / f.rps })
    }
    rows[`${t.name} @20`] = { ...median(rounds, (r) => r.floorRatio!), non2xx: rounds.reduce((n, r) => n + r.non2xx, 0) }
  }
}
const contestTargets = (dialect: string, c: { contestId: number; journalId: number; teamId: number; questId: number }, cookie: string): Target[] => [
  { name: `${dialect} ranking (300 teams)`, url: `${base}/contest/${c.contestId}/ranking?page=15`, headers: { Cookie: cookie } },
  { name: `${dialect} team ranking (30 students)`, url: `${base}/contest/${c.contestId}/ranking?tab=students&teamId=${c.teamId}`, headers: { Cookie: cookie } },
  { name: `${dialect} quest news (500 posts)`, url: `${base}/diary/homework/${c.journalId}/questList/${c.questId}`, headers: { Cookie: cookie } },
]
/** Decision 0035: the contest pages at one connection only (their budget is latency). */
async function measureOne(targets: Target[]) {
  for (const t of targets) {
    await load(t.url, 1, t.headers, WARMUP_S).catch(() => undefined)
    rows[`${t.name} @1`] = await load(t.url, 1, t.headers)
  }
}
const bigTargets = (dialect: string, big: { journalId: number; middlePost: number }, cookie: string): Target[] => [
  { name: `${dialect} news (20,000 posts)`, url: `${base}/diary/homework/${big.journalId}/news`, headers: { Cookie: cookie } },
  { name: `${dialect} students (200)`, url: `${base}/diary/homework/${big.journalId}/student?page=7`, headers: { Cookie: cookie } },
  { name: `${dialect} post page`, url: `${base}/diary/diaryPost/${big.middlePost}`, headers: { Cookie: cookie } },
]

// Decision 0050: the district (bench/district.ts, seeded once and kept, see there), in a process of its own.
type DistrictFigures = { district: { journals: number; studentsPerJournal: number; posts: number }; latency: Record<string, Row & { cpuMs: number }>; throughput: Record<string, { one: Row; two: Row; ratio: number }>; loadAverage: number; cores: number }
const DISTRICT_P95_MS = 50
function districtRun() {
  return new Promise<DistrictFigures>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/district.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/district.ts failed'))))
  })
}
function districtReport(f: DistrictFigures) {
  const d = f.district
  console.log(`\nDistrict on PostgreSQL: ${d.journals} journals, ${(d.journals * d.studentsPerJournal).toLocaleString('en')} students, ${d.posts.toLocaleString('en')} posts; one journal's pages at 1 connection (load average ${f.loadAverage} on ${f.cores} cores)`)
  const ms = (x: number) => Math.round(x * 10) / 10
  console.table(Object.fromEntries(Object.entries(f.latency).map(([k, r]) => [k, { 'req/s': r.rps, 'p50 ms': ms(r.p50), 'p95 ms': ms(r.p95), 'p99 ms': ms(r.p99), 'app CPU ms a page': r.cpuMs, non2xx: r.non2xx }])))
  console.log('Two app processes against one, 20 connections (median of three rounds; 2 cores shared with PostgreSQL and the load)')
  console.table(Object.fromEntries(Object.entries(f.throughput).map(([k, t]) => [k, { 'one, req/s': t.one.rps, 'two, req/s': t.two.rps, ratio: Math.round(t.ratio * 100) / 100, 'p95 ms one / two': `${ms(t.one.p95)} / ${ms(t.two.p95)}`, non2xx: t.one.non2xx + t.two.non2xx }])))
  return Object.entries(f.latency).map(([name, r]) => ({ name: `district ${name} p95 at 1 connection < ${DISTRICT_P95_MS} ms`, ok: r.p95 < DISTRICT_P95_MS && r.non2xx === 0, value: `${ms(r.p95)} ms (app CPU ${r.cpuMs} ms a page, load average ${f.loadAverage})` }))
}
// `npm run bench -- pages`: the memory figures, the pages on SQLite, their JavaScript and first loads only.
const pagesOnly = process.argv.includes('pages')
const dialects = pagesOnly ? ['sqlite'] : ['sqlite', 'postgres']
// `npm run bench -- district`: the district alone.
if (process.argv.includes('district')) {
  const checks = districtReport(await districtRun())
  console.log('\nBudgets')
  for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
  process.exit(checks.every((c) => c.ok) ? 0 : 1)
}

/** Decision 0048: who waits for an answer, and what comes before and after a feeling, on the large journal. */
const insightTargets = (dialect: string, big: { journalId: number; student: number }, cookie: string): Target[] => [
  { name: `${dialect} feedback, 30 days (20,000 posts)`, url: `${base}/diary/homework/${big.journalId}/feedback`, headers: { Cookie: cookie } },
  { name: `${dialect} feedback, the term`, url: `${base}/diary/homework/${big.journalId}/feedback?period=term`, headers: { Cookie: cookie } },
  { name: `${dialect} patterns, 30 days (20,000 posts)`, url: `${base}/diary/homework/${big.journalId}/patterns`, headers: { Cookie: cookie } },
  { name: `${dialect} patterns, the term`, url: `${base}/diary/homework/${big.journalId}/patterns?period=term`, headers: { Cookie: cookie } },
  { name: `${dialect} a student's patterns against the class, the term`, url: `${base}/diary/homework/${big.journalId}/patterns?student=${big.student}&period=term`, headers: { Cookie: cookie } },
  { name: `${dialect} a student's page with its patterns`, url: `${base}/diary/homework/${big.journalId}/student/${big.student}`, headers: { Cookie: cookie } },
]
const INSIGHT_PAGES = ['feedback, 30 days (20,000 posts)', 'feedback, the term', 'patterns, 30 days (20,000 posts)', 'patterns, the term', "a student's patterns against the class, the term", "a student's page with its patterns"]

const memory = await memoryFigures()

// SQLite: the demo data plus the large journal.
let sqlite = await startServer({})
await waitForServer()
const sqliteBig = await seedBigJournal({ sqliteFile: path.join(sqlite.dataDir, 'app.db') })
const sqliteContest = await seedBigContest({ sqliteFile: path.join(sqlite.dataDir, 'app.db') })
await seedBigNotifications({ sqliteFile: path.join(sqlite.dataDir, 'app.db') })
await untilTopicsRead({ sqliteFile: path.join(sqlite.dataDir, 'app.db') })
// Then the server starts again on the seeded database, as a school's runs on its own: SQLite reads
// a table's planner statistics when a connection opens, and the seeds wrote 65,000 posts and 9,000
// students from another process, so the running server planned on the demo's sizes (decision 0050,
// measured: the quest news page's student queries took 4.5 ms each, 0.7 ms after a restart).
sqlite.server.kill('SIGTERM')
await new Promise((r) => sqlite.server.once('exit', r))
sqlite = await startServer({}, sqlite.dataDir)
await waitForServer()
let cookie = await signInCookie()
await readReturningVisitor()
await measure([
  { name: 'floor (static, no loader)', url: `${base}/_bench/floor`, headers: {} },
  { name: '/index signed out', url: `${base}/index`, headers: {} },
  // teacher@ has BIG_NOTIFICATIONS notifications by now: the bell's unread count is in this row.
  { name: '/diary signed in', url: `${base}/diary`, headers: { Cookie: cookie } },
  ...bigTargets('sqlite', sqliteBig, cookie),
])
await measureOne(contestTargets('sqlite', sqliteContest, cookie))
await measureOne(insightTargets('sqlite', sqliteBig, cookie))
// The pages of the first-load budgets, on the demo school: journal 1 is teacher@'s first.
const demoDb = new Database(path.join(sqlite.dataDir, 'app.db'), { readonly: true })
const demoPost = (demoDb.prepare('SELECT max(id) AS id FROM posts WHERE journal_id = 1').get() as { id: number }).id
// The demo's alert in teacher@'s first journal, and the quest list of its running contest (journal 6).
const demoAlert = (demoDb.prepare('SELECT min(id) AS id FROM risk_alerts WHERE journal_id = 1').get() as { id: number | null }).id
demoDb.close()
const firstLoadPages = [
  { name: '/login', path: '/login', signedIn: false },
  { name: '/diary', path: '/diary', signedIn: true },
  { name: 'news', path: '/diary/homework/1/news', signedIn: true },
  { name: 'post page', path: `/diary/diaryPost/${demoPost}`, signedIn: true },
  { name: 'report', path: '/diary/homework/1/report', signedIn: true },
  ...(demoAlert ? [{ name: 'an alert', path: `/diary/homework/1/alerts/${demoAlert}`, signedIn: true }] : []),
  { name: 'quest list', path: '/diary/homework/6/questList', signedIn: true },
  // The demo's e-book of teacher@'s first journal, its page editor.
  { name: 'e-book editor', path: '/ebook/1/edit', signedIn: true },
]
const floorJs = await javascriptFor('/_bench/floor')
const pageJs: Record<string, Awaited<ReturnType<typeof javascriptFor>>> = {}
for (const p of firstLoadPages) pageJs[p.name] = await javascriptFor(p.path, p.signedIn ? cookie : undefined)
const firstLoads = await measureFirstLoads(base, firstLoadPages, cookie)
sqlite.stop()

if (!pagesOnly) {
// PostgreSQL: a throwaway cluster; the server migrates and seeds the demo, then the large journal.
const pg = await startPostgres()
cleanups.push(() => pg.stop())
await startServer({ DATABASE_URL: pg.url })
await waitForServer()
const pgBig = await seedBigJournal({ databaseUrl: pg.url })
const pgContest = await seedBigContest({ databaseUrl: pg.url })
await seedBigNotifications({ databaseUrl: pg.url })
await untilTopicsRead({ databaseUrl: pg.url })
cookie = await signInCookie()
await measure([{ name: `postgres /diary (bell of ${BIG_NOTIFICATIONS.toLocaleString('en')} notifications)`, url: `${base}/diary`, headers: { Cookie: cookie } }, ...bigTargets('postgres', pgBig, cookie)])
await measureOne(contestTargets('postgres', pgContest, cookie))
await measureOne(insightTargets('postgres', pgBig, cookie))

}
rows['floor (static, no loader) @20, median round'] = median(floorRounds, (r) => r.rps)
type ExportFigures = { seconds: number; megabytes: number; peakRssMb: number; baselineRssMb: number }
type ReportFigures = { dialect: string; queries: Record<string, number>; export: ExportFigures; exportQuarter: ExportFigures }
const reportFigures: ReportFigures[] = []
const importFigures: { dialect: string; checkMs: number; submitMs: number }[] = []
const rosterFigures: { dialect: string; previewMs: number; applyMs: number; againMs: number }[] = []
if (!pagesOnly) {
// Decision 0018: report queries and the raw export on a journal of 100,000 posts, each database in a
// process of its own (bench/reports.ts), measured in a fresh process after seeding.
function tsxRun(args: string[]) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/reports.ts', ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) => (code === 0 ? resolve(out.trim().split('\n').pop()!) : reject(new Error(`bench/reports.ts ${args[0]} failed`))))
  })
}
const reportsPg = await startPostgres()
cleanups.push(() => reportsPg.stop())
const reportsDir = mkdtempSync(path.join(os.tmpdir(), 'bench-reports-'))
cleanups.push(() => rmSync(reportsDir, { recursive: true, force: true }))
for (const target of [path.join(reportsDir, 'app.db'), reportsPg.url]) {
  const { journalId } = JSON.parse(await tsxRun(['seed', target])) as { journalId: number }
  reportFigures.push(JSON.parse(await tsxRun(['measure', target, String(journalId)])) as ReportFigures)
}

// Decision 0022: importing a 1,000-student class file (check and submit), each database fresh.
function importRun(target: string) {
  return new Promise<{ dialect: string; checkMs: number; submitMs: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/import.ts', target], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/import.ts failed'))))
  })
}
const importPg = await startPostgres()
cleanups.push(() => importPg.stop())
importFigures.push(await importRun(path.join(reportsDir, 'import.db')), await importRun(importPg.url))
// Decision 0075: a OneRoster roster of 2,000 students, previewed, applied and applied again, each database fresh.
function rosterRun(target: string) {
  return new Promise<{ dialect: string; previewMs: number; applyMs: number; againMs: number }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/roster.ts', target], { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/roster.ts failed'))))
  })
}
const rosterPg = await startPostgres()
cleanups.push(() => rosterPg.stop())
rosterFigures.push(await rosterRun(path.join(reportsDir, 'roster.db')), await rosterRun(rosterPg.url))

}
console.log(`\nLatency and throughput (${DURATION_S} s per row, ${os.cpus().length} cores)`)
console.table(Object.fromEntries(Object.entries(rows).map(([k, r]) => [k, { 'req/s': r.rps, 'of floor': r.floorRatio === undefined ? '' : `${Math.round(r.floorRatio * 100)} %`, 'p50 ms': r.p50, 'p95 ms': r.p95, 'p99 ms': r.p99, non2xx: r.non2xx, errors: r.errors }])))
console.log(`\nJavaScript loaded, gzipped (the floor page: ${floorJs.kb} KB in ${floorJs.files} files)`)
console.table(Object.fromEntries(Object.entries(pageJs).map(([name, js]) => [name, { KB: js.kb, files: js.files, 'over the floor, KB': Math.round((js.kb - floorJs.kb) * 10) / 10 }])))
console.log(`\nFirst load on a slow PC (CPU ${SLOW_PC.cpuSlowdown}× slower, ${SLOW_PC.kbps} kbps, ${SLOW_PC.rttMs} ms round trip)`)
console.table(firstLoads.map((r) => ({ page: r.page, cache: r.cache, requests: r.requests, 'KB (all)': r.kb, 'KB (JavaScript)': r.jsKb, 'FCP ms': r.fcpMs, 'LCP ms': r.lcpMs, 'LCP ms without JavaScript': r.noJsLcpMs, 'delay from scripts, ms': r.lcpDelayMs })))

const ofFloor = (row: Row) => `${Math.round(row.floorRatio! * 100)} %`
const diary20 = rows['/diary signed in @20']
const diaryP50 = rows['/diary signed in @1'].p50
const checks = [
  { name: '/diary at 20 connections >= 60 % of the floor req/s', ok: diary20.floorRatio! >= 0.6, value: ofFloor(diary20) },
  { name: '/diary p50 at 1 connection < 10 ms', ok: diaryP50 < 10, value: `${diaryP50} ms` },
  ...Object.entries(pageJs).map(([name, js]) => ({ name: `${name} JavaScript within 15 KB gzipped of the floor page's`, ok: js.kb - floorJs.kb <= 15, value: `${js.kb} KB (floor ${floorJs.kb} KB)` })),
  // Decision 0034: the HTML is the floor; scripts may delay the largest paint by 50 ms at most, and a
  // cold load stays under 1.5 s (decision 0034).
  ...firstLoads.map((r) => ({ name: `${r.page} largest contentful paint on the slow PC, ${r.cache}, at most 50 ms after the same page without JavaScript`, ok: r.lcpMs > 0 && r.noJsLcpMs > 0 && r.lcpDelayMs <= 50, value: `${r.lcpDelayMs} ms (medians: ${r.lcpMs} ms, without JavaScript ${r.noJsLcpMs} ms)` })),
  ...firstLoads.filter((r) => r.cache === 'cold').map((r) => ({ name: `${r.page} largest contentful paint on the slow PC, cold <= 1500 ms`, ok: r.lcpMs > 0 && r.lcpMs <= 1500, value: `${r.lcpMs} ms` })),
  ...dialects.flatMap((dialect) =>
    ['news (20,000 posts)', 'students (200)', 'post page'].flatMap((page) => {
      const one = rows[`${dialect} ${page} @1`]
      const twenty = rows[`${dialect} ${page} @20`]
      return [
        { name: `${dialect} ${page} p95 at 1 connection < 15 ms`, ok: one.p95 < 15 && one.non2xx === 0, value: `${one.p95} ms` },
        { name: `${dialect} ${page} at 20 connections >= 40 % of the floor req/s`, ok: twenty.floorRatio! >= 0.4 && twenty.non2xx === 0, value: ofFloor(twenty) },
      ]
    }),
  ),
  ...dialects.flatMap((dialect) =>
    ['ranking (300 teams)', 'team ranking (30 students)', 'quest news (500 posts)'].map((page) => {
      const one = rows[`${dialect} ${page} @1`]
      return { name: `${dialect} ${page} p95 at 1 connection < 25 ms`, ok: one.p95 < 25 && one.non2xx === 0, value: `${one.p95} ms` }
    }),
  ),
  ...dialects.flatMap((dialect) =>
    INSIGHT_PAGES.map((page) => {
      const one = rows[`${dialect} ${page} @1`]
      return { name: `${dialect} ${page} p95 at 1 connection < 100 ms`, ok: one.p95 < 100 && one.non2xx === 0, value: `${one.p95} ms` }
    }),
  ),
]
for (const f of reportFigures) {
  console.log(`\nReports on ${f.dialect}, 100,000 posts: p95 ms of 30 runs`)
  console.table(f.queries)
  for (const [label, e] of [['the last 90 days', f.exportQuarter], ['all 100,000 posts', f.export]] as const) {
    console.log(`Raw export of ${label} on ${f.dialect}: ${e.seconds} s, ${e.megabytes} MB file, peak resident memory ${e.peakRssMb} MB (the process before it: ${e.baselineRssMb} MB)`)
  }
  checks.push(
    ...Object.entries(f.queries).map(([name, ms]) => ({ name: `${f.dialect} report ${name} p95 < 100 ms`, ok: ms < 100, value: `${ms} ms` })),
    // The export's own memory: what it adds to the process at its peak (the process itself, tsx and
    // the report runs before it, is printed above).
    { name: `${f.dialect} raw export of 100,000 posts: memory at its peak < 300 MB`, ok: f.export.peakRssMb - f.export.baselineRssMb < 300, value: `${f.export.peakRssMb - f.export.baselineRssMb} MB` },
  )
}
for (const f of rosterFigures) {
  console.log(`OneRoster roster of 2,000 students on ${f.dialect}: preview ${f.previewMs} ms, apply ${f.applyMs} ms, the same roster again ${f.againMs} ms`)
  checks.push({ name: `${f.dialect} OneRoster roster of 2,000 students: preview < 3 s`, ok: f.previewMs < 3000, value: `${f.previewMs} ms` }, { name: `${f.dialect} OneRoster roster of 2,000 students: apply < 10 s`, ok: f.applyMs < 10_000, value: `${f.applyMs} ms` })
}
for (const f of importFigures) {
  console.log(`Student import of 1,000 rows on ${f.dialect}: check ${f.checkMs} ms, submit ${f.submitMs} ms`)
  checks.push({ name: `${f.dialect} import of 1,000 students (check and submit) < 2 s`, ok: f.checkMs + f.submitMs < 2000, value: `${f.checkMs + f.submitMs} ms` })
}
if (!pagesOnly) {
// Decision 0038: the e-book renderer, in a process of its own (bench/ebook-render.ts).
const ebook = await new Promise<{ pages: number; firstPageMs: number; picturesP50Ms: number; picturesP95Ms: number; pdfP50Ms: number; pdfP95Ms: number; pdfKb: number }>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ebook-render.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/ebook-render.ts failed'))))
})
console.log(`\nE-book of ${ebook.pages} pages (Typst): first page ${ebook.firstPageMs} ms (fonts loaded); every page picture p50 ${ebook.picturesP50Ms} ms, p95 ${ebook.picturesP95Ms} ms; the PDF p50 ${ebook.pdfP50Ms} ms, p95 ${ebook.pdfP95Ms} ms, ${ebook.pdfKb} KB`)
checks.push({ name: `every page picture of a ${ebook.pages}-page book, p95 < 3 s`, ok: ebook.picturesP95Ms < 3000, value: `${ebook.picturesP95Ms} ms` })
// Decision 0040: the PDF from the click (the job on a real database), in a process of its own (bench/ebook-export.ts).
const printed = await new Promise<{ pages: number; p50Ms: number; p95Ms: number; kb: number }>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ebook-export.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/ebook-export.ts failed'))))
})
console.log(`The PDF of a ${printed.pages}-page book with a picture in every frame, from the click: p50 ${printed.p50Ms} ms, p95 ${printed.p95Ms} ms (ten runs), ${printed.kb} KB`)
checks.push({ name: `the PDF of a ${printed.pages}-page book from the click, p95 < 2 s`, ok: printed.p95Ms < 2000, value: `${printed.p95Ms} ms` })

// Decision 0053: a class's e-books in one job, in a process of its own (bench/class-books.ts).
const classBooks = await new Promise<{ books: number; postsPerBook: number; pdfMb: number; seconds: number; zipSeconds: number; zipMb: number; serverStartRssMb: number; serverPeakRssMb: number; typstProcessPeakMb: number }>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/class-books.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/class-books.ts failed'))))
})
const classBooksMemory = classBooks.serverPeakRssMb - classBooks.serverStartRssMb + classBooks.typstProcessPeakMb
console.log(`A class's e-books in one job: ${classBooks.books} books of ${classBooks.postsPerBook} posts (a picture in every frame; the PDFs ${classBooks.pdfMb} MB) in ${classBooks.seconds} s, their zip (${classBooks.zipMb} MB) in ${classBooks.zipSeconds} s; the server process ${classBooks.serverStartRssMb} MB before the job, ${classBooks.serverPeakRssMb} MB at its peak; its Typst process's peak ${classBooks.typstProcessPeakMb} MB`)
checks.push({ name: `a class's ${classBooks.books} e-books of ${classBooks.postsPerBook} posts in one job < 60 s`, ok: classBooks.seconds < 60, value: `${classBooks.seconds} s` })
// Each process's peak against the budget; what the two add together over the server's start is printed beside it.
checks.push({ name: "a class's e-books job: the server's and its Typst process's peaks each < 400 MB", ok: classBooks.serverPeakRssMb < 400 && classBooks.typstProcessPeakMb < 400, value: `${classBooks.serverPeakRssMb} and ${classBooks.typstProcessPeakMb} MB (together ${classBooksMemory} MB over the server's start)` })

// Decision 0042: the content assessment of risk alerts, in a process of its own (bench/risk-assessment.ts).
const risk = await new Promise<{ lines: string[]; replay: string[]; posts: number; p50Ms: number; p95Ms: number; worst: { recall: number; highRate: number; falseRate: number } }>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/risk-assessment.ts'], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  child.stdout.on('data', (d) => (out += d))
  child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error('bench/risk-assessment.ts failed'))))
})
console.log(`\nRisk alerts: the content assessment over the labelled sets (tests/risk-eval), ${risk.posts} posts, p50 ${risk.p50Ms} ms, p95 ${risk.p95Ms} ms a post`)
for (const line of risk.lines) console.log(line)
console.log('  the demo\'s two months replayed:')
for (const line of risk.replay) console.log(line)
checks.push({ name: 'risk assessment, p95 < 20 ms a post', ok: risk.p95Ms < 20, value: `${risk.p95Ms} ms` })
checks.push({ name: 'risk assessment on posts never read, every language: recall ≥ 90 %, urgent at high ≥ 90 %, false alerts ≤ 5 %', ok: risk.worst.recall >= 0.9 && risk.worst.highRate >= 0.9 && risk.worst.falseRate <= 0.05, value: `worst recall ${(100 * risk.worst.recall).toFixed(1)} %, high ${(100 * risk.worst.highRate).toFixed(1)} %, false ${(100 * risk.worst.falseRate).toFixed(1)} %` })

checks.push(...districtReport(await districtRun()))

}
// Decision 0043: the server's memory and start (measured first, in every mode).
console.log(`\nMemory: idle after the demo seed ${memory.idleMb} MB; over 2,000 requests to a news page ${memory.beforeMb} -> ${memory.afterMb} MB; start on that database to the first answer ${memory.startMs} ms`)
checks.push({ name: 'the server idle after the demo seed <= 180 MB', ok: memory.idleMb <= 180, value: `${memory.idleMb} MB` })
checks.push({ name: '2,000 requests to a news page grow the server < 30 MB', ok: memory.afterMb - memory.beforeMb < 30, value: `${memory.afterMb - memory.beforeMb} MB` })
checks.push({ name: 'start on an existing database to the first answer < 1.5 s', ok: memory.startMs < 1500, value: `${memory.startMs} ms` })
console.log('\nBudgets')
for (const c of checks) console.log(`  ${c.ok ? 'PASS' : 'FAIL'}  ${c.name}: ${c.value}`)
for (const c of cleanups.splice(0).reverse()) await c()
process.exit(checks.every((c) => c.ok) ? 0 : 1)
