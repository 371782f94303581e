import { expect, test, type Page, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, studentWritesPost } from './support/helpers'
import { newJournalWith } from './support/posts'

const unreadOf = async (account: string) => {
  const user = await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
  return Number((await db().selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', user.id).where('read_at', 'is', null).executeTakeFirstOrThrow()).n)
}

/** A notification written straight in, as an event would write it. */
async function told(account: string, key: string, type: 'd' | 'c' = 'd') {
  const user = await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
  await db()
    .insertInto('notifications')
    .values({ user_id: user.id, type, event_key: key, msg_key: 'notification.teacherAccepted', params: JSON.stringify({ journal: key }), link: '/diary', actor_id: null, journal_id: null, created_at: new Date().toISOString(), read_at: null })
    .execute()
}

const bell = (page: Page) => page.locator('.console-top .bell')

test('a student posts; the teacher\'s bell shows it; the tabs; opening marks it read and the post\'s breadcrumb starts at the list; mark all read', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'bell', { standard: true })
  const student = info.project.name === 'js' ? 'student22@demo.test' : 'student23@demo.test'
  const name = `Bell ${info.project.name} ${Date.now().toString(36)}`
  const journalId = await newJournalWith(teacher, name, [student])
  await db().updateTable('journals').set({ notify_submit_time: -1 }).where('id', '=', journalId).execute()

  const title = `Rainy day ${info.project.name}`
  await studentWritesPost(page, student, journalId, { title, event: 'It rained all day and we stayed in.' })

  await signInToConsole(page, teacher)
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 1 unread')
  await expect(bell(page)).toContainText('1')
  if (info.project.name === 'js') {
    // The drop-down: the newest, and "Show all".
    await bell(page).click()
    await expect(page.locator('.bell-drop')).toContainText(`submitted “${title}” in ${name}`)
    await page.locator('.bell-drop').getByRole('link', { name: 'Show all' }).click()
  } else {
    await bell(page).click()
  }
  await expect(page).toHaveURL(/\/notification$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
  await page.getByRole('link', { name: 'Comments', exact: true }).click()
  await expect(page.getByText('No notifications of this kind yet.')).toBeVisible()
  await page.getByRole('link', { name: 'Journals', exact: true }).click()
  const item = page.getByRole('main').locator('.notification-items li').filter({ hasText: title })
  await expect(item).toHaveClass(/unread/)
  // Listing them changes nothing.
  await page.reload()
  expect(await unreadOf(teacher)).toBe(1)
  // Each is a link to its target (a new tab, a copied address): the target's GET marks it read.
  const link = item.getByRole('link')
  await expect(link).toHaveAttribute('href', /^\/diary\/diaryPost\/\d+\?notification=\d+$/)
  await link.click()
  await expect(page).toHaveURL(/\/diary\/diaryPost\/\d+\?notification=\d+$/)
  await expect(page.getByRole('navigation', { name: 'You are here' }).getByRole('link').first()).toHaveText('Notification list')
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications')
  expect(await unreadOf(teacher)).toBe(0)

  await told(teacher, `${name} one`)
  await told(teacher, `${name} two`, 'c')
  await told(teacher, `${name} three`)
  await page.goto('/notification')
  await expect(page.getByRole('main').locator('.notification-items li.unread')).toHaveCount(3)
  // Opened in a new tab (its address fetched on its own): read too.
  const third = await page.getByRole('main').locator('.notification-items li', { hasText: `${name} three` }).getByRole('link').getAttribute('href')
  expect((await page.request.get(third!)).status()).toBe(200)
  expect(await unreadOf(teacher)).toBe(2)
  await page.reload()
  await page.getByRole('button', { name: 'Mark all as read' }).click()
  await expect(page.getByRole('status')).toHaveText('All notifications are marked as read.')
  await expect(page.getByRole('main').locator('.notification-items li.unread')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toBeDisabled()
  expect(await unreadOf(teacher)).toBe(0)
})

test('with JavaScript the bell counts a new notification within 30 seconds, without a reload', async ({ page }, info) => {
  const teacher = await newTeacher(info, 'poll', { standard: true })
  await page.clock.install()
  await signInToConsole(page, teacher)
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications')
  await page.waitForFunction(() => document.querySelector('details.bell-menu') !== null) // hydrated
  await told(teacher, `poll ${Date.now()}`)
  await page.clock.fastForward(31_000)
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 1 unread')
  await expect(page).toHaveURL(/\/diary$/)
})

test('a notification is only its reader\'s to open', async ({ page }, info) => {
  const owner = await newTeacher(info, 'owner', { standard: true })
  const other = await newTeacher(info, 'other', { standard: true })
  await told(owner, `private ${Date.now()}`)
  const mine = await db().selectFrom('notifications as n').innerJoin('users as u', 'u.id', 'n.user_id').select('n.id').where('u.account', '=', owner).executeTakeFirstOrThrow()
  await signInToConsole(page, other)
  // Its link opened by another: the page is theirs to see (or not), the notification stays unread.
  await page.request.get(`/diary?notification=${mine.id}`)
  expect(await unreadOf(owner)).toBe(1)
  await page.goto('/notification')
  await expect(page.getByText('No notifications yet.')).toBeVisible()
})

test('digests by e-mail: turned on and off in the settings, saved for this teacher only', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'digest', { standard: true })
  const setting = async () => (await db().selectFrom('users').select('digest_mail').where('account', '=', teacher).executeTakeFirstOrThrow()).digest_mail
  await signInToConsole(page, teacher)
  await page.goto('/setting/user')
  const row = page.locator('.settings-row').filter({ hasText: 'Digests by e-mail' })
  await expect(row).toContainText('Off')
  await row.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved.')
  await expect(row).toContainText('On')
  expect(await setting()).toBe(1)
  await row.getByRole('button', { name: 'Turn off' }).click()
  await expect(row.getByRole('button', { name: 'Turn on' })).toBeVisible()
  expect(await setting()).toBe(0)
})
