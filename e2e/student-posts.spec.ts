import { expect, test, type Page, NO_JS } from './support/test'
import sharp from 'sharp'
import { signInToConsole, signOut, studentSignIn } from './support/helpers'

/** Sign out on the student side and wait for it: a navigation too soon would race the cookie. */
async function studentSignOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/s\/login$/)
}

test('a student writes a post, the teacher comments and sends it back, the student revises, the teacher sees it', NO_JS, async ({ page }, info) => {
  const student = info.project.name === 'js' ? 'student14@demo.test' : 'student15@demo.test'
  const title = `My day ${info.project.name} ${Date.now().toString(36)}`
  await studentSignIn(page, student)
  await page.getByRole('link', { name: '501 心情日記' }).click()
  await page.getByRole('link', { name: 'Write a post' }).click()

  // Nothing chosen: every message, nothing written.
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('This field must not be empty.')).toHaveCount(2)
  await expect(page.getByText('Choose at least one feeling.')).toBeVisible()
  await expect(page.getByText('Choose what you did.')).toBeVisible()

  await page.getByLabel('Title').fill(title)
  await page.getByLabel('What happened?').fill('I lost my favourite pen in class.')
  await page.getByLabel('Sad').check()
  await page.getByLabel('Worried').check()
  await page.getByLabel('Ask for help').check()
  await page.getByLabel('Tell more about what you did').fill('I asked my friend to help me look.')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('status')).toHaveText('Your post reached your teacher.')
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const postUrl = new URL(page.url()).pathname
  const postId = postUrl.split('/').pop()
  await studentSignOut(page)

  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/1/news?q=${encodeURIComponent(title)}`)
  await page.getByRole('link', { name: title }).click()
  await expect(page.getByText('I lost my favourite pen in class.').first()).toBeVisible()
  await page.getByLabel('Advice').check()
  await page.getByLabel('Comment', { exact: true }).fill('Where did you last see it? Please write a little more.')
  await page.getByRole('button', { name: 'Add comment' }).click()
  await expect(page.getByRole('status')).toHaveText('Comment added.')
  await page.getByRole('link', { name: 'Send back' }).click()
  await page.getByRole('alertdialog', { name: 'Send this post back?' }).getByRole('button', { name: 'Send back' }).click()
  await expect(page.locator('.page-head .badge')).toHaveText('Sent back')
  await signOut(page)

  await studentSignIn(page, student)
  await page.goto(postUrl)
  await expect(page.getByText('Where did you last see it? Please write a little more.')).toBeVisible()
  await expect(page.getByText('Sent back: please revise')).toBeVisible()
  await page.getByLabel('What happened?').fill('I lost my favourite pen in class after art.')
  await page.getByRole('button', { name: 'Revise and send again' }).click()
  await expect(page.getByRole('status')).toHaveText('Your revised post reached your teacher.')
  await expect(page.getByText('Sent back: please revise')).toHaveCount(0)
  // Another student cannot open it.
  await studentSignOut(page)
  await studentSignIn(page, 'student16@demo.test')
  expect((await page.request.get(postUrl)).status()).toBe(404)
  await studentSignOut(page)

  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/diaryPost/${postId}`)
  await expect(page.getByText('I lost my favourite pen in class after art.').first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send back' })).toBeVisible()
})

test('what a student typed is not lost: kept in the browser with JavaScript, returned by the server without', NO_JS, async ({ page, browser }, info) => {
  await studentSignIn(page, 'student17@demo.test')
  await page.goto('/s')
  await page.getByRole('link', { name: '501 心情日記' }).click()
  await page.getByRole('link', { name: 'Write a post' }).click()
  await page.getByLabel('Title').fill('Half-written on a bad network')
  await page.getByLabel('What happened?').fill('The bus was late and')
  await page.getByLabel('Nervous').check()
  if (info.project.name === 'js') {
    // The network drops as the post is sent; the page is opened again later: the draft is offered back.
    await page.getByLabel('Calm down').check()
    await page.context().setOffline(true)
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('this device is offline')).toBeVisible()
    await page.context().setOffline(false)
    await page.reload()
    await expect(page.getByLabel('Title')).toHaveValue('')
    await page.getByRole('button', { name: 'Put it back' }).click()
    await expect(page.getByLabel('Calm down')).toBeChecked()
    // The browser closed and opened again (its storage kept): still offered.
    const restarted = await browser.newContext({ storageState: await page.context().storageState() })
    const again = await restarted.newPage()
    await again.goto(page.url())
    await again.getByRole('button', { name: 'Put it back' }).click()
    await expect(again.getByLabel('What happened?')).toHaveValue('The bus was late and')
    // Signing out on a shared PC removes the student's drafts.
    await again.getByRole('button', { name: 'Sign out' }).click()
    await expect(again).toHaveURL(/\/s\/login$/)
    expect(await again.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('draft:')))).toEqual([])
    await restarted.close()
  } else {
    // No behaviour chosen: the server refuses the form and gives back everything typed.
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Choose what you did.')).toBeVisible()
  }
  await expect(page.getByLabel('Title')).toHaveValue('Half-written on a bad network')
  await expect(page.getByLabel('What happened?')).toHaveValue('The bus was late and')
  await expect(page.getByLabel('Nervous')).toBeChecked()
})

