import { expect, test, NO_JS } from './support/test'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'

test('a teacher finds a post in the feed, comments block by block, uses the library and sends it back', NO_JS, async ({ page }, info) => {
  const title = `Lunch alone ${info.project.name} ${Date.now().toString(36)}`
  await newPost(2, info.project.name === 'js' ? 'student30@demo.test' : 'student31@demo.test', title)
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/2/news')
  await page.getByLabel('Search titles').fill(title)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.locator('.post-card')).toHaveCount(1)
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const panel = page.locator('.block-comments')

  // The whole post: required text, then praise.
  await panel.getByRole('button', { name: 'Add comment' }).click()
  await expect(panel.getByText('This field must not be empty.')).toBeVisible()
  await expect(panel.locator('.comment')).toHaveCount(0)
  await panel.getByLabel('Praise').check()
  await panel.getByLabel('Comment', { exact: true }).fill('Thank you for telling me.')
  await panel.getByRole('button', { name: 'Add comment' }).click()
  await expect(page.getByRole('status')).toHaveText('Comment added.')
  await expect(panel.locator('.comment', { hasText: 'Thank you for telling me.' })).toBeVisible()
  // The box is empty again, so a second click cannot post it twice.
  await expect(panel.getByLabel('Comment', { exact: true })).toHaveValue('')

  // A block: no praise; add, edit, delete after confirmation.
  await page.locator('.block', { hasText: 'My friend did not sit with me at lunch.' }).click()
  await expect(panel.getByRole('heading', { name: 'Event' })).toBeVisible()
  await expect(panel.getByLabel('Praise')).toHaveCount(0)
  await panel.getByLabel('Advice').check()
  await panel.getByLabel('Comment', { exact: true }).fill('Who else could you sit with?')
  await panel.getByRole('button', { name: 'Add comment' }).click()
  const mine = panel.locator('.comment', { hasText: 'Who else could you sit with?' })
  await expect(mine).toBeVisible()
  await mine.getByRole('link', { name: 'Edit' }).click()
  await panel.getByLabel('Edit your comment').fill('Who else could you sit with tomorrow?')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Comment saved.')
  const edited = panel.locator('.comment', { hasText: 'tomorrow?' })
  await edited.getByRole('link', { name: 'Delete' }).click()
  await panel.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('status')).toHaveText('Comment deleted.')
  await expect(panel.locator('.comment')).toHaveCount(0)

  // The library: a canned phrase into the form, an own entry added and removed in edit mode.
  await panel.getByRole('navigation', { name: 'Comment library' }).getByRole('link', { name: 'Advice' }).click()
  await panel.locator('.library-list li', { hasText: 'You can always come and talk to me about this.' }).getByRole('link', { name: 'Use' }).click()
  await expect(panel.getByLabel('Comment', { exact: true })).toHaveValue('You can always come and talk to me about this.')
  await panel.getByLabel('Comment', { exact: true }).fill(`My own advice ${info.project.name}`)
  await panel.getByRole('button', { name: 'Add to library' }).click()
  await expect(page.getByRole('status')).toHaveText('Added to the library.')
  await panel.getByRole('link', { name: 'Edit library' }).click()
  await panel.locator('.library-list li', { hasText: `My own advice ${info.project.name}` }).getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByRole('status')).toHaveText('Removed from the library.')
  await expect(panel.locator('.library-list li', { hasText: `My own advice ${info.project.name}` })).toHaveCount(0)

  // The word filter: kept, greyed, with the notice and no edit or delete.
  await panel.getByLabel('Other').check()
  await panel.getByLabel('Comment', { exact: true }).fill('Do not be stupid.')
  await panel.getByRole('button', { name: 'Add comment' }).click()
  const filtered = panel.locator('.comment.filtered')
  await expect(filtered).toContainText('This comment was hidden by the word filter.')
  await expect(filtered.getByRole('link')).toHaveCount(0)

  await page.getByRole('link', { name: 'Send back' }).click()
  await page.getByRole('alertdialog', { name: 'Send this post back?' }).getByRole('button', { name: 'Send back' }).click()
  await expect(page.getByRole('status')).toHaveText('The post was sent back to the student.')
  await expect(page.locator('.page-head .badge')).toHaveText('Sent back')
  await expect(page.getByRole('link', { name: 'Send back' })).toHaveCount(0)
  await page.goto('/diary/homework/2/sendback')
  await expect(page.locator('tbody tr', { hasText: title })).toBeVisible()
})

