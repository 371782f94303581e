import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { signIn, uniqueAccount } from './support/helpers'
import { latestMailTo, resetLinkIn } from './support/mail'

test('forgot password: the mailed link sets a new password once, then "sign in now" opens the console', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'forgot')
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Forgot password' })
  await dialog.getByLabel('E-mail').fill(account.toUpperCase())
  await dialog.getByRole('button', { name: 'Send reset mail' }).click()
  await expect(page.getByRole('status')).toContainText('A password reset mail has been sent')

  const link = resetLinkIn(await latestMailTo(account))
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1')
  await page.getByLabel('Repeat password').fill('brand-new-pass-2')
  await page.getByLabel('Repeat password').press('Enter')
  await expect(page.getByText('The passwords do not match.')).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1')
  await page.getByLabel('Repeat password').fill('brand-new-pass-1')
  await page.getByRole('button', { name: 'Save the new password' }).click()
  // The success page is a page of its own: 200, its own title, even reloaded.
  const done = page.getByRole('region', { name: 'Your password was changed' })
  await expect(done).toBeVisible()
  await expect(page).toHaveTitle('Your password was changed | Mood Diary Console')
  expect((await page.reload())?.status()).toBe(200)
  await done.getByRole('button', { name: 'Sign in now' }).click()
  await expect(page).toHaveURL(/\/diary$/)

  // The link works once.
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible()
  // The new password signs in; the old one no longer does.
  await page.context().clearCookies()
  await signIn(page, account, 'demo-pass-1')
  await expect(page.getByText('The account or password is wrong.')).toBeVisible()
  await signIn(page, account, 'brand-new-pass-1')
  await expect(page).toHaveURL(/\/diary$/)
})

test('forgot password: a required e-mail, its format, and an address of no account; nothing is sent', NO_JS, async ({ page }, info) => {
  await page.goto('/login?forgot=1')
  const dialog = page.getByRole('dialog', { name: 'Forgot password' })
  await dialog.getByRole('button', { name: 'Send reset mail' }).click()
  await expect(dialog.getByText('Please enter your e-mail.')).toBeVisible()
  await dialog.getByLabel('E-mail').fill('not-an-email')
  await dialog.getByRole('button', { name: 'Send reset mail' }).click()
  await expect(dialog.getByText('The e-mail format is not valid.')).toBeVisible()
  const nobody = uniqueAccount(info, 'nobody')
  await dialog.getByLabel('E-mail').fill(nobody)
  await dialog.getByRole('button', { name: 'Send reset mail' }).click()
  await expect(dialog.getByText('This e-mail is not connected to an account.')).toBeVisible()
  await expect(latestMailTo(nobody, 1000)).rejects.toThrow('no mail')
})

test('a made-up reset code shows the invalid page', async ({ page }) => {
  const response = await page.goto('/pwd/reset/not-a-real-code')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/login?forgot=1')
})
