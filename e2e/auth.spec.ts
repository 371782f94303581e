import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { codeIn, latestMailTo } from './support/mail'
import { DEMO_PASSWORD, signIn, signInToConsole, signOut, signUp, uniqueAccount } from './support/helpers'

test('sign-up, code from the received mail, profile, then /diary in the console', NO_JS, async ({ page }, info) => {
  const account = uniqueAccount(info)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page.getByLabel('Repeat password')).toBeVisible()
  await page.getByLabel('Account').fill(account)
  await page.getByLabel('Password', { exact: true }).fill('good-pass-123')
  await page.getByLabel('Repeat password').fill('good-pass-123')
  await page.getByRole('button', { name: 'Create account' }).click()

  // 01000: signed in straight away; the e-mail is not verified yet.
  await expect(page).toHaveURL(/\/setting\/email$/)
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(account)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByRole('status')).toContainText(account)
  await expect(page.getByRole('button', { name: 'Resend code' })).toBeVisible()
  const code = codeIn(await latestMailTo(account))

  // A wrong code is refused first.
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('The verification code is wrong or has expired.')).toBeVisible()
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()

  await expect(page).toHaveURL(/\/setting\/basicInfo$/)
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page.getByText('This field must not be empty.')).toBeVisible()
  await page.getByLabel('Name').fill('Ms. Tester')
  await page.getByLabel('Female').check()
  await page.getByRole('button', { name: 'Next' }).click()

  await expect(page).toHaveURL(/step=2/)
  await page.getByLabel('Country or region').fill('Atlantis')
  await page.getByLabel('School', { exact: true }).fill('Hill School')
  await page.getByLabel('Position').fill('Homeroom teacher')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByText('No place was found for “Atlantis”.')).toBeVisible()

  // Typed, not picked: "did you mean" before saving.
  await page.getByLabel('Country or region').fill('taiw')
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page.getByText('Did you mean Taiwan?')).toBeVisible()
  await page.getByRole('button', { name: 'Yes, use it' }).click()

  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Journals')
  await expect(page.getByText('You have no journals yet.')).toBeVisible()
  await expect(page.locator('.user-menu .user-name')).toHaveText('Ms. Tester')
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My journals' })).toBeVisible()
})

test('sign-up refuses a repeat password that does not match, and writes nothing', NO_JS, async ({ page }, info) => {
  const account = uniqueAccount(info)
  await signUp(page, account, 'good-pass-123', 'other-pass-123')
  await expect(page.getByText('The passwords do not match.')).toBeVisible()
  if (info.project.name === 'js') {
    // Blocked while the error stands; allowed again once fixed.
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled()
    await page.getByLabel('Repeat password').fill('good-pass-123')
    await expect(page.getByRole('button', { name: 'Create account' })).toBeEnabled()
  }
  await expect(page).toHaveURL(/\/login/)
  // Nothing was written: the account can still be taken.
  await signUp(page, account)
  await expect(page).toHaveURL(/\/setting\/email$/)
})

test('sign-up with an existing account shows -01001 (on change with JavaScript, on submit without)', NO_JS, async ({ page }, info) => {
  await page.goto('/login?tab=signup')
  await page.getByLabel('Account').fill('Teacher@Demo.test')
  await page.getByLabel('Password', { exact: true }).fill('good-pass-123')
  await page.getByLabel('Repeat password').fill('good-pass-123')
  if (info.project.name === 'js') {
    await expect(page.getByText('This account already exists.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled()
  } else {
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('This account already exists.')).toBeVisible()
  }
})

test('required fields on the login form', NO_JS, async ({ page }) => {
  await page.goto('/login')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByText('This field must not be empty.')).toHaveCount(2)
  await expect(page).toHaveURL(/\/login$/)
})

test('wrong password shows the wrong-account-or-password message', NO_JS, async ({ page }) => {
  await signIn(page, 'teacher@demo.test', 'not-the-password')
  await expect(page.getByText('The account or password is wrong.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/login$/)
})

test('sign-in lands on /diary with the journals; sign-out goes to /index and locks the console', NO_JS, async ({ page }) => {
  await signIn(page, 'teacher@demo.test')
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.getByRole('heading', { name: '501 心情日記' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '502 Feelings Journal' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '日本語クラブ日記' })).toBeVisible()
  await page.getByRole('link', { name: 'Joined journals' }).click()
  await expect(page.getByRole('heading', { name: 'Reading Club' })).toBeVisible()
  await signOut(page)
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/login$/)
})

test('a deep link opened while signed out comes back after sign-in', NO_JS, async ({ page }) => {
  await page.goto('/diary?tab=joined')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Account').fill('teacher@demo.test')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/diary\?tab=joined$/)
  await expect(page.getByRole('heading', { name: 'Reading Club' })).toBeVisible()
})

