// The e2e suite's `test`: Playwright's, with axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) run on every
// page a journey visits. After each passing test of the js project (the no-JavaScript project sees
// the same server-rendered markup):
// - the page as the journey left it (an open dialog, a form's errors, a message) is checked;
// - every other HTML page the journey opened is opened again, in the same browser context, and
//   checked, once per worker for each route shape (ids and query values aside).
// Any violation fails the test, with the rule, its help and the elements.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

export { expect }
export type { APIRequestContext, Page, TestInfo } from '@playwright/test'

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Fails with a readable list when axe finds any violation on the page as it is now. */
export async function expectAccessible(page: Page, what = page.url()) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  const report = violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join('\n')}`)
  expect(report, `axe-core on ${what}`).toEqual([])
}

// Pages not opened again: they sign out, answer once, or are a provider's step.
const NOT_REVISITED = /^\/(logout|s\/logout|refresh|locale|oauth\/|login\/redirect)/
/** The route's shape: numbers and codes in the path, and query values, do not make a new page. */
const shape = (url: URL) =>
  url.pathname.replace(/\/[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*(?=\/|$)/g, '/:id') + '?' + [...new Set(url.searchParams.keys())].sort().join('&')
const checked = new Set<string>()

export const test = base.extend<{ accessibility: void }>({
  accessibility: [
    async ({ page, baseURL }, use, info) => {
      const visited = new Map<string, string>()
      page.on('response', (response) => {
        const request = response.request()
        if (!request.isNavigationRequest() || request.frame() !== page.mainFrame() || request.method() !== 'GET') return
        if (response.status() !== 200 || !(response.headers()['content-type'] ?? '').startsWith('text/html')) return
        const url = new URL(response.url())
        if (url.origin !== new URL(baseURL!).origin || NOT_REVISITED.test(url.pathname)) return
        visited.set(shape(url), url.href)
      })
      await use()
      if (info.project.name !== 'js' || info.status !== info.expectedStatus || info.status !== 'passed' || page.isClosed()) return
      const isHtml = await page.evaluate(() => document.contentType === 'text/html' && !!document.querySelector('body *')).catch(() => false)
      if (isHtml) await expectAccessible(page, `the end of "${info.title}" (${page.url()})`)
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