test('the post page and its actions are refused to a teacher of another journal; send back needs f6', async ({ page }, info) => {
  const theirs = await newPost(2, 'student32@demo.test', `Not yours ${info.project.name} ${Date.now().toString(36)}`)
  const own = await newPost(4, 'student41@demo.test', `Free plan post ${info.project.name} ${Date.now().toString(36)}`)
  await signInToConsole(page, 'free@demo.test')
  const origin = new URL(page.url()).origin
  expect((await page.request.get(`/diary/diaryPost/${theirs}`)).status()).toBe(403)
  for (const form of [{ intent: 'add', type: '4', comment: 'hello' }, { intent: 'sendback' }, { intent: 'delete', commentId: '1' }] as Record<string, string>[]) {
    expect((await page.request.post(`/diary/diaryPost/${theirs}`, { form, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  }
  expect((await page.request.get('/diary/diaryPost/99999999')).status()).toBe(404)

  // Their own journal on the free plan: commenting works, sending back is a paid feature.
  await page.goto(`/diary/diaryPost/${own}`)
  await page.locator('details.upgrade summary', { hasText: 'Send back' }).click()
  await expect(page.getByRole('dialog', { name: 'A paid feature' })).toBeVisible()
  expect((await page.request.post(`/diary/diaryPost/${own}`, { form: { intent: 'sendback' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  // Revise is f13: the notice, no text, and the save refused.
  await page.goto(`/diary/diaryPost/${own}/revise`)
  await expect(page.getByText('A paid feature')).toBeVisible()
  await expect(page.locator('textarea')).toHaveCount(0)
  expect((await page.request.post(`/diary/diaryPost/${own}/revise`, { form: {}, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  expect((await page.request.get(`/diary/diaryPost/${theirs}/revise`)).status()).toBe(403)
})

test('revise: the teacher corrects the text and sees the correction beside the original', NO_JS, async ({ page }, info) => {
  const title = `To correct ${info.project.name} ${Date.now().toString(36)}`
  const id = await newPost(2, 'student33@demo.test', title)
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/diaryPost/${id}`)
  await page.getByRole('link', { name: 'Revise' }).click()
  const event = page.locator('fieldset', { hasText: 'Event' })
  await event.getByLabel('Your correction').fill('My friend did not sit with me at lunch today.')
  await page.getByRole('button', { name: 'Save corrections' }).click()
  await expect(page.getByRole('status')).toHaveText('Corrections saved.')
  await expect(page.locator('fieldset', { hasText: 'Event' }).locator('ins')).toHaveText(' today')
  await expect(page.locator('fieldset', { hasText: 'Event' }).getByLabel('Your correction')).toHaveValue('My friend did not sit with me at lunch today.')
})

test('the feed loads ten posts at a time: appended with JavaScript, a next-page link without', NO_JS, async ({ page }, info) => {
  const tag = `Paging ${info.project.name} ${Date.now().toString(36)}`
  for (let i = 1; i <= 12; i++) await newPost(2, 'student30@demo.test', `${tag} #${i}`)
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/2/news?q=${encodeURIComponent(tag)}`)
  const cards = page.locator('.post-card')
  await expect(cards).toHaveCount(10)
  await expect(cards.first()).toContainText(`${tag} #12`)
  await page.getByRole('link', { name: 'Load more' }).click()
  if (info.project.name === 'js') {
    // Appended under the first ten, on the same page.
    await expect(cards).toHaveCount(12)
    await expect(cards.nth(10)).toContainText(`${tag} #2`)
    await expect(page).not.toHaveURL(/page=/)
    await expect(page.getByRole('link', { name: 'Load more' })).toHaveCount(0)
  } else {
    await expect(page).toHaveURL(/page=2/)
    await expect(cards).toHaveCount(2)
    await expect(cards.first()).toContainText(`${tag} #2`)
    await page.getByRole('link', { name: 'Newer posts' }).click()
    await expect(cards).toHaveCount(10)
  }
})

test('the side panel: a student whose recent posts are mostly negative is on the mood thermometer, and a recent poster, each a link to their page', async ({ page }, info) => {
  const journalId = await newJournalWith('teacher@demo.test', `Thermometer ${info.project.name} ${Date.now().toString(36)}`, ['student31@demo.test', 'student32@demo.test'])
  // The helper's posts feel emotions B and 12, both negative: a score of 100.
  await newPost(journalId, 'student31@demo.test', 'A hard day')
  await newPost(journalId, 'student31@demo.test', 'Another hard day')
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/${journalId}/news`)
  const thermometer = page.locator('section', { has: page.getByRole('heading', { name: 'Mood thermometer' }) })
  const entries = thermometer.locator('.thermometer > li')
  const entry = entries.first()
  await expect(entries).toHaveCount(1)
  await expect(entry.locator('img.thermo')).toHaveAttribute('src', '/thermometer/100.svg')
  await expect(entry).toContainText('Negative posts: 100%')
  await expect(entry).toContainText('Another hard day')
  await expect(entry.locator('.tag.negative').first()).toBeVisible()
  const posters = page.locator('section', { has: page.getByRole('heading', { name: 'Recent posters' }) })
  await expect(posters.locator('.people > li')).toHaveCount(1)
  await expect(posters.locator('.people > li')).toContainText('2 posts')
  await entry.getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/student/\\d+$`))
})

test("students' own words carry their journal's language, the page's labels the reader's", async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  const journal = await db().selectFrom('journals').select('id').where('name', '=', '501 心情日記').executeTakeFirstOrThrow()
  await page.goto(`/diary/homework/${journal.id}/news`)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await expect(page.locator('.post-card .frame-text').first()).toHaveAttribute('lang', 'zh-Hant')
  await expect(page.locator('.post-card h2 [lang]').first()).toHaveAttribute('lang', 'zh-Hant')
  await page.locator('.post-card h2 a').first().click()
  await expect(page.locator('h1')).toHaveAttribute('lang', 'zh-Hant')
})
