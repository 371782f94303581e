import { expect, test, NO_JS } from './support/test'
import { db } from './support/db'
import { signIn, signInToConsole } from './support/helpers'

test('/ goes to the landing page, whose login button leads to sign-in', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/index$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Every feeling has a story')
  await expect(page.locator('footer')).toContainText('©')
  await page.getByRole('link', { name: 'Log in to the console' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible()
})

test('the language switcher stores the locale and reloads the page', NO_JS, async ({ page }) => {
  await page.goto('/index')
  await page.getByRole('button', { name: '繁體中文' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('每一種心情都有故事')
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW')
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('教師後台')
  await page.getByRole('button', { name: '日本語' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('教師コンソール')
  await page.getByRole('button', { name: 'English' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teacher console')
})

test.describe('browser language', () => {
  test.use({ locale: 'zh-TW' })
  test('Chinese browsers get Traditional Chinese', async ({ page }) => {
    await page.goto('/index')
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW')
  })
})

test.describe('browser language ja', () => {
  test.use({ locale: 'ja-JP' })
  test('other browser languages get English until one is chosen', async ({ page }) => {
    await page.goto('/index')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
})

test('a signed-in user who opens the landing page goes to /diary', async ({ page }) => {
  await signIn(page, 'teacher@demo.test')
  await expect(page).toHaveURL(/\/diary$/)
  await page.goto('/index')
  await expect(page).toHaveURL(/\/diary$/)
})

test('unknown pages show the not-found notice with a 404 status; /404 and /error exist', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await page.goto('/404')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await page.goto('/error')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The system met an error')
  await expect(page.getByText('Support hours')).toBeVisible()
})

test('security headers and health check', async ({ request }) => {
  const res = await request.get('/index')
  const csp = res.headers()['content-security-policy']
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(res.headers()['x-frame-options']).toBe('DENY')
  expect((await request.get('/healthz')).status()).toBe(200)
})

test('a POST from another site is refused', async ({ request }) => {
  const res = await request.post('/login', {
    form: { intent: 'login', email: 'teacher@demo.test', password: 'demo-pass-1' },
    headers: { Origin: 'http://evil.example' },
    maxRedirects: 0,
  })
  expect(res.status()).toBe(403)
})

test('every page has a title ending in the product name', async ({ page }) => {
  await page.goto('/login')
  await expect(page).toHaveTitle('Teacher console | Mood Diary Console')
  await signInToConsole(page, 'teacher@demo.test')
  const journal = await db().selectFrom('journals').select(['id', 'name']).where('name', '=', '501 心情日記').executeTakeFirstOrThrow()
  const post = await db().selectFrom('posts').select(['id', 'title']).where('journal_id', '=', journal.id).orderBy('id').executeTakeFirstOrThrow()
  for (const path of ['/diary', `/diary/homework/${journal.id}/news`, `/diary/homework/${journal.id}/archive`, `/diary/homework/${journal.id}/info`, `/diary/homework/${journal.id}/report`, `/diary/diaryPost/${post.id}`, '/setting/user', '/voucher', '/manage', '/student', '/my/ucp', '/diarySample']) {
    await page.goto(path)
    await expect(page, path).toHaveTitle(/.+ \| Mood Diary Console$/)
  }
  // A post's page names its journal, not the news feed.
  await page.goto(`/diary/diaryPost/${post.id}`)
  await expect(page).toHaveTitle(`${post.title} | ${journal.name} | Mood Diary Console`)
})

test('a first visit gets the stylesheet and the script preloads first; a returning browser gets the preloads after the content, and its page still comes alive', async ({ page }) => {
  const head = (html: string) => html.slice(0, html.indexOf('</head>'))
  const first = await (await page.goto('/login'))!.text()
  expect(head(first)).toContain('<style data-href=')
  expect(head(first)).toContain('rel="modulepreload"')

  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  const again = await (await page.goto('/login'))!.text()
  expect(head(again)).not.toContain('<style data-href=')
  expect(head(again)).not.toContain('rel="modulepreload"')
  expect(again.slice(again.lastIndexOf('</main>'))).toMatch(/rel="modulepreload"[^>]*>(<link[^>]*>)*<\/body>/)
  // React has hydrated the page (root.tsx marks it), and its links work.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', /.*/)
  await page.getByRole('link', { name: 'Sign up' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(errors).toEqual([])
})
