import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'

// A browser in London reading a school in Tokyo (decision 0044): every time is the school's, on the first
// page, on the pages after the page script told the server the browser's zone, and without
// JavaScript. The browser's zone is only named beside them.
test.use({ timezoneId: 'Europe/London' })

test("one clock: every time in the school's zone on every page, the browser's zone only named", NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const account = await newTeacher(info, 'zone')
  const student = js ? 'student05@demo.test' : 'student06@demo.test'
  const journal = await newJournalWith(account, 'Zone diary', [student])
  await db().updateTable('journals').set({ time_zone: 'Asia/Tokyo' }).where('id', '=', journal).execute()
  const owner = await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
  const studentId = (await db().selectFrom('users').select('id').where('account', '=', student).executeTakeFirstOrThrow()).id
  // 20:30 UTC is 05:30 the next day in Tokyo (and 20:30 in London, 04:30 in Taipei).
  const post = await newPost(journal, student, 'Late evening')
  await db().updateTable('posts').set({ created_at: '2026-11-02T20:30:00.000Z' }).where('id', '=', post).execute()
  await db().insertInto('comments').values({ post_id: post, msg_id: null, author_id: owner.id, comment: 'Thank you for telling me.', type: 3, status: 1, created_at: '2026-11-02T20:45:00.000Z', updated_at: '2026-11-02T20:45:00.000Z' }).execute()
  const at = '2026-11-02T16:07:00.000Z' // 01:07 on the 3rd in Tokyo
  const alert = await db()
    .insertInto('risk_alerts')
    .values({ journal_id: journal, student_id: studentId, rule: 'words', severity: 'medium', status: 'open', snooze_until: null, reasons: JSON.stringify({ rule: 'words', posts: [{ id: post, title: 'Late evening', diaryDate: '2026-11-02', flaggedBy: 'Test zone', note: 'Worried' }] }), created_at: at, updated_at: at, resolved_at: null })
    .returning('id')
    .executeTakeFirstOrThrow()
  // The teacher's own school, outside this journal: their newest journal's, Taipei.
  await newJournalWith(account, 'Home diary', [])
  await signInToConsole(page, account)

  // The first page of a new browser: it has not told its zone yet.
  await page.context().clearCookies({ name: 'tz' })
  await page.goto(`/diary/homework/${journal}/news`)
  await expect(page.locator('.post-card', { hasText: 'Late evening' })).toContainText('2026-11-03 05:30')
  if (js) await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'tz')?.value).toBe('Europe%2FLondon')

  // The next pages, with the browser's zone known (with JavaScript): the same numbers, the zone named.
  await page.goto(`/diary/homework/${journal}/alerts`)
  await expect(page.getByRole('row').filter({ hasText: 'Worried' })).toContainText('2026-11-03 01:07')
  await page.goto(`/diary/homework/${journal}/alerts/${alert.id}`)
  await expect(page.getByText('2026-11-03 01:07').first()).toBeVisible()
  await page.goto(`/diary/diaryPost/${post}`)
  await expect(page.locator('.comment-meta').first()).toContainText('2026-11-03 05:45')
  await page.goto(`/diary/homework/${journal}/news`)
  await expect(page.locator('.post-card', { hasText: 'Late evening' })).toContainText('2026-11-03 05:30')
  const note = page.locator('.zone-note')
  if (js) await expect(note).toHaveText('Times are in the school’s time zone, Asia/Tokyo (this computer is set to Europe/London).')
  else await expect(note).toHaveCount(0)

  // A client navigation from a page in the teacher's zone into the journal: the journal's times.
  if (js) {
    await page.goto('/diary')
    await expect(note).toHaveText('Times are in the school’s time zone, Asia/Taipei (this computer is set to Europe/London).')
    await page.getByRole('link', { name: 'Zone diary' }).click()
    await expect(page).toHaveURL(/\/news$/)
    await expect(page.locator('.post-card', { hasText: 'Late evening' })).toContainText('2026-11-03 05:30')
    await expect(note).toContainText('Asia/Tokyo')
  }

  // A forged zone is ignored: nothing named, nothing moved.
  await page.context().addCookies([{ name: 'tz', value: 'Mars/Olympus', url: page.url() }])
  await page.reload()
  await expect(page.locator('.post-card', { hasText: 'Late evening' })).toContainText('2026-11-03 05:30')
  if (!js) await expect(note).toHaveCount(0)
})
