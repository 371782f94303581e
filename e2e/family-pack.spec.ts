import { expect, test, NO_JS } from './support/test'
import { db } from './support/db'
import { signInToConsole, studentSignIn } from './support/helpers'
import { newPost } from './support/posts'
import { newSchoolTeam } from './support/school'

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
  await expect(card.getByRole('heading')).toHaveText('Test family-owner would like to share your diary with your family')
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
