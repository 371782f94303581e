import { expect, test, type Page, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { DEMO_PASSWORD, signIn, signInToConsole, signOut } from './support/helpers'
import { db } from './support/db'

/** Sign out on the student side and wait for it: a navigation too soon would race the cookie. */
async function studentSignOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/s\/login$/)
}

async function studentSignIn(page: Page, account: string) {
  await page.getByLabel('Account').fill(account)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Sign in on the student side and wait until it leaves the sign-in page. */
async function studentSignedIn(page: Page, account: string) {
  await studentSignIn(page, account)
  await expect(page).not.toHaveURL(/\/s\/login$/)
}

test('the student link: a student signs in, joins, and a full journal refuses the next', NO_JS, async ({ page }, info) => {
  const [first, second] = info.project.name === 'js' ? ['student10@demo.test', 'student11@demo.test'] : ['student12@demo.test', 'student13@demo.test']
  const name = `Link class ${info.project.name} ${Date.now().toString(36)}`
  await signInToConsole(page, await newTeacher(info, 'linker'))
  await page.getByRole('link', { name: 'New journal' }).click()
  await page.getByLabel('Journal name').fill(name)
  await page.getByLabel('Student limit').fill('1')
  await page.getByRole('button', { name: 'Create journal' }).click()
  const link = await page.locator('.link-text', { hasText: '/s/join/' }).textContent()
  expect(link).toMatch(/\/s\/join\/[A-Z0-9]{8}$/)
  await signOut(page)

  await page.goto(link!)
  await expect(page).toHaveURL(/\/s\/login$/)
  await studentSignedIn(page, first)
  await expect(page.getByRole('heading', { name: `Join “${name}”?` })).toBeVisible()
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page).toHaveURL(/\/s$/)
  await expect(page.getByRole('status')).toHaveText('You joined the diary.')
  await expect(page.getByRole('heading', { name })).toBeVisible()
  await studentSignOut(page)

  await page.goto(link!)
  await studentSignedIn(page, second)
  await expect(page.getByRole('heading', { name: `Join “${name}”?` })).toBeVisible()
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page.getByText('This diary is full. Ask your teacher.')).toBeVisible()
  await page.goto('/s')
  await expect(page.getByRole('heading', { name })).toHaveCount(0)
  await page.getByLabel('Invitation code').fill('NOPE1234')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page.getByText('The invitation code is wrong.')).toBeVisible()
  const gone = await page.goto('/s/join/NOPE1234')
  expect(gone?.status()).toBe(404)
  await expect(page.getByText('This link is not valid any more.', { exact: false })).toBeVisible()
})

test('students and teachers each sign in on their own side only', NO_JS, async ({ page }, info) => {
  // Failed sign-ins count against an account: this test's teacher is its own.
  const teacher = await newTeacher(info, 'wrongside')
  await signIn(page, info.project.name === 'js' ? 'student20@demo.test' : 'student21@demo.test')
  await expect(page.getByText('The account or password is wrong.')).toBeVisible()
  await page.goto('/s/login')
  await studentSignIn(page, teacher)
  await expect(page.getByText('The account or password is wrong.')).toBeVisible()
  // A student session opens no console page.
  await studentSignIn(page, info.project.name === 'js' ? 'student20@demo.test' : 'student21@demo.test')
  await expect(page).toHaveURL(/\/s$/)
  const res = await page.request.get('/diary', { maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers().location).toBe('/login/check')
})

// Decision 0064: the language a student chose on the sign-in page was dropped at sign-in (the account's
// stored English won). The choice is now the account's: the student pages, the next page and a
// later sign-in on another browser are in it.
const CHOSEN = {
  'zh-TW': { button: '繁體中文', signIn: '學生登入', account: '帳號', password: '密碼', submit: '登入', home: '我的日記本' },
  ja: { button: '日本語', signIn: '生徒のサインイン', account: 'アカウント', password: 'パスワード', submit: 'ログイン', home: 'わたしの日記帳' },
} as const
for (const [locale, words] of Object.entries(CHOSEN)) {
  test(`the language chosen on the student sign-in stays after signing in, ${locale}`, NO_JS, async ({ page, browser }) => {
    const account = 'student01@demo.test'
    try {
      await page.goto('/s/login')
      await page.getByRole('button', { name: words.button }).click()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.signIn)
      await page.getByLabel(words.account).fill(account)
      await page.getByLabel(words.password).fill(DEMO_PASSWORD)
      await page.getByRole('button', { name: words.submit, exact: true }).click()
      await expect(page).toHaveURL(/\/s$/)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.home)
      // The next page, by a link.
      await page.locator('.student-journals h2 a').first().click()
      await expect(page).toHaveURL(/\/s\/journal\/\d+$/)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      // The account keeps it: a sign-in on a browser that never chose starts in it too.
      const other = await browser.newContext({ locale: 'en-US' })
      const again = await other.newPage()
      await again.goto(new URL('/s/login', page.url()).href)
      await studentSignedIn(again, account)
      await expect(again.locator('html')).toHaveAttribute('lang', locale)
      await other.close()
    } finally {
      // Other tests of this worker read student01's pages in English.
      await db().updateTable('users').set({ locale: 'en' }).where('account', '=', account).execute()
    }
  })
}
