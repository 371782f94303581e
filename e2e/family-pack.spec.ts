import { formatDate, formatDateTime } from '../app/shared/dates'
import { expect, expectAccessible, test, NO_JS, type Page } from './support/test'
import { db } from './support/db'
import { signInToConsole, studentSignIn } from './support/helpers'
import { newPost } from './support/posts'
import { newAlert, newSchoolTeam } from './support/school'

const checkAccessible = async (page: Page) => {
  if (test.info().project.name === 'js') await expectAccessible(page)
}

test('a family pack: bad input writes nothing; its link waits for the student, opens with its password, and stops when the teacher stops it', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'family')
  for (const title of ['Museum day', 'Sports day']) await newPost(school.journalId, school.student.account, title)
  const packs = () => db().selectFrom('family_packs').select(['id', 'share_token', 'consent']).where('student_id', '=', school.student.id).execute()
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}`)
  await page.getByRole('link', { name: 'Family pack' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A family pack of Pupil family-pupil')
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Make the family pack' }) })
  // Nothing chosen; a link without its password; days out of range.
  await form.getByLabel('Make a link for the family too').check()
  await form.getByLabel('The link works for (days)').fill('99')
  await form.getByRole('button', { name: 'Make the family pack' }).click()
  await expect(form.getByText('Choose at least one post.')).toBeVisible()
  await expect(form.getByText('Enter a whole number of days from 1 to 30.')).toBeVisible()
  await expect(form.getByText('This field must not be empty.')).toBeVisible()
  expect(await packs()).toEqual([])
  await form.getByLabel(/Museum day/).check()
  await form.getByLabel(/Sports day/).check()
  await form.getByLabel('Note for the family').fill('She writes every day now.')
  await form.getByLabel('Make a link for the family too').check()
  await form.getByLabel('The link works for (days)').fill('7')
  await form.getByLabel('Password', { exact: true }).fill('family-pass-1')
  await form.getByRole('button', { name: 'Make the family pack' }).click()
  await expect(page.getByRole('status')).toHaveText('The family pack is made. Its link opens once the student agrees on their page.')
  const row = page.getByRole('row').filter({ hasText: '2 posts' })
  await expect(row).toContainText('Waiting for the student to agree')
  const url = (await row.locator('code').textContent())!
  const path = new URL(url).pathname
  const pdf = await page.request.get((await row.getByRole('link', { name: 'Download the PDF' }).getAttribute('href'))!)
  expect(pdf.headers()['content-type']).toBe('application/pdf')

  // Before the student agrees, the link does not open.
  await page.context().clearCookies()
  expect((await page.request.get(path)).status()).toBe(403)
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not open yet' })).toBeVisible()

  await studentSignIn(page, school.student.account)
  const card = page.locator('.consent-card')
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Test family-owner would like to share your diary with your family')
  // What the family would see, before Yes and No (decision 0063): the posts by title and the teacher's note.
  await expect(card.getByRole('listitem')).toHaveText([new RegExp(' · Museum day$'), new RegExp(' · Sports day$')])
  await expect(card.getByRole('heading', { name: "Test family-owner's note to your family" })).toBeVisible()
  await expect(card.locator('blockquote')).toHaveText('She writes every day now.')
  await card.getByRole('button', { name: 'Yes, I agree' }).click()
  await expect(page.getByRole('status')).toHaveText('Thank you. Your family can open the link now.')
  await expect(page.locator('.consent-card')).toHaveCount(0)
  expect((await packs())[0].consent).toBe('agreed')

  await page.context().clearCookies()
  await page.goto(path)
  await page.getByLabel('Password').fill('wrong-password')
  await page.getByRole('button', { name: 'Open' }).click()
  await expect(page.getByText('This password is not the link\'s.')).toBeVisible()
  await page.getByLabel('Password').fill('family-pass-1')
  await page.getByRole('button', { name: 'Open' }).click()
  const download = page.getByRole('link', { name: 'Download the PDF' })
  await expect(download).toBeVisible()
  const shared = await page.request.get((await download.getAttribute('href'))!)
  expect(shared.status()).toBe(200)
  expect((await shared.body()).subarray(0, 5).toString()).toBe('%PDF-')

  // The teacher stops it: the link says so and sends nothing.
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/family`)
  await page.getByRole('button', { name: 'Stop the link' }).click()
  await expect(page.getByRole('status')).toHaveText('The link is stopped: it no longer opens.')
  await page.context().clearCookies()
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: 'This link was stopped' })).toBeVisible()
  expect((await page.request.get(`${path}/pack.pdf`, { maxRedirects: 0 })).status()).toBe(302)
})

