import { expect, expectAccessible, test, NO_JS } from './support/test'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'

test('the student list: search, pages, watch; the detail page: star and archive', NO_JS, async ({ page }, info) => {
  const students = Array.from({ length: 12 }, (_, i) => `student${String(i + 1).padStart(2, '0')}@demo.test`)
  const name = `List class ${info.project.name} ${Date.now().toString(36)}`
  const journal = await newJournalWith('teacher@demo.test', name, students)
  const title = `Star me ${info.project.name}`
  await newPost(journal, 'student03@demo.test', title)
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/${journal}/student`)
  await expect(page.getByText('12 students')).toBeVisible()
  await expect(page.locator('tbody tr')).toHaveCount(10)
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }).click()
  await expect(page.locator('tbody tr')).toHaveCount(2)

  await page.getByLabel('Search by name or account').fill('student03')
  await page.getByRole('button', { name: 'Search' }).click()
  const row = page.locator('tbody tr')
  await expect(row).toHaveCount(1)
  await expect(page.getByText('1 student', { exact: true })).toBeVisible()
  await expect(row.getByRole('link', { name: title })).toBeVisible()
  await expect(row.locator('.dot')).toHaveCount(1) // not read yet
  await row.getByRole('button', { name: 'Watch Student 03' }).click()
  await expect(page.getByRole('status')).toHaveText('The student is on your watch list.')
  await expect(page.getByRole('button', { name: 'Watch Student 03' })).toHaveAttribute('aria-pressed', 'true')

  await page.getByRole('link', { name: 'Details' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Student 03' })).toBeVisible()
  const post = page.locator('tbody tr', { hasText: title })
  await post.getByRole('button', { name: `Star “${title}”` }).click()
  await expect(page.getByRole('button', { name: `Star “${title}”` })).toHaveAttribute('aria-pressed', 'true')
  await expect(post.getByText('Scoring')).toBeVisible()
  await post.getByRole('link', { name: 'Open post' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await page.goBack()
  await page.reload()
  await expect(page.locator('tbody tr', { hasText: title }).locator('.dot')).toHaveCount(0) // read now

  // The marks show in the journal's lists and on /diary, and come off there.
  const menu = page.getByRole('navigation', { name: 'Journal menu' })
  await menu.getByRole('link', { name: 'Watched students' }).click()
  await expect(page.locator('tbody tr', { hasText: 'Student 03' })).toBeVisible()
  await menu.getByRole('link', { name: 'Collection' }).click()
  await expect(page.locator('tbody tr', { hasText: title })).toBeVisible()
  await page.goto(`/diary?tab=followup&journal=${journal}`)
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(page.locator('tbody tr')).toContainText(name)
  await page.getByLabel('Search by name or account').fill('nobody-by-that-name')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('You are not watching any student.', { exact: false })).toBeVisible()
  await page.goto(`/diary?tab=collections&q=student03`)
  const starred = page.locator('tbody tr', { hasText: title })
  await starred.getByRole('button', { name: `Remove the star from “${title}”` }).click()
  await expect(page.locator('tbody tr', { hasText: title })).toHaveCount(0)
  await page.goto(`/diary/homework/${journal}/case`)
  await page.locator('tbody tr', { hasText: 'Student 03' }).getByRole('button', { name: 'Stop watching' }).click()
  await expect(page.locator('tbody tr', { hasText: 'Student 03' })).toHaveCount(0)

  await page.goto(`/diary/homework/${journal}/student?q=student03`)
  await page.getByRole('link', { name: 'Details' }).click()
  await page.getByRole('link', { name: 'Archive student' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Archive student' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journal}/news$`))
  await expect(page.getByRole('status')).toHaveText('Student 03 was archived from the journal.')
  await page.goto(`/diary/homework/${journal}/student`)
  await expect(page.getByText('11 students')).toBeVisible()
  expect((await page.request.get(page.url().replace(/student$/, 'student/999999'))).status()).toBe(404)
})

test('pay gates and rights on the student pages, refused on the server', async ({ page }) => {
  await signInToConsole(page, 'free@demo.test')
  // Their own journal on the free plan: the list shows the pay notice and no data.
  for (const path of ['/diary/homework/4/student', '/diary/homework/4/case', '/diary/homework/4/collection', '/diary/homework/4/sendback', '/diary?tab=followup', '/diary?tab=collections']) {
    await page.goto(path)
    await expect(page.getByText('A paid feature')).toBeVisible()
    await expect(page.locator('table')).toHaveCount(0)
  }
  const origin = new URL(page.url()).origin
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 })
  expect((await post('/diary/homework/4/student', { intent: 'watch', studentId: '1' })).status()).toBe(403)
  expect((await post('/diary/homework/4/case', { intent: 'unwatch', studentId: '1' })).status()).toBe(403)
  expect((await post('/diary/homework/4/collection', { intent: 'unstar', postId: '1' })).status()).toBe(403)
  expect((await post('/diary?tab=followup', { intent: 'unwatch', studentId: '1', journalId: '4' })).status()).toBe(403)
  // Another teacher's journal: every page and action.
  expect((await page.request.get('/diary/homework/2/student')).status()).toBe(403)
  for (const path of ['student/37', 'case', 'collection', 'sendback']) expect((await page.request.get(`/diary/homework/2/${path}`)).status()).toBe(403)
  expect((await post('/diary/homework/2/student/37', { intent: 'archive' })).status()).toBe(403)
})

test('a page past the end of a list shows its last page, in every list; the feed, which counts no pages, says so with the way back', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  const pager = page.getByRole('navigation', { name: 'Pages' })
  // 502's 25 students: page 3 holds 5.
  await page.goto('/diary/homework/2/student?page=999')
  await expect(page.locator('tbody tr')).toHaveCount(5)
  await expect(pager.getByRole('link', { name: '3', exact: true })).toHaveAttribute('aria-current', 'page')
  await page.goto('/diary/homework/2/alerts?page=999')
  await expect(page.locator('.alerts-table tbody tr').first()).toBeVisible()
  await page.goto('/ebook?page=999')
  await expect(page.locator('table tbody tr').first()).toBeVisible()
  await expect(page.getByText('No e-books yet')).toHaveCount(0)
  await page.goto('/diary/homework/2/news?page=999')
  await expect(page.getByText('There is no page 999 of this list.')).toBeVisible()
  await page.getByRole('link', { name: 'Go to the first page' }).click()
  await expect(page.locator('.post-card').first()).toBeVisible()
  await expectAccessible(page)
})
