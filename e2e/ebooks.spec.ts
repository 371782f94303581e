import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { templateById } from '../app/features/ebooks/templates'
import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, studentSignIn } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'

const idOf = async (account: string) => (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id
const bookOf = (journalId: number) => db().selectFrom('ebooks').selectAll().where('journal_id', '=', journalId).executeTakeFirst()

/** A journal of a new teacher with one demo student who wrote `posts` posts. */
async function classWithPosts(info: Parameters<typeof newTeacher>[0], student: string, posts: number) {
  const teacher = await newTeacher(info, 'ebook', { standard: true })
  const journalId = await newJournalWith(teacher, `E-book ${info.project.name} ${Date.now().toString(36)}`, [student])
  for (let i = 1; i <= posts; i++) await newPost(journalId, student, `Day ${i}`)
  return { teacher, journalId, studentId: await idOf(student) }
}

test('a teacher makes a book from the student page: ten posts, basic info with each message, a page edited and saved, every picture, step 4 ready', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const { teacher, journalId, studentId } = await classWithPosts(info, js ? 'student44@demo.test' : 'student45@demo.test', 12)
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/student/${studentId}`)
  await page.getByRole('link', { name: 'Create e-book' }).click()
  // The loading picture, then step 1 after 2 s (a timer, or the meta refresh without JavaScript).
  await expect(page.getByRole('heading', { name: 'Opening the e-book…' })).toBeVisible()
  await expect(page).toHaveURL(/\/ebook\/\d+\/posts$/, { timeout: 10_000 })
  const bookId = Number(page.url().split('/').at(-2))
  await expect(page.getByRole('navigation', { name: 'Steps of the e-book' })).toContainText('Print(when the basic info is filled in)')

  // Step 1: fewer than the minimum is refused (disabled with JavaScript; the server's message without).
  const next = page.getByRole('button', { name: 'Save and go on' })
  if (js) await expect(next).toBeDisabled()
  else {
    await next.click()
    await expect(page.getByText('Choose at least 1 post.')).toBeVisible()
  }
  expect(await db().selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', bookId).execute()).toEqual([])
  const boxes = page.getByRole('checkbox')
  await expect(boxes).toHaveCount(12)
  for (let i = 0; i < 10; i++) await boxes.nth(i).check()
  if (js) await expect(page.getByText('10 posts chosen of at most 30 (at least 1).')).toBeVisible()
  await page.getByText('Show “Day 1”').click()
  await expect(page.locator('details[open]').getByText('My friend did not sit with me at lunch.')).toBeVisible()
  await next.click()
  await expect(page).toHaveURL(`/ebook/${bookId}/basicinfo`)
  expect(await db().selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', bookId).execute()).toHaveLength(10)

  // Step 2: each message, and nothing written until the form is right.
  await page.getByLabel('Book name').fill('')
  await page.getByLabel('Postscript').fill('x'.repeat(101))
  await page.getByRole('button', { name: 'Save and go on' }).click()
  await expect(page.getByText('This field must not be empty.')).toHaveCount(3) // name, about the author, thanks
  await expect(page.getByText('This is too long: at most 100 characters.')).toBeVisible()
  expect((await bookOf(journalId))?.name).toBe('')
  await page.getByLabel('Book name').fill('A year of feelings')
  await page.getByLabel('About the author').fill('I like football and drawing.')
  await page.getByLabel('Thanks').fill('Thank you for reading every day.')
  await page.getByLabel('Postscript').fill('See you next year.')
  await page.getByRole('button', { name: 'Save and go on' }).click()
  await expect(page).toHaveURL(`/ebook/${bookId}/list`)
  expect(await bookOf(journalId)).toMatchObject({ name: 'A year of feelings', postscript: 'See you next year.', message_board: 1 })

  // Step 3: the list updates itself until every page has its picture; then step 4 is ready.
  await expect(page.getByText('14 pages. Choose a page to edit it.')).toBeVisible({ timeout: 20_000 })
  const pictures = page.locator('.ebook-pages img')
  await expect(pictures).toHaveCount(14)
  for (const img of await pictures.all()) {
    await img.scrollIntoViewIfNeeded() // the later ones load when seen
    await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth > 0)).toBe(true)
  }
  await expect(page.getByRole('navigation', { name: 'Steps of the e-book' })).toContainText('Print(ready)')

  // Step 3 opened by its own link, which names no page: the first page at once, its forms posting to it.
  const first = await db().selectFrom('ebook_pages').select('id').where('ebook_id', '=', bookId).orderBy('position').executeTakeFirstOrThrow()
  expect((await page.request.get(`/ebook/${bookId}/edit`, { maxRedirects: 0 })).status()).toBe(200)
  await page.goto(`/ebook/${bookId}/edit`)
  await expect(page.locator('form.page-editor')).toHaveAttribute('action', `/ebook/${bookId}/edit?qpage_id=${first.id}`)
  await page.goBack()

  // A page edited and saved: its picture is drawn again with the new text.
  await page.locator('.page-card').nth(2).click()
  await expect(page).toHaveURL(/\/edit\?qpage_id=\d+$/)
  const pageId = Number(new URL(page.url()).searchParams.get('qpage_id'))
  await page.getByRole('textbox', { name: 'Post title' }).fill('The best day')
  if (js) {
    // Moved by keyboard on the canvas: the place goes with the save.
    await page.getByRole('button', { name: /^Date: / }).focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
  }
  const picture = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#d9822b' } }).png().toBuffer()
  await page.getByLabel('New picture (PNG or JPEG)').setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: picture })
  await page.getByRole('button', { name: 'Save the page' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The page is saved and drawn again.' })).toBeVisible()
  const saved = await db().selectFrom('ebook_pages').select(['template', 'picture']).where('id', '=', pageId).executeTakeFirstOrThrow()
  const { items } = JSON.parse(saved.template!) as { items: { fill_data?: string; text?: string; y: number; img_url?: string; edited?: boolean }[] }
  expect(items.find((i) => i.fill_data === 'post.title')).toMatchObject({ text: 'The best day', edited: true })
  expect(items.find((i) => i.fill_data === 'post.picture1')?.img_url).toMatch(new RegExp(`^/ebook/${bookId}/image/`))
  if (js) expect(items.find((i) => i.fill_data === 'post.date')!.y).toBe(templateById('meadow-diary-2')!.items.find((i) => i.fill_data === 'post.date')!.y + 10)
  expect(saved.picture).toMatch(/^<svg/)
  await expect(page.getByRole('textbox', { name: 'Post title' })).toHaveValue('The best day')
  await page.goto(`/ebook/${bookId}/list`)
  await expect(page.getByRole('navigation', { name: 'Steps of the e-book' })).toContainText('Print(ready)')
})

test('another teacher and another student are refused on every e-book page and action; nobody signed in is sent to the e-book login', async ({ page }, info) => {
  const { teacher, journalId, studentId } = await classWithPosts(info, 'student46@demo.test', 2)
  const other = await newTeacher(info, 'ebook-other', { standard: true })
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/student/${studentId}/ebook`)
  await expect(page).toHaveURL(/\/ebook\/\d+\/posts$/, { timeout: 10_000 })
  const bookId = Number(page.url().split('/').at(-2))
  const firstPage = await db().selectFrom('ebook_pages').select('id').where('ebook_id', '=', bookId).executeTakeFirst()
  const origin = new URL(page.url()).origin
  const urls = [`/ebook/${bookId}/posts`, `/ebook/${bookId}/basicinfo`, `/ebook/${bookId}/list`, `/ebook/${bookId}/edit?qpage_id=${firstPage?.id ?? 1}`, `/ebook/${bookId}/download`, `/ebook/${bookId}/pages/${firstPage?.id ?? 1}/picture`, `/ebook/${bookId}/book.pdf`]
  const refused = async (status: number) => {
    // The e-book session first (taken over from the console's or the student's): then the book itself is refused.
    await page.goto('/ebook/login')
    await expect(page).toHaveURL(/\/ebook$/)
    for (const url of urls) expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(status)
    for (const url of urls.slice(0, 5)) expect((await page.request.post(url, { form: { intent: 'all', postId: '1', name: 'x' }, headers: { Origin: origin }, maxRedirects: 0 })).status(), `POST ${url}`).toBe(status)
    expect((await page.request.get(`/diary/homework/${journalId}/student/${studentId}/ebook`, { maxRedirects: 0 })).status()).toBe(status)
  }
  await page.context().clearCookies()
  await signInToConsole(page, other)
  await refused(403)
  await page.context().clearCookies()
  await studentSignIn(page, 'student47@demo.test')
  await refused(403)
  expect((await page.request.get(`/ebook/student/${journalId}`, { maxRedirects: 0 })).status()).toBe(403)
  expect(await db().selectFrom('ebook_posts').select('post_id').where('ebook_id', '=', bookId).execute()).toEqual([])
  expect(await db().selectFrom('ebooks').select('id').where('journal_id', '=', journalId).execute()).toHaveLength(1)
  await page.context().clearCookies()
  const anonymous = await page.request.get(`/ebook/${bookId}/posts`, { maxRedirects: 0 })
  expect([anonymous.status(), anonymous.headers().location]).toEqual([302, '/ebook/login'])
})

