import { expect, test, NO_JS } from './support/test'
import { signIn, signInToConsole } from './support/helpers'

// Decision 0067: a counsellor's console is the alerts escalated to them.

test('the counsellor signs in and lands on the alerts escalated to them, with a menu of what a counsellor may use', NO_JS, async ({ page }) => {
  await signIn(page, 'counsellor@demo.test')
  await expect(page).toHaveURL(/\/counsellor$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Counselling' })).toBeVisible()
  const menu = page.locator('nav.main-menu')
  await expect(menu.getByRole('link', { name: 'Counselling' })).toBeVisible()
  for (const name of ['My journals', 'Upload students', 'Login codes', 'Journal samples']) await expect(menu.getByRole('link', { name })).toHaveCount(0)
  // The journal list is not a counsellor's page: it leads back to their alerts.
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/counsellor$/)
})

test('a teacher still lands on their journals, with the journal menu', async ({ page }) => {
  await signIn(page, 'teamteacher@demo.test')
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.locator('nav.main-menu').getByRole('link', { name: 'My journals' })).toBeVisible()
})

for (const locale of ['en', 'zh-TW', 'ja'] as const) {
  test(`the counsellor's alert page names each of its fields differently (${locale})`, async ({ page }) => {
    await signInToConsole(page, 'counsellor@demo.test', locale)
    await page.goto('/counsellor')
    await page.locator('table a[href^="/counsellor/alerts/"]').first().click()
    await expect(page).toHaveURL(/\/counsellor\/alerts\/\d+$/)
    // The alert's page drawn (its forms), not the list still on screen while it loads.
    await expect(page.locator('main label').nth(1)).toBeVisible()
    const labels = await page.locator('main label').evaluateAll((els) => els.map((el) => el.textContent!.trim()).filter(Boolean))
    expect(labels.length).toBeGreaterThan(1)
    expect(new Set(labels).size).toBe(labels.length)
  })
}
