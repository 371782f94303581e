import { expect, type Page, type TestInfo } from '@playwright/test'
import type { Locale } from '../../app/i18n/config'
import { loginWithSession } from './login'

export const DEMO_PASSWORD = 'demo-pass-1'

export function uniqueAccount(info: TestInfo, prefix = 'teacher') {
  return `${prefix}-${info.project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.test`
}

export async function signIn(page: Page, account: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Account').fill(account)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}

export async function signOut(page: Page) {
  const menu = page.locator('details.user-menu')
  if (!(await menu.getAttribute('open').then((v) => v !== null))) await menu.locator('summary').click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/index$/)
}

/** A teacher signed in (a session written as the app writes one, support/login.ts), on /diary (a counsellor on /counsellor). */
export async function signInToConsole(page: Page, account: string, locale?: Locale) {
  await loginWithSession(page.context(), { account, locale })
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/(diary|counsellor)$/)
}

/** A student signed in (as above), on their home. */
export async function studentSignIn(page: Page, account: string, locale?: Locale) {
  await loginWithSession(page.context(), { account, locale })
  await page.goto('/s')
  await expect(page).toHaveURL(/\/s$/)
}

/** Fill in and send the sign-up tab. */
export async function signUp(page: Page, account: string, password = 'good-pass-123', repeat = password) {
  await page.goto('/login?tab=signup')
  await page.getByLabel('Account').fill(account)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat password').fill(repeat)
  await page.getByRole('button', { name: 'Create account' }).click()
}

/** A student writes a sad post in a journal on the student pages, as a student would, then signs out. */
export async function studentWritesPost(page: Page, account: string, journalId: number, post: { title: string; event: string }) {
  await studentSignIn(page, account)
  await page.goto(`/s/journal/${journalId}/new`)
  await page.getByLabel('Title').fill(post.title)
  await page.getByLabel('What happened?').fill(post.event)
  await page.getByLabel('Sad').check()
  await page.getByLabel('Ask for help').check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('status')).toBeVisible()
  await page.context().clearCookies()
}
