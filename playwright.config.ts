import { defineConfig, devices } from '@playwright/test'
import { mkdtempSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import './app/fonts.server'
import { CHROMIUM_ARGS, chromiumPath } from './e2e/support/browser'
import { freePorts } from './tests/support/ports'

// Chosen once: workers re-import this file and must see the same values.
// Ports the system hands out (tests/support/ports.ts): a random one could be a port Chromium refuses.
const [appPort, smtpPort, oidcPort] = process.env.E2E_PORT ? [] : await freePorts(3)
process.env.E2E_PORT ??= String(appPort)
process.env.SMTP_PORT ??= String(smtpPort ?? Number(process.env.E2E_PORT) + 1)
process.env.OIDC_PORT ??= String(oidcPort ?? Number(process.env.E2E_PORT) + 2)
process.env.E2E_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-'))
process.env.MAIL_DIR ??= path.join(process.env.E2E_DIR, 'mail')
// Unpacked once here, before the workers start. The browser draws Chinese and Japanese with the
// fonts the app carries (FONTCONFIG_FILE, set by app/fonts.server.ts), as the server's pictures do.
const executablePath = await chromiumPath()
if (executablePath) process.env.CHROMIUM_PATH = executablePath
const baseURL = `http://localhost:${process.env.E2E_PORT}`

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: { executablePath, args: CHROMIUM_ARGS },
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Journeys (sign-up, setup, two accounts) take 20–30 s on a loaded CI machine: a limit, not a speed test.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON ?? 'test-results/e2e.json' }]],
  // The browser's zone is the school's (the pages follow it, app/shared/time-zone.ts): Taipei, as the tests' dates.
  use: { baseURL, locale: 'en-US', timezoneId: 'Asia/Taipei', trace: 'retain-on-failure' },
  projects: [
    { name: 'js', use: { ...chromium } },
    // Tests made of HTTP requests alone run once, in the js project; so do the axe-core walks and the
    // screen sizes (@js-only: axe runs as a script in the page; the markup and the stylesheet it
    // checks are the server's, the same without JavaScript).
    { name: 'no-js', use: { ...chromium, javaScriptEnabled: false }, grepInvert: /@requests-only|@js-only/ },
  ],
  webServer: {
    command: 'npx tsx e2e/support/serve.ts',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    env: {
      PORT: process.env.E2E_PORT,
      SMTP_PORT: process.env.SMTP_PORT,
      OIDC_PORT: process.env.OIDC_PORT,
      MAIL_DIR: process.env.MAIL_DIR,
      DATA_DIR: path.join(process.env.E2E_DIR, 'data'),
      // Every test signs in from 127.0.0.1: the per-address limit is tested in vitest instead.
      LOGIN_MAX_FAILS_ADDRESS: '10000',
    },
  },
})
