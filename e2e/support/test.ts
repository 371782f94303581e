// The e2e suite's `test`: Playwright's, with
// - a server of the worker's own (support/server.ts) as the base URL;
// - `login({ account, locale })`: a session written as the app writes one (support/login.ts);
// - axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) on every page shape a journey visits. After each
//   passing test of the js project (the no-JavaScript project sees the same server-rendered markup):
//   the page as the journey left it (an open dialog, a form's errors, a message) is checked unless
//   this worker checked that shape in that state already, and
//   every other HTML page the journey opened whose shape no check of this worker has seen yet is
//   opened again, in the same browser context, and checked.
// Any violation fails the test, with the rule, its help and the elements.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'
import { createHash } from 'node:crypto'
import { appendFileSync, closeSync, mkdirSync, openSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { loginWithSession, type LoginOptions } from './login'
import { startWorkerServer, type WorkerServer } from './server'

export { expect }
export type { APIRequestContext, Page, TestInfo } from '@playwright/test'

/**
 * The tag of a test that runs again without JavaScript (playwright.config.ts): it submits forms or
 * moves between pages by links and redirects, which work differently without scripts.
 */
export const NO_JS = { tag: '@no-js' }

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
/** The rules that read the page's language: run on every page of the walks in every language. */
export const LANGUAGE_RULES = ['html-has-lang', 'html-lang-valid', 'valid-lang']

/** The route's shape: numbers and codes in the path, and query values, do not make a new page. */
export const shapeOf = (url: URL) =>
  url.pathname.replace(/\/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*(?=\/|$)/g, '/:id') + '?' + [...new Set(url.searchParams.keys())].sort().join('&')
/**
 * Shapes this worker has checked: the fixture does not open them again. A shape the walk checked
 * with the language rules alone is checked with every rule by the English walk.
 */
const checked = new Set<string>()

/** Page shapes with their state (an open dialog, errors, a message) checked with every rule: a journey's end in a state seen before is not checked again. */
const checkedStates = new Set<string>()
/** Claims a check for this run across the workers (a file made only if it does not exist yet); false when another check has it. */
function firstCheckOf(key: string) {
  const dir = path.join(process.env.E2E_DIR ?? os.tmpdir(), `axe-checked-${process.env.E2E_RUN ?? process.pid}`)
  mkdirSync(dir, { recursive: true })
  try {
    closeSync(openSync(path.join(dir, createHash('sha1').update(key).digest('hex')), 'wx'))
    return true
  } catch {
    return false
  }
}

/** What makes a page's state differ for axe-core: dialogs, form errors, messages, open menus. */
const stateOf = (page: Page) =>
  page.evaluate(() =>
    [['dialog', 'dialog[open], [role=dialog], [role=alertdialog]'], ['errors', '.field-error, .form-error, [aria-invalid=true]'], ['message', '[role=status], [role=alert]'], ['menu', 'details[open]']]
      .filter(([, selector]) => document.querySelector(selector))
      .map(([name]) => name)
      .join('+'),
  )

/** Fails with a readable list when axe finds any violation on the page as it is now (every rule, or the language rules alone). */
export async function expectAccessible(page: Page, what = page.url(), { rules = 'all' }: { rules?: 'all' | 'language' } = {}) {
  // A page shape in one state, language and set of rules is checked once in the whole run: the
  // other worker's check of it stands (a third of the checks were the two workers' twins).
  const lang = await page.locator('html').getAttribute('lang')
  if (!firstCheckOf(`${shapeOf(new URL(page.url()))}#${await stateOf(page)}#${rules}#${lang}`)) return
  const builder = new AxeBuilder({ page })
  const { violations } = await (rules === 'all' ? builder.withTags(WCAG_TAGS) : builder.withRules(LANGUAGE_RULES)).analyze()
  const shape = shapeOf(new URL(page.url()))
  checked.add(shape)
  if (rules === 'all') checkedStates.add(`${shape}#${await stateOf(page)}`)
  // Which pages were checked, for the closing report of scripts/test-all.sh.
  if (process.env.AXE_LOG) appendFileSync(process.env.AXE_LOG, JSON.stringify({ shape, lang, rules }) + '\n')
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`)
  expect(report, `axe-core on ${what}`).toEqual([])
}

/**
 * The language rules (LANGUAGE_RULES) on the page's markup as the server sends it, read without a
 * browser: the page's `<html>` has a language, and every `lang` in it is a valid language tag. The
 * rules read nothing else, and the markup is the same with or without scripts, so loading each
 * page in a browser to run them cost the suite two minutes (decision 0041). The request
 * carries the page's cookies (its session and language) and the language a visitor's browser asks for.
 */
export async function expectLanguageMarkup(page: Page, path: string, acceptLanguage: string) {
  const response = await page.request.get(path, { headers: { 'Accept-Language': acceptLanguage } })
  const html = await response.text()
  expect(response.status(), `${path}: answered without a server error`).toBeLessThan(500)
  const key = `${shapeOf(new URL(response.url()))}#language-markup#${acceptLanguage}`
  expect(html, `${path}: a page with its heading`).toContain('<h1')
  const htmlLang = /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1]
  expect(htmlLang, `${path}: the page's language`).toBeTruthy()
  for (const [, tag] of html.matchAll(/<[a-zA-Z][^>]*?\slang="([^"]*)"/g)) {
    expect(() => Intl.getCanonicalLocales(tag), `${path}: lang="${tag}"`).not.toThrow()
    expect(tag, `${path}: an empty lang`).not.toBe('')
  }
  if (firstCheckOf(key) && process.env.AXE_LOG) appendFileSync(process.env.AXE_LOG, JSON.stringify({ shape: shapeOf(new URL(response.url())), lang: htmlLang, rules: 'language' }) + '\n')
}

