import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'

// A school in London: with JavaScript the page tells the server the browser's zone, and every time
// is shown in it from the next page on; without JavaScript the default zone (Asia/Taipei) stays.
test.use({ timezoneId: 'Europe/London' })

test("times are shown in the browser's zone, Asia/Taipei until it is known", NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'zone')
  const journal = await newJournalWith(account, 'Zone diary', ['student05@demo.test'])
  const post = await newPost(journal, 'student05@demo.test', 'Late evening')
  await db().updateTable('posts').set({ created_at: '2026-11-02T20:30:00.000Z' }).where('id', '=', post).execute()
  await signInToConsole(page, account)
  await page.goto(`/diary/homework/${journal}/news`)
  const card = page.locator('.post-card', { hasText: 'Late evening' })
  if (info.project.name === 'js') await expect(card).toContainText('2026-11-02 20:30')
  else await expect(card).toContainText('2026-11-03 04:30')
  // A forged zone is ignored.
  await page.context().addCookies([{ name: 'tz', value: 'Mars/Olympus', url: page.url() }])
  await page.reload()
  if (info.project.name === 'no-js') await expect(card).toContainText('2026-11-03 04:30')
})