test('a worrying post is flagged for the teacher in the feed and on the post, a harmless one is not', NO_JS, async ({ page }, info) => {
  const student = info.project.name === 'js' ? 'student18@demo.test' : 'student19@demo.test'
  const title = `Bad week ${info.project.name} ${Date.now().toString(36)}`
  await studentSignIn(page, student)
  await page.goto('/s')
  await page.getByRole('link', { name: '501 心情日記' }).click()
  await page.getByRole('link', { name: 'Write a post' }).click()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('What happened?').fill('Everyone laughed at me. 我真的好想死。')
  await page.getByLabel('Sad').check()
  await page.getByLabel('Leave').check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('status')).toHaveText('Your post reached your teacher.')
  // The student does not see the flag.
  await expect(page.locator('.flag')).toHaveCount(0)
  await studentSignOut(page)

  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/1/news?q=${encodeURIComponent(title)}`)
  await expect(page.locator('.post-card .flag')).toHaveText('Self-harm: 想死')
  await page.getByRole('link', { name: title }).click()
  await expect(page.locator('.flag')).toHaveText('Self-harm: 想死')
  await page.goto('/diary/homework/2/news?q=Maths')
  await expect(page.locator('.post-card').first()).toBeVisible()
  await expect(page.locator('.flag')).toHaveCount(0)
})

test('a post with a picture: checked by content, kept when the form is refused, shown to the teacher only', NO_JS, async ({ page }, info) => {
  const student = info.project.name === 'js' ? 'student18@demo.test' : 'student19@demo.test'
  const title = `Picture day ${info.project.name} ${Date.now().toString(36)}`
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e0a040' } }).jpeg().toBuffer()
  await studentSignIn(page, student)
  await page.getByRole('link', { name: '501 心情日記' }).click()
  await page.getByRole('link', { name: 'Write a post' }).click()
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('What happened?').fill('We planted beans in the school garden.')
  await page.getByLabel('Happy').check()
  await page.getByLabel('Try again').check()

  // Text named like a picture is refused, and nothing typed is lost.
  await page.getByLabel('Picture (optional)').setInputFiles({ name: 'beans.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') })
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Choose a PNG, JPEG or WebP picture.')).toBeVisible()
  await expect(page.getByLabel('Title')).toHaveValue(title)

  // A real picture with a field missing: the server keeps the picture for the next try.
  await page.getByLabel('Picture (optional)').setInputFiles({ name: 'beans.jpg', mimeType: 'image/jpeg', buffer: picture })
  await page.getByLabel('What happened?').fill('')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('This field must not be empty.')).toBeVisible()
  if (info.project.name === 'no-js') await expect(page.getByText('This picture is kept: choose another to replace it.')).toBeVisible()
  await page.getByLabel('What happened?').fill('We planted beans in the school garden.')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('status')).toHaveText('Your post reached your teacher.')
  const img = page.locator('.frame-img')
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(900)
  const src = (await img.getAttribute('src'))!
  await studentSignOut(page)

  // Another student, signed in, gets nothing.
  await studentSignIn(page, 'student20@demo.test')
  expect((await page.request.get(src)).status()).toBe(404)
  await studentSignOut(page)

  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/1/news?q=${encodeURIComponent(title)}`)
  await expect.poll(() => page.locator('.post-card .frame-img').evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(900)
  await signOut(page)
  await signInToConsole(page, 'free@demo.test') // not a teacher of 501 yet
  expect((await page.request.get(src)).status()).toBe(404)
})
