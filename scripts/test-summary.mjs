/* global console, process */
// The closing lines of scripts/test-all.sh: time per part, what axe-core checked, each flaky test by
// name, and "N passed, N failed", where a test passes only if it passed at its first try.
import { existsSync, readFileSync } from 'node:fs'

const read = (f) => (existsSync(f) ? readFileSync(f, 'utf8') : null)
const json = (f) => (read(f) ? JSON.parse(read(f)) : null)
const v = json('.reports/vitest.json')
const p = json('.reports/e2e.json')
let passed = 0
let failed = Number(process.argv[2] ?? 0)

// Time per part; vitest's time split by database, from each test's own duration.
const times = (read('.reports/times.txt') ?? '').trim().split('\n').filter(Boolean).map((l) => l.split(' '))
if (v) {
  const byDb = { sqlite: 0, postgres: 0, neither: 0 }
  for (const file of v.testResults) for (const t of file.assertionResults) byDb[/ on sqlite\b/.test(t.fullName) ? 'sqlite' : / on postgres\b/.test(t.fullName) ? 'postgres' : 'neither'] += t.duration ?? 0
  times.push(['(vitest tests on SQLite / PostgreSQL / neither, summed)', `${Math.round(byDb.sqlite / 1000)} / ${Math.round(byDb.postgres / 1000)} / ${Math.round(byDb.neither / 1000)}`])
}
const flaky = []
if (p) {
  const perProject = {}
  const walk = (suite) => {
    for (const s of suite.suites ?? []) walk(s)
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests) {
        const ms = t.results.reduce((n, r) => n + r.duration, 0)
        perProject[t.projectName] = (perProject[t.projectName] ?? 0) + ms
        if (t.status === 'flaky') flaky.push(`${t.projectName} › ${spec.file}:${spec.line} › ${spec.title}`)
      }
  }
  for (const s of p.suites) walk(s)
  for (const [name, ms] of Object.entries(perProject)) times.push([`(playwright ${name} tests, summed over workers)`, String(Math.round(ms / 1000))])
}
console.log('\nTime per part (s):')
for (const [name, s] of times) console.log(`  ${name}: ${s}`)

const axe = (read('.reports/axe.jsonl') ?? '').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))
if (axe.length) {
  const all = axe.filter((a) => a.rules === 'all')
  const shapes = (list) => new Set(list.map((a) => `${a.lang} ${a.shape}`)).size
  console.log(`axe-core: ${all.length} checks with every rule (${new Set(all.map((a) => a.shape)).size} page shapes; by language ${['en', 'zh-TW', 'ja'].map((l) => `${l} ${shapes(all.filter((a) => a.lang === l))}`).join(', ')}), ${axe.length - all.length} with the language rules (${shapes(axe.filter((a) => a.rules !== 'all'))} shapes)`)
}

if (v) {
  passed += v.numPassedTests
  // A file that fails to load counts once; failing tests count each.
  failed += v.numFailedTests || v.numFailedTestSuites
} else failed += 1
if (p) {
  passed += p.stats.expected
  failed += p.stats.unexpected + p.stats.flaky
} else failed += 1
for (const name of flaky) console.log(`flaky (failed, then passed at its retry; counted as failed): ${name}`)
console.log(`\nvitest: ${v ? `${v.numPassedTests} passed, ${v.numFailedTests} failed` : 'no report'}; playwright: ${p ? `${p.stats.expected} passed, ${p.stats.flaky} flaky, ${p.stats.unexpected} failed, ${p.stats.skipped} skipped` : 'no report'}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
