// Decision 0050: a district on PostgreSQL (bench/district-seed.ts: one team of 50 journals, 5,000
// students, 500,000 posts), measured through the built server:
// - the news, the report (the journal's last 15 days of posts) and the alerts list of one of its
//   journals, signed in as its teacher, at 1 connection: p50/p95/p99 (budget p95 under 50 ms);
// - the throughput of two app processes against one at 20 connections, each page in three rounds
//   (one process, then both: autocannon spreads the connections over them, no proxy in between),
//   the median ratio kept. This machine has 2 cores, shared by the processes, PostgreSQL and the
//   load itself: the ratio is the figure to read, not a budget.
// The district is seeded once into a PostgreSQL kept in .tmp/district-pg (DISTRICT_PG_DIR), and a
// stopped seed resumes at the next run; DISTRICT_DATABASE_URL names another database instead.
// Run by bench/run.ts in a process of its own, or alone after `npm run build`: `tsx bench/district.ts`.
// Prints JSON on its last line.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { addDays } from '../app/shared/dates'
import { startAppProcess, type AppProcess } from '../tests/support/app-process'
import { startPostgres, type PgCluster } from '../tests/support/postgres'
import { DISTRICT, seedDistrict } from './district-seed'
import { load, median, type Load } from './load'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const ROUND_S = Math.max(3, Math.round(DURATION_S / 2))
const WARMUP_S = 3

async function districtDatabase(): Promise<{ url: string; cluster?: PgCluster }> {
  if (process.env.DISTRICT_DATABASE_URL) return { url: process.env.DISTRICT_DATABASE_URL }
  const cluster = await startPostgres({ keepIn: path.resolve(process.env.DISTRICT_PG_DIR ?? '.tmp/district-pg') })
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  if (!(await admin.query(`select 1 from pg_database where datname = 'district'`)).rowCount) await admin.query('CREATE DATABASE district')
  await admin.end()
  const url = new URL(cluster.url)
  url.pathname = '/district'
  return { url: url.toString(), cluster }
}

/** A process's CPU time so far, user and system, in ms (Linux: /proc/{pid}/stat, in clock ticks of 10 ms). */
function cpuMs(app: AppProcess) {
  const fields = readFileSync(`/proc/${app.child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

const apps: AppProcess[] = []
const { url, cluster } = await districtDatabase()
try {
  const district = await seedDistrict(url)
  const env = { DATABASE_URL: url, SEED_DEMO: '0', SESSION_SECRET: randomBytes(24).toString('hex'), LOGIN_MAX_FAILS_ADDRESS: '100000' }
  apps.push(await startAppProcess('district-a', env))
  const base = (app: AppProcess) => `http://127.0.0.1:${app.port}`
  const a = base(apps[0])

  // The teacher's session, and the stylesheet cookie of a returning visitor (bench/run.ts).
  const signIn = await fetch(`${a}/login`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: a }, body: new URLSearchParams({ intent: 'login', email: district.owner, password: district.password }) })
  const session = signIn.headers.get('set-cookie')?.split(';')[0]
  if (signIn.status !== 302 || !session) throw new Error(`sign-in failed: ${signIn.status}`)
  const visitor = ((await fetch(`${a}/index`)).headers.getSetCookie().find((c) => c.startsWith('css=')) ?? '').split(';')[0]
  const headers = { Cookie: [visitor, session].filter(Boolean).join('; ') }

  const journal = `/diary/homework/${district.journalId}`
  const pages = {
    news: `${journal}/news`,
    report: `${journal}/report?start=${addDays(district.lastPostDate, -14)}&end=${district.lastPostDate}`,
    alerts: `${journal}/alerts`,
  }
  for (const [name, page] of Object.entries(pages)) {
    const res = await fetch(`${a}${page}`, { headers, redirect: 'manual' })
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}`)
  }

  // Latency at 1 connection, with the app process's own CPU time a page (user and system, from
  // /proc): the machine is shared, and that figure moves less with the others' load than latency.
  const latency: Record<string, Load & { cpuMs: number }> = {}
  for (const [name, page] of Object.entries(pages)) {
    await load(`${a}${page}`, 1, headers, WARMUP_S)
    const cpu = cpuMs(apps[0])
    const measured = await load(`${a}${page}`, 1, headers, DURATION_S)
    latency[name] = { ...measured, cpuMs: Math.round(((cpuMs(apps[0]) - cpu) / (measured.rps * DURATION_S)) * 10) / 10 }
  }

  apps.push(await startAppProcess('district-b', env))
  const both = apps.map((app) => base(app))
  for (const page of Object.values(pages)) await load(both.map((b) => `${b}${page}`), 4, headers, WARMUP_S)
  const throughput: Record<string, { one: Load; two: Load; ratio: number }> = {}
  for (const [name, page] of Object.entries(pages)) {
    const rounds: { one: Load; two: Load; ratio: number }[] = []
    for (let i = 0; i < 3; i++) {
      const one = await load(`${a}${page}`, 20, headers, ROUND_S)
      const two = await load(both.map((b) => `${b}${page}`), 20, headers, ROUND_S)
      rounds.push({ one, two, ratio: two.rps / one.rps })
    }
    throughput[name] = median(rounds, (r) => r.ratio)
  }
  // The machine's load (1 minute) as the run ended: other work on it shows in every figure.
  console.log(JSON.stringify({ district: { ...DISTRICT, posts: district.posts }, latency, throughput, seconds: DURATION_S, roundSeconds: ROUND_S, loadAverage: Math.round(os.loadavg()[0] * 10) / 10, cores: os.cpus().length }))
} finally {
  await Promise.all(apps.map((app) => app.stop()))
  await cluster?.stop()
}
