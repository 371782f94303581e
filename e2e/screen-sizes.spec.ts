// The main pages at school-PC and phone sizes (decision 0033): no sideways scrolling of the page,
// the actions of table rows in view, buttons on one line (CJK labels included). A screenshot of each
// is attached to the report (test-results/), to be looked at when the layout changes.
import { signInToConsole } from './support/helpers'
import { expect, test, type Page } from './support/test'

const SIZES = [
  { name: '1024x768', width: 1024, height: 768, locales: ['en', 'zh-TW', 'ja'] as const },
  { name: '1280x720', width: 1280, height: 720, locales: ['en'] as const },
  { name: '390x844', width: 390, height: 844, locales: ['zh-TW'] as const },
]
const PAGES = [
  '/diary', '/diary/homework/1/news', '/diary/homework/1/student', '/diary/homework/1/student/8', '/diary/homework/1/sendback',
  '/diary/diaryPost/87', '/diary/homework/1/report', '/diary/homework/1/feedback', '/diary/homework/1/patterns', '/diary/homework/1/info', '/diary/homework/1/edit', '/setting/user', '/diarySample', '/diary/homework/2/quiz', '/notification', '/diary/homework/2/alerts', '/diary/homework/1/alerts/1',
  '/ebook/1/posts', '/ebook/1/list', '/ebook/1/edit?qpage_id=3', '/ebook/1/download',
  // Children's data (decision 0047).
  '/diary/homework/1/student/8/export', '/diary/homework/1/student/8/erase', '/diary/homework/1/student/8/family',
]

async function checkLayout(page: Page, wide: boolean) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
  expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(innerWidth)
  // Buttons keep their label on one line (no "日記を開く" one character a line).
  const tall = await page.locator('main .button:visible').evaluateAll((buttons) =>
    buttons.filter((b) => b.getBoundingClientRect().height > parseFloat(getComputedStyle(b).lineHeight || '24') * 1.9 + 24).map((b) => b.textContent),
  )
  expect(tall, 'buttons on one line').toEqual([])
  if (!wide) return
  // Folded into a row under the top bar (below 1280 px), the main menu stays one row high.
  // (The e-book pages have their own layout, without it.)
  const menu = (await page.locator('.main-menu').count()) ? await page.locator('.main-menu').boundingBox() : null
  if (menu && page.viewportSize()!.width < 1280) expect(menu.height, 'the folded main menu is one row').toBeLessThan(70)
  // On a school PC every table's last column (its actions) is in view.
  const cut = await page.locator('main table.table').evaluateAll((tables) =>
    tables.filter((t) => t.getBoundingClientRect().right > window.innerWidth).map((t) => t.querySelector('th')?.textContent ?? 'a table'),
  )
  expect(cut, 'tables fit the screen').toEqual([])
}

for (const size of SIZES) {
  for (const locale of size.locales) {
    test(`main pages at ${size.name} in ${locale}`, async ({ page }, info) => {
      // Two dozen pages, each photographed, then checked by axe-core once each: over the default minute on a loaded 2-core machine.
      test.setTimeout(150_000)
      await page.setViewportSize({ width: size.width, height: size.height })
      await signInToConsole(page, 'teacher@demo.test', locale)
      for (const path of PAGES) {
        await page.goto(path)
        await expect(page.locator('h1').first()).toBeVisible()
        await checkLayout(page, size.width >= 1024)
        await info.attach(`${size.name} ${locale} ${path}`, { body: await page.screenshot(), contentType: 'image/png' })
      }
    })
  }
}

// The counsellor's pages (decision 0046), at the school PC's size in each language.
for (const locale of SIZES[0].locales) {
  test(`the counsellor's pages at 1024x768 in ${locale}`, async ({ page }, info) => {
    await page.setViewportSize({ width: 1024, height: 768 })
    await signInToConsole(page, 'counsellor@demo.test', locale)
    await page.goto('/counsellor')
    const alerts = await page.locator('table a[href^="/counsellor/alerts/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
    for (const path of ['/counsellor', ...alerts]) {
      await page.goto(path)
      await expect(page.locator('h1').first()).toBeVisible()
      await checkLayout(page, true)
      await info.attach(`1024x768 ${locale} ${path}`, { body: await page.screenshot(), contentType: 'image/png' })
    }
  })
}
test('the page editor at 1024 × 768: one scroll area, the page; the save button covers no field', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 })
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/ebook/login')
  await page.goto('/ebook/1/edit?qpage_id=3')
  await expect(page.getByRole('heading', { name: 'Edit a page' })).toBeVisible()
  const scrollers = await page.locator('main *').evaluateAll((all) =>
    all.filter((e) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowY) && e.scrollHeight > e.clientHeight + 1).map((e) => e.className),
  )
  expect(scrollers, 'nothing in the page scrolls up and down but the page').toEqual([])
  const save = page.getByRole('button', { name: 'Save the page' })
  for (const field of await page.locator('.editor-fields textarea, .editor-fields select, .editor-fields input').all()) {
    await field.focus()
    const [a, b] = [await field.boundingBox(), await save.boundingBox()]
    const covered = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    expect(covered, `${await field.getAttribute('id')} is not under the save button`).toBeFalsy()
  }
})
