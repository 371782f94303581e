import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import './app/fonts.server'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/support/browser'

// Chosen once: workers re-import this file and must see the same values. Each worker starts its
// own server, SMTP peer, OpenID provider and database in a folder of this one (e2e/support/server.ts).
process.env.E2E_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-'))
// One run's mark, the same in every worker: axe-core checks are shared out per run (e2e/support/test.ts).
process.env.E2E_RUN ??= `${process.pid}-${Date.now()}`
// Unpacked once here, before the workers start. The browser draws Chinese and Japanese with the
// fonts the app carries (FONTCONFIG_FILE, set by app/fonts.server.ts), as the server's pictures do.
const executablePath = await chromiumPath()
if (executablePath) process.env.CHROMIUM_PATH = executablePath

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: CHROMIUM_ARGS },
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Both cores: each worker drives its own browser against its own server.
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One retry in CI only to name a flaky test: scripts/test-all.sh counts it as failed, never passed.
  retries: process.env.CI ? 1 : 0,
  // Journeys (sign-up, setup, two accounts) take 20–30 s on a loaded CI machine: a limit, not a speed test.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? 'test-results/e2e.json' }]],
  // The browser in the school's zone (Asia/Taipei, the default school zone), as the tests' dates; e2e/time-zone.spec.ts runs one elsewhere.
  // A trace is recorded at the retry only: recording every action of every test costs the 2-core
  // machine minutes, and a test that fails once is retried and traced there (it fails the run either way).
  use: { locale: 'en-US', timezoneId: 'Asia/Taipei', trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure' },
  projects: [
    { name: 'js', use: { ...chromium } },
    // Without JavaScript, only what depends on it: the tests tagged @no-js submit forms or move
    // between pages by links and redirects alone. Read-only pages are the same server-rendered
    // markup either way, checked once in the js project.
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false }, grep: /@no-js/ },
  ],
})
