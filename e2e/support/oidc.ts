import type { Page } from '@playwright/test'

/** Signs in at the local OpenID provider's development login page (any login, any password). */
export async function providerLogin(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('anything')
  await page.getByRole('button', { name: 'Sign-in' }).click()
}
