import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { signInToConsole } from './support/helpers'

test('samples: the form refuses bad input and writes nothing; a published sample starts a journal', NO_JS, async ({ page }, info) => {
  const name = `Sample ${info.project.name} ${Date.now().toString(36)}`
  await signInToConsole(page, await newTeacher(info, 'sampler'))
  await page.getByRole('link', { name: 'Journal samples' }).click()
  await page.getByRole('link', { name: 'New sample' }).click()
  await expect(page).toHaveURL(/\/diarySample\/new$/)

  // No name, and AI scoring with Chinese pronunciation.
  await page.getByLabel('Pronunciation language').selectOption('zh')
  await page.getByLabel('AI English scoring').check()
  await page.getByRole('button', { name: 'Create sample' }).click()
  await expect(page.getByText('Input incomplete. Check the marked fields.')).toBeVisible()
  await expect(page.getByText('This field must not be empty.')).toBeVisible()
  await expect(page.getByText('AI scoring is only available for English journals.')).toBeVisible()
  await page.goto('/diarySample')
  await expect(page.getByText('You have not made a sample yet.')).toBeVisible()

  await page.getByRole('link', { name: 'New sample' }).click()
  await page.getByLabel('Journal name').fill(name)
  await page.getByLabel('Student limit').selectOption('20')
  await page.getByLabel('Pronunciation language').selectOption('en')
  await page.getByRole('button', { name: 'Create sample' }).click()
  await expect(page).toHaveURL(/\/diarySample$/)
  const mine = page.locator('section', { has: page.getByRole('heading', { name: 'My samples' }) })
  const card = mine.locator('.journal-card', { has: page.getByRole('heading', { name }) })
  await expect(card.getByText('Not published')).toBeVisible()

  await card.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Journal name')).toHaveValue(name)
  await page.getByLabel('Publish this sample for other teachers').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(card.getByText('Published', { exact: true })).toBeVisible()

  const published = page.locator('section', { has: page.getByRole('heading', { name: 'Published samples' }) })
  await published.locator('.journal-card', { has: page.getByRole('heading', { name }) }).getByRole('link', { name: 'Start a journal from this sample' }).click()
  await expect(page).toHaveURL(/\/diary\/homework\/new\?sample=\d+$/)
  await expect(page.getByLabel('Journal name')).toHaveValue(name)
  await expect(page.getByLabel('Student limit')).toHaveValue('20')
  await page.getByRole('button', { name: 'Create journal' }).click()
  await expect(page).toHaveURL(/\/diary\/homework\/\d+\/info$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('a sample is edited only by its author', async ({ page }) => {
  await signInToConsole(page, 'free@demo.test')
  const sample = await page.request.get('/diarySample/1/edit', { maxRedirects: 0 })
  expect(sample.status()).toBe(403)
  const origin = new URL(page.url()).origin
  const post = await page.request.post('/diarySample/1/edit', { form: { name: 'taken over', labelColorCode: '1', studentLimit: '10', speechLang: 'en' }, headers: { Origin: origin } })
  expect(post.status()).toBe(403)
  expect((await page.request.get('/diarySample/999/edit')).status()).toBe(404)
})

test('course-book and contest codes: each error shows and writes nothing; a plan code opens the paid resources', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'booker'))
  const create = page.locator('.action-card')
  const open = async () => {
    if ((await create.locator('details').getAttribute('open')) === null) await create.getByText('From a sample code').click()
  }
  const submit = async (sampleCode: string, planCode = '') => {
    await open()
    await page.getByLabel('Sample code').fill(sampleCode)
    await page.getByLabel('Plan exchange code (optional)').fill(planCode)
    await page.getByRole('button', { name: 'Start the journal' }).click()
  }
  await open()
  await page.getByRole('button', { name: 'Start the journal' }).click()
  await expect(create.getByText('This field must not be empty.')).toBeVisible()
  await submit('NOSUCHBOOK')
  await expect(page.getByText('The invitation code is wrong.')).toBeVisible()
  await submit('ct_winter')
  await expect(page.getByText('This contest has finished.')).toBeVisible()
  await submit('ct_full')
  await expect(page.getByText('Contest error: the contest has no places left.')).toBeVisible()
  await submit('BOOKPAID', 'WRONG')
  await expect(page.getByText('This book serial number does not exist.')).toBeVisible()
  await submit('BOOKPAID', 'PLANFREE') // a code for another book
  await expect(page.getByText('This book serial number does not exist.')).toBeVisible()
  await submit('BOOKPAID', 'PLANUSED')
  await expect(page.getByText('This book serial number has already been used.')).toBeVisible()
  await page.goto('/diary')
  await expect(page.getByText('You have no journals yet.')).toBeVisible()

  await submit('BOOKPAID', info.project.name === 'js' ? 'PLAN0001' : 'PLAN0002')
  await expect(page).toHaveURL(/\/diary\/homework\/\d+\/info$/)
  await page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Resources' }).click()
  await expect(page).toHaveURL(/\/resource$/)
  await expect(page.getByRole('link', { name: 'Download' })).toBeVisible()
  await page.goto('/diarySample/resourcesBook')
  const book = page.locator('.journal-card', { has: page.getByRole('heading', { name: '心情繪本 Mood Picture Book' }) })
  await expect(book.getByText('Paid book: locked')).toHaveCount(0)
})

test('a paid book stays locked without a plan code; a journal without a book has no resource page', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diarySample/resourcesBook')
  await page.getByRole('link', { name: '心情繪本 Mood Picture Book' }).click()
  await expect(page.getByText(/This is a paid book/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0)
  await page.getByRole('link', { name: 'Resource books' }).first().click()
  await page.getByRole('link', { name: 'My Feelings Workbook' }).click()
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(2)
  expect((await page.request.get('/diary/homework/1/resource')).status()).toBe(404)
  await page.goto('/diary/homework/1/info')
  await expect(page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Resources' })).toHaveCount(0)
})
