#!/usr/bin/env bash
# Every test: typecheck, lint, vitest (SQLite and PostgreSQL), build, Playwright (JavaScript on and off).
# Ends with one line "N passed, N failed" and a non-zero exit on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .reports
rm -f .reports/vitest.json .reports/e2e.json
failed_steps=0

step() { echo; echo "== $*"; }

step typecheck
npm run -s typecheck || failed_steps=$((failed_steps + 1))
step lint
npm run -s lint || failed_steps=$((failed_steps + 1))
step vitest
npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json || true
step build
npm run -s build > .reports/build.log 2>&1 || { cat .reports/build.log; failed_steps=$((failed_steps + 1)); }
step playwright
PLAYWRIGHT_JSON=.reports/e2e.json npx playwright test || true

node - "$failed_steps" <<'JS'
const fs = require('node:fs')
const read = (f) => (fs.existsSync(f) ? JSON.parse(fs.readFileSync(f, 'utf8')) : null)
const v = read('.reports/vitest.json')
const p = read('.reports/e2e.json')
let passed = 0
let failed = Number(process.argv[2])
// A file that fails to load counts once; failing tests count each.
if (v) { passed += v.numPassedTests; failed += v.numFailedTests || v.numFailedTestSuites } else failed += 1
if (p) { passed += p.stats.expected + p.stats.flaky; failed += p.stats.unexpected } else failed += 1
console.log(`\nvitest: ${v ? `${v.numPassedTests} passed, ${v.numFailedTests} failed` : 'no report'}; playwright: ${p ? `${p.stats.expected + p.stats.flaky} passed (${p.stats.flaky} flaky), ${p.stats.unexpected} failed` : 'no report'}`)
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 || passed === 0 ? 1 : 0)
JS