// Pages not opened again: they sign out, answer once, or are a provider's step.
const NOT_REVISITED = /^\/(logout|s\/logout|refresh|locale|oauth\/|login\/redirect)/

/**
 * A new document is not used before its scripts have hydrated it: a click that lands while React
 * takes over a form can be lost, and the test would wait for an answer that never comes. A page
 * without the app's scripts (a picture, a blocked-scripts walk through `mainFrame().goto`) is not waited for.
 */
export async function untilHydrated(page: Page) {
  await page.waitForFunction(() => !document.querySelector('script[type=module]') || document.documentElement.dataset.hydrated !== undefined, undefined, { timeout: 15_000 })
}

export const test = base.extend<{ accessibility: void; login: (options: LoginOptions) => Promise<void> }, { server: WorkerServer }>({
  page: async ({ page }, use, info) => {
    if (info.project.use.javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (...args) => {
        const response = await goto(...args)
        await untilHydrated(page)
        return response
      }
      page.reload = async (...args) => {
        const response = await reload(...args)
        await untilHydrated(page)
        return response
      }
    }
    await use(page)
  },
  server: [
    async ({}, use, workerInfo) => {
      const server = await startWorkerServer(workerInfo.parallelIndex)
      // What the support modules of this worker read: its database, its mailbox, its session secret.
      process.env.E2E_WORKER_DIR = server.dir
      process.env.MAIL_DIR = `${server.dir}/mail`
      process.env.SESSION_SECRET = server.sessionSecret
      await use(server)
      await server.stop()
    },
    // The first start migrates and seeds the demo school.
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  login: async ({ context }, use) => use((options) => loginWithSession(context, options)),
  accessibility: [
    async ({ page, baseURL }, use, info) => {
      const visited = new Map<string, string>()
      page.on('response', (response) => {
        const request = response.request()
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame() || request.method() !== 'GET') return
        if (response.status() !== 200 || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return
        const url = new URL(response.url())
        if (url.origin !== new URL(baseURL!).origin || NOT_REVISITED.test(url.pathname)) return
        visited.set(shapeOf(url), url.href)
      })
      await use()
      if (info.project.name !== 'js' || info.status !== info.expectedStatus || info.status !== 'passed' || page.isClosed()) return
      const isHtml = await page.evaluate(() => document.contentType === 'text/html' && !!document.querySelector('body *')).catch(() => false)
      const endState = isHtml ? `${shapeOf(new URL(page.url()))}#${await stateOf(page)}` : ''
      if (isHtml && !checkedStates.has(endState)) await expectAccessible(page, `the end of "${info.title}" (${page.url()})`)
      const again = [...visited].filter(([key]) => !checked.has(key))
      if (!again.length) return
      const other = await page.context().newPage()
      for (const [key, href] of again) {
        checked.add(key)
        const response = await other.goto(href)
        if (!response?.ok() || !(response.headers()['content-type'] ?? '').startsWith('text/html')) continue
        await other.waitForLoadState('load')
        await expectAccessible(other, `${href} (opened by "${info.title}")`)
      }
      await other.close()
    },
    { auto: true },
  ],
})