test('the student declines: the link stays closed', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'decline')
  await newPost(school.journalId, school.student.account, 'Quiet day')
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/family`)
  await page.getByLabel(/Quiet day/).check()
  await page.getByLabel('Make a link for the family too').check()
  await page.getByLabel('Password', { exact: true }).fill('family-pass-1')
  await page.getByRole('button', { name: 'Make the family pack' }).click()
  const url = (await page.getByRole('row').filter({ hasText: '1 post' }).locator('code').textContent())!
  await page.context().clearCookies()
  await studentSignIn(page, school.student.account)
  await page.getByRole('button', { name: 'No, I don\'t agree' }).click()
  await expect(page.getByRole('status')).toHaveText('All right. The link stays closed.')
  await page.context().clearCookies()
  await page.goto(new URL(url).pathname)
  await expect(page.getByRole('heading', { level: 1, name: 'This link is closed' })).toBeVisible()
})

test('a post under an alert stays out of the family pack, with its reason, until the teacher puts it back (decision 0063)', NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'held')
  const museum = await newPost(school.journalId, school.student.account, 'Museum day')
  // A high alert of the content rule on the student's "Night" post, open.
  const { alertId, postId: night } = await newAlert(school.journalId, school.student, 'Night')
  const packPosts = async () => (await db().selectFrom('family_packs').select('post_ids').where('student_id', '=', school.student.id).orderBy('id').execute()).map((p) => JSON.parse(p.post_ids) as number[])
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/family`)
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Make the family pack' }) })
  // Not among the posts to pick: held back, with why, and a way to the alert.
  await expect(form.getByRole('checkbox', { name: /Museum day/ })).toBeVisible()
  const held = form.getByRole('group', { name: 'Held back: 1 post under an alert' })
  const today = formatDate(new Date().toISOString())
  await expect(held.getByRole('checkbox')).toHaveCount(1)
  await expect(held.getByRole('checkbox', { name: `Put back ${today} · Night` })).not.toBeChecked()
  await expect(held).toContainText(`Open alert (high), raised ${today}`)
  await expect(held.getByRole('link', { name: 'See the alert' })).toHaveAttribute('href', `/diary/homework/${school.journalId}/alerts/${alertId}`)
  await checkAccessible(page)

  // Made with the post picked: the held one stays out.
  await form.getByRole('checkbox', { name: /Museum day/ }).check()
  await form.getByRole('button', { name: 'Make the family pack' }).click()
  await expect(page.getByRole('status')).toHaveText('The family pack is made.')
  await expect.poll(packPosts).toEqual([[museum]])

  // Put back knowingly, alone: the pack holds it.
  await page.getByRole('checkbox', { name: /Museum day/ }).uncheck()
  await page.getByRole('group', { name: 'Held back: 1 post under an alert' }).getByRole('checkbox', { name: /Night/ }).check()
  await page.getByRole('button', { name: 'Make the family pack' }).click()
  await expect.poll(packPosts).toEqual([[museum], [night]])
})

test("the family link speaks the family's language, from the browser or its switcher, and ends at the school's time (decision 0063)", NO_JS, async ({ page, browser, baseURL }, info) => {
  const school = await newSchoolTeam(info, 'lang')
  await newPost(school.journalId, school.student.account, 'Museum day')
  // A school far from UTC; this journal asks no student to agree first.
  await db().updateTable('journals').set({ time_zone: 'America/Los_Angeles', share_consent: 'never' }).where('id', '=', school.journalId).execute()
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}/family`)
  await page.getByLabel(/Museum day/).check()
  await page.getByLabel('Make a link for the family too').check()
  await page.getByLabel('Password', { exact: true }).fill('family-pass-1')
  await page.getByRole('button', { name: 'Make the family pack' }).click()
  const path = new URL((await page.getByRole('row').filter({ hasText: '1 post' }).locator('code').textContent())!).pathname
  const { share_expires_at } = await db().selectFrom('family_packs').select('share_expires_at').where('student_id', '=', school.student.id).executeTakeFirstOrThrow()

  // A Japanese browser, signed out: the page in Japanese (the console's own pages would be in English).
  const family = await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'Asia/Taipei', javaScriptEnabled: info.project.use.javaScriptEnabled !== false })
  const reader = await family.newPage()
  await reader.goto(path)
  await expect(reader.locator('html')).toHaveAttribute('lang', 'ja')
  await expect(reader.getByRole('heading', { level: 1 })).toHaveText('学校からの家族向けパック')
  await reader.getByLabel('パスワード').fill('family-pass-1')
  await reader.getByRole('button', { name: '開く' }).click()
  // The link's end in the school's zone, to the minute.
  await expect(reader.getByText(`このリンクは ${formatDateTime(share_expires_at!, 'America/Los_Angeles')} まで有効です。`)).toBeVisible()
  await checkAccessible(reader)

  // The switcher: English, kept for the next visit.
  await reader.getByRole('button', { name: 'English' }).click()
  await expect(reader.locator('html')).toHaveAttribute('lang', 'en')
  await expect(reader.getByText(`This link works until ${formatDateTime(share_expires_at!, 'America/Los_Angeles')}.`)).toBeVisible()
  await expect(reader.getByRole('link', { name: 'Download the PDF' })).toBeVisible()
  await family.close()
})
