#!/usr/bin/env bash
# Every test: typecheck, lint and build, then vitest (SQLite and PostgreSQL; tests/server/many-processes.test.ts
# runs the built server, so the build comes first), then Playwright (JavaScript on, and off for the
# tests tagged @no-js). Ends with one line "N passed, N failed" and a non-zero exit on
# any failure. A test that passed only at its retry is named and counted as failed (decision 0041).
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .reports
rm -f .reports/vitest.json .reports/e2e.json .reports/axe.jsonl .reports/times.txt
failed_steps=0

step() { echo; echo "== $*"; }
# Runs a part and writes its time to .reports/times.txt.
timed() {
  local name=$1 start=$SECONDS status=0
  shift
  "$@" || status=$?
  echo "$name $((SECONDS - start))" >> .reports/times.txt
  return $status
}

# Typecheck, lint and build read the code alone: side by side, each one's output shown when it fails.
step "typecheck, lint, build (side by side)"
pids=()
for part in typecheck lint build; do
  timed "$part" bash -c "npm run -s $part > .reports/$part.log 2>&1" &
  pids+=($!)
done
for i in 0 1 2; do
  part=$(echo typecheck lint build | cut -d' ' -f$((i + 1)))
  if wait "${pids[$i]}"; then echo "$part: ok"; else cat ".reports/$part.log"; echo "$part: FAILED"; failed_steps=$((failed_steps + 1)); fi
done
step vitest
timed vitest npx vitest run --reporter=default --reporter=json --outputFile.json=.reports/vitest.json || true
step playwright
AXE_LOG=.reports/axe.jsonl PLAYWRIGHT_JSON=.reports/e2e.json timed playwright npx playwright test || true

node scripts/test-summary.mjs "$failed_steps"