test('a student makes their own book from their journal page', NO_JS, async ({ page }, info) => {
  const student = info.project.name === 'js' ? 'student48@demo.test' : 'student49@demo.test'
  const { journalId } = await classWithPosts(info, student, 3)
  await studentSignIn(page, student)
  await page.goto(`/s/journal/${journalId}`)
  await page.getByRole('link', { name: 'Make my e-book' }).click()
  await expect(page).toHaveURL(/\/ebook\/\d+\/posts$/, { timeout: 10_000 })
  await expect(page.getByRole('link', { name: 'Back to my diary' })).toBeVisible()
  await page.getByRole('button', { name: 'Choose all (up to 30)' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 posts chosen' })).toBeVisible()
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(3)
  const book = await bookOf(journalId)
  expect(book).toMatchObject({ made_as: 'student', student_id: await idOf(student) })
})

test('unsaved changes in the page editor ask before leaving', async ({ page }, info) => {
  const { teacher, journalId, studentId } = await classWithPosts(info, 'student50@demo.test', 2)
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/student/${studentId}/ebook`)
  await expect(page).toHaveURL(/\/posts$/, { timeout: 10_000 })
  await page.getByRole('button', { name: 'Choose all (up to 30)' }).click()
  await page.getByRole('navigation', { name: 'Steps of the e-book' }).getByRole('link', { name: 'Pages', exact: true }).click()
  await page.locator('.page-card').first().click()
  await expect(page.getByRole('heading', { name: 'Edit a page' })).toBeVisible()
  const url = page.url()
  await page.getByRole('textbox', { name: 'Book name' }).fill('Not saved yet')
  await expect(page.getByText('Changes not saved yet.')).toBeVisible()
  await page.getByRole('link', { name: 'Next page ›' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Stay' }).click()
  await expect(page).toHaveURL(url)
  await expect(page.getByRole('textbox', { name: 'Book name' })).toHaveValue('Not saved yet')
  await page.getByRole('link', { name: 'Next page ›' }).click()
  await dialog.getByRole('button', { name: 'Leave without saving' }).click()
  await expect(page).not.toHaveURL(url)
  await expect(page.getByRole('heading', { name: 'Edit a page' })).toBeVisible()
})

test('the printed book: the PDF with its progress, every page previewed, downloaded, shared with a password, opened signed out, then sharing stopped', NO_JS, async ({ page, browser }, info) => {
  const js = info.project.name === 'js'
  const { teacher, journalId, studentId } = await classWithPosts(info, js ? 'student38@demo.test' : 'student39@demo.test', 3)
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/student/${studentId}/ebook`)
  await expect(page).toHaveURL(/\/posts$/, { timeout: 10_000 })
  const bookId = Number(page.url().split('/').at(-2))
  await page.getByRole('button', { name: 'Choose all (up to 30)' }).click()
  await expect(page.getByRole('status').filter({ hasText: '3 posts chosen' })).toBeVisible()
  // Every page drawn, but no basic info yet: step 4 stays closed, and its URL sends back to step 2 with the reason (decision 0044).
  await page.goto(`/ebook/${bookId}/list`)
  await expect(page.getByText('7 pages. Choose a page to edit it.')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('navigation', { name: 'Steps of the e-book' })).toContainText('Print(when the basic info is filled in)')
  await expect(page.getByRole('navigation', { name: 'Steps of the e-book' }).getByRole('link', { name: /Print/ })).toHaveCount(0)
  await page.goto(`/ebook/${bookId}/download`)
  await expect(page).toHaveURL(`/ebook/${bookId}/basicinfo?needed=print`)
  await expect(page.getByText('The book prints once its basic info is filled in')).toBeVisible()
  const origin = new URL(page.url()).origin
  expect((await page.request.post(`/ebook/${bookId}/download`, { form: { intent: 'generate' }, headers: { Origin: origin }, maxRedirects: 0 })).headers().location).toBe(`/ebook/${bookId}/basicinfo?needed=print`)
  expect(await db().selectFrom('ebook_exports').select('ebook_id').where('ebook_id', '=', bookId).execute()).toEqual([])
  await page.getByLabel('Book name').fill('Our family keepsake')
  for (const label of ['About the author', 'Thanks', 'Postscript']) await page.getByLabel(label).fill(`${label} text.`)
  await page.getByRole('button', { name: 'Save and go on' }).click()
  await expect(page.getByText('7 pages. Choose a page to edit it.')).toBeVisible({ timeout: 20_000 })
  await page.getByRole('navigation', { name: 'Steps of the e-book' }).getByRole('link', { name: /Print/ }).click()
  await expect(page).toHaveURL(`/ebook/${bookId}/download`)
  // Opening step 4 starts nothing: the pages show, and the PDF is made from the button.
  await expect(page.locator('.page-counter')).toHaveText('Page 1 of 7')
  await expect(page.getByRole('link', { name: 'Download the PDF' })).toHaveCount(0)
  expect(await db().selectFrom('ebook_exports').select('ebook_id').where('ebook_id', '=', bookId).execute()).toEqual([])
  // A job that has not counted its pages yet says what it does, not "0 of 0 pages done."
  const book = await bookOf(journalId)
  const at = new Date().toISOString()
  await db().insertInto('ebook_exports').values({ ebook_id: bookId, status: 'running', book_version: book!.edited_at, pages_done: 0, pages_total: 0, pdf: null, started_at: at, heartbeat_at: at, finished_at: null }).execute()
  await page.reload()
  await expect(page.locator('.ebook-overlay')).toContainText('Counting the pages and getting them ready…')
  await expect(page.locator('.ebook-overlay')).not.toContainText('0 of 0')
  await db().deleteFrom('ebook_exports').where('ebook_id', '=', bookId).execute()
  await page.goto(`/ebook/${bookId}/download`)
  await page.getByRole('button', { name: 'Make the PDF' }).click()
  // The overlay shows while it is made (real pages done); then the preview.
  await expect(page.getByRole('link', { name: 'Download the PDF' })).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('.ebook-overlay')).toHaveCount(0)

  // Through every page with "Next page", then back by the slider's form.
  for (let n = 1; n < 7; n++) {
    await expect(page.locator('.page-counter')).toHaveText(`Page ${n} of 7`)
    await page.getByRole('link', { name: 'Next page ›' }).click()
  }
  await expect(page.locator('.page-counter')).toHaveText('Page 7 of 7')
  await expect(page.getByRole('link', { name: 'Next page ›' })).toHaveCount(0)
  await page.goto(`/ebook/${bookId}/download?page=99`)
  await expect(page.locator('.page-counter')).toHaveText('Page 7 of 7')

  // The file is the book: a PDF of its seven A5 pages, named after it.
  const response = await page.request.get(`/ebook/${bookId}/book.pdf`)
  expect(response.headers()['content-disposition']).toContain('Our family keepsake.pdf')
  const body = await response.body()
  if (js) {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the PDF' }).click()])
    expect(download.suggestedFilename()).toBe('Our family keepsake.pdf')
    expect(readFileSync((await download.path())!)).toEqual(body)
  }
  const doc = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise
  expect(doc.numPages).toBe(7)
  expect(((await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(''))).toContain('Our family keepsake')

  // Share with a password.
  await expect(page.locator('.share-state')).toContainText('Sharing: off')
  await page.getByRole('link', { name: 'Share', exact: true }).click()
  await page.getByLabel('Password (optional)').fill('abc')
  await page.getByRole('button', { name: 'Create the link' }).click()
  await expect(page.getByText('A password has 6 to 64 characters.')).toBeVisible()
  expect(await db().selectFrom('ebook_shares').select('token').where('ebook_id', '=', bookId).execute()).toEqual([])
  // The link's days: 1 to 30 (decision 0047); out of range, nothing is written.
  await page.getByLabel('Password (optional)').fill('family-pass')
  await page.getByLabel('The link works for (days)').fill('99')
  await page.getByRole('button', { name: 'Create the link' }).click()
  await expect(page.getByText('Enter a whole number of days from 1 to 30.')).toBeVisible()
  expect(await db().selectFrom('ebook_shares').select('token').where('ebook_id', '=', bookId).execute()).toEqual([])
  await page.getByLabel('Password (optional)').fill('family-pass')
  await page.getByLabel('The link works for (days)').fill('7')
  await page.getByRole('button', { name: 'Create the link' }).click()
  const link = await page.getByLabel('Link to the book').inputValue()
  expect(link).toMatch(/\/ebook\/share\/[A-Za-z0-9_-]{22}$/)
  await expect(page.getByText('The link asks for its password.')).toBeVisible()
  await expect(page.getByText('The link opens once the student agrees on their page.')).toBeVisible()
  await expect(page.locator('.share-state')).toContainText('Sharing: on')

  // Until the student agrees on their page (decision 0047), the link does not open.
  const family = await browser.newContext({ javaScriptEnabled: js })
  const visitor = await family.newPage()
  const path = new URL(link).pathname
  await visitor.goto(path)
  await expect(visitor.getByRole('heading', { name: 'This link is not open yet' })).toBeVisible()
  const pupil = await (await browser.newContext({ javaScriptEnabled: js })).newPage()
  await studentSignIn(pupil, js ? 'student38@demo.test' : 'student39@demo.test')
  await pupil.locator('.consent-card').filter({ hasText: 'Our family keepsake' }).getByRole('button', { name: 'Yes, I agree' }).click()
  await expect(pupil.getByRole('status')).toHaveText('Thank you. Your family can open the link now.')
  await pupil.context().close()

  // A family member, signed out: the password first, then nothing but the book.
  await visitor.goto(path)
  await expect(visitor.getByRole('heading', { name: 'This book has a password' })).toBeVisible()
  // The PDF's own address (a bookmark, a forwarded link) asks for the password too, as a page.
  const early = await visitor.request.get(`${path}/book.pdf`, { maxRedirects: 0 })
  expect([early.status(), early.headers().location]).toEqual([302, path])
  await visitor.goto(`${path}/book.pdf`)
  await expect(visitor).toHaveURL(path)
  await expect(visitor.getByRole('heading', { name: 'This book has a password' })).toBeVisible()
  await visitor.getByLabel('Password').fill('not-it')
  await visitor.getByRole('button', { name: 'Open the book' }).click()
  await expect(visitor.getByText('The password is not right.')).toBeVisible()
  await visitor.getByLabel('Password').fill('family-pass')
  await visitor.getByRole('button', { name: 'Open the book' }).click()
  await expect(visitor.getByRole('heading', { name: 'Our family keepsake' })).toBeVisible()
  await expect(visitor.locator('.page-counter')).toHaveText('Page 1 of 7')
  await expect(visitor.getByText(teacher)).toHaveCount(0)
  await expect(visitor.getByRole('link', { name: 'Back to the console' })).toHaveCount(0)
  expect((await visitor.request.get(`${path}/book.pdf`)).status()).toBe(200)

  // Sharing stopped: the link is gone.
  await page.getByRole('button', { name: 'Stop sharing' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Sharing stopped.' })).toBeVisible()
  await expect(page.locator('.share-state')).toContainText('Sharing: off')
  expect((await visitor.request.get(path)).status()).toBe(404)
  await family.close()
})

test('the e-book session: taken over from a console session, its own sign-out, the list with search and the choose-a-journal dialog', NO_JS, async ({ page }, info) => {
  const { teacher, journalId, studentId } = await classWithPosts(info, info.project.name === 'js' ? 'student36@demo.test' : 'student37@demo.test', 1)
  // Signed out: a bookmarked e-book page asks to sign in, then comes back to it.
  await page.goto('/ebook')
  await expect(page).toHaveURL('/ebook/login')
  await page.getByRole('link', { name: 'I am a teacher' }).click()
  await page.getByLabel('Account').fill(teacher)
  await page.getByLabel('Password').fill('demo-pass-1')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL('/ebook')
  await expect(page.getByRole('heading', { level: 1, name: 'E-books' })).toBeVisible()
  await expect(page.getByText('No e-books yet')).toBeVisible()
  // The dialog: a teacher goes on to the journal's students.
  await page.getByRole('link', { name: 'Make an e-book' }).click()
  await page.getByRole('dialog', { name: 'Choose the journal' }).getByLabel('Journal').selectOption(String(journalId))
  await page.getByRole('button', { name: 'Next' }).click()
  await expect(page).toHaveURL(`/diary/homework/${journalId}/student`)
  await page.goto(`/diary/homework/${journalId}/student/${studentId}/ebook`)
  await expect(page).toHaveURL(/\/posts$/, { timeout: 10_000 })
  await page.getByRole('link', { name: 'E-books', exact: true }).click()
  await expect(page.locator('table tbody tr')).toHaveCount(1)
  await expect(page.getByText('1 book in all.')).toBeVisible()
  await page.getByLabel('Author').fill('nobody-like-this')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No book by that author.')).toBeVisible()
  // Signing out of the e-book keeps the console's session.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL('/diary')
  // An e-book page opened with the console's session takes it over in place: no redirect at all.
  expect((await page.request.get('/ebook', { maxRedirects: 0 })).status()).toBe(200)
  await page.goto('/ebook')
  await expect(page).toHaveURL('/ebook')
})