test('a deep link still comes back after sign-in when the browser carries a session that ended elsewhere', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'deadcookie')
  await signInToConsole(page, account)
  // Signed out on another computer (or a password reset): the session is gone, its cookie is not.
  const user = await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
  await db().deleteFrom('sessions').where('user_id', '=', user.id).execute()
  await page.goto('/setting/user?edit=language')
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Account').fill(account)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(/\/setting\/user\?edit=language$/)
})

test('a joined journal waiting for approval shows join pending', async ({ page }) => {
  await signInToConsole(page, 'free@demo.test')
  await page.goto('/diary?tab=joined')
  const card = page.locator('.journal-card', { has: page.getByRole('heading', { name: '501 心情日記' }) })
  await expect(card.getByText('Join pending')).toBeVisible()
})

test('the account language applies after sign-in', NO_JS, async ({ page }, info) => {
  // A login of its own per project: other tests run in parallel and expect English.
  const account = info.project.name === 'js' ? 'general@demo.test' : 'support@demo.test'
  await signInToConsole(page, account)
  await page.getByRole('button', { name: '日本語' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('日記帳')
  await page.locator('.user-menu summary').click()
  await page.getByRole('button', { name: 'ログアウト' }).click()
  await expect(page).toHaveURL(/\/index$/)
  // The choice is the account's: a later sign-in starts in Japanese.
  await page.context().clearCookies()
  await signIn(page, account)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('日記帳')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Journals')
})

test('the user menu opened before the page\'s scripts have run stays open when they run (a slow PC)', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  // The scripts are held back, as on a slow network: the menu opens as a plain <details> first.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.js(\?|$)/, async (route) => {
    await held
    await route.continue()
  })
  await page.mainFrame().goto('/diary', { waitUntil: 'commit' })
  await page.locator('.user-menu summary').click()
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  release()
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
  await expect(page.locator('.user-menu')).toHaveAttribute('open', '')
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/index$/)
})

test('team mode: the switch shows only for team members and changes the mode', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.locator('.user-menu summary').click()
  await expect(page.getByRole('button', { name: /^Switch to/ })).toHaveCount(0)
  await signOut(page)
  await signInToConsole(page, info.project.name === 'js' ? 'admin@demo.test' : 'superadmin@demo.test')
  await expect(page.locator('.mode-badge')).toHaveText('Personal mode')
  // One click in the user menu switches and lands on /diary.
  await page.locator('.user-menu summary').click()
  await page.getByRole('button', { name: 'Switch to Team mode' }).click()
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.locator('.mode-badge')).toHaveText('Team mode')
  await page.locator('.user-menu summary').click()
  await page.getByRole('button', { name: 'Switch to Personal mode' }).click()
  await expect(page.locator('.mode-badge')).toHaveText('Personal mode')
  // /mode itself still shows the page (a GET changes nothing).
  await page.goto('/mode')
  await expect(page.locator('.mode-badge')).toHaveText('Personal mode')
  await page.getByRole('button', { name: 'Switch to Team mode' }).last().click()
  await expect(page.locator('.mode-badge')).toHaveText('Team mode')
  if (info.project.name === 'js') {
    // The user menu closes on Escape, focus back on its button.
    await page.locator('.user-menu summary').click()
    await expect(page.locator('.user-menu')).toHaveAttribute('open', '')
    await page.keyboard.press('Escape')
    await expect(page.locator('.user-menu')).not.toHaveAttribute('open', '')
    await expect(page.locator('.user-menu summary')).toBeFocused()
  }
})

test('a teacher without team mode cannot switch by posting to /mode', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/mode')
  await expect(page.getByText('Team mode is not available for your account.')).toBeVisible()
  const res = await page.request.post('/mode', { headers: { Origin: new URL(page.url()).origin }, form: { switch: '1' }, maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers()['location']).toBe('/mode')
  await page.goto('/diary')
  await expect(page.locator('.mode-badge')).toHaveText('Personal mode')
})

test('an unverified user is sent to verify the e-mail before any console page', async ({ page }, info) => {
  const account = uniqueAccount(info)
  await signUp(page, account)
  await expect(page).toHaveURL(/\/setting\/email$/)
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/setting\/email$/)
  await page.goto('/setting/basicInfo')
  await expect(page).toHaveURL(/\/setting\/email$/)
  // A way out of the setup: sign out, then the console asks for a sign-in again.
  await page.getByRole('button', { name: 'Not you? Sign out' }).click()
  await expect(page).toHaveURL(/\/index$/)
  await page.goto('/diary')
  await expect(page).toHaveURL(/\/login$/)
})

test('sign-in is refused after five failures for an account, with a clear message', NO_JS, async ({ page }, info) => {
  const account = uniqueAccount(info, 'locked')
  await signUp(page, account)
  await expect(page).toHaveURL(/\/setting\/email$/)
  await page.context().clearCookies()
  for (let i = 0; i < 5; i++) {
    await signIn(page, account, 'wrong-password')
    await expect(page.getByText('The account or password is wrong.')).toBeVisible()
  }
  await signIn(page, account, 'good-pass-123')
  await expect(page.getByText(/Too many failed sign-in attempts/)).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
})
