import { expect, test, NO_JS } from './support/test'
import { strFromU8, unzipSync } from 'fflate'
import { readFileSync } from 'node:fs'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { DEMO_PASSWORD, signInToConsole, signOut } from './support/helpers'
import { latestMailTo, mailFilesTo } from './support/mail'
import { newJournalWith } from './support/posts'


test('create a journal: the form refuses bad input and writes nothing, then creates it', NO_JS, async ({ page }, info) => {
  const name = `Class ${info.project.name} ${Date.now().toString(36)}`
  await signInToConsole(page, 'teacher@demo.test')
  await page.getByRole('link', { name: 'New journal' }).click()
  await expect(page).toHaveURL(/\/diary\/homework\/new$/)

  // Empty name, a limit of 0, "expire at" without date and time, a notification without its time.
  await page.getByLabel('Student limit').fill('0')
  await page.getByLabel('Expire at').check()
  await page.getByLabel('When a student submits a post').check()
  await page.getByRole('button', { name: 'Create journal' }).click()
  await expect(page.getByText('This field must not be empty.')).toHaveCount(4) // name, date, time, notification time
  await expect(page.getByText('The limit is at least 1 student.')).toBeVisible()

  // Over the plan's tickets: checked by the server.
  await page.getByLabel('Journal name').fill(name)
  await page.getByLabel('Unlimited').check()
  await page.getByLabel('When a student submits a post').uncheck()
  await page.getByLabel('Student limit').fill('5000')
  await page.getByRole('button', { name: 'Create journal' }).click()
  await expect(page.getByText(/student tickets available for this journal/)).toBeVisible()
  await page.goto('/diary')
  await expect(page.getByRole('heading', { name })).toHaveCount(0)

  await page.getByRole('link', { name: 'New journal' }).click()
  await page.getByLabel('Journal name').fill(name)
  await page.getByLabel('Student limit').fill('5')
  await page.getByRole('button', { name: 'Create journal' }).click()
  await expect(page).toHaveURL(/\/diary\/homework\/\d+\/info$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.locator('.big-code').first()).toHaveText(/^[A-Z0-9]{8}$/)

  // Settings keep what was saved; archive is confirmed and irreversible.
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByLabel('Journal name')).toHaveValue(name)
  await expect(page.getByLabel('Student limit')).toHaveValue('5')
  const journalUrl = page.url().replace(/\/edit$/, '')
  await page.goto(`${journalUrl}/archive`)
  await page.getByRole('button', { name: 'Archive the journal' }).click()
  await expect(page).toHaveURL(/tab=archived/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
  const gone = await page.request.get(`${journalUrl}/info`)
  expect(gone.status()).toBe(404)
})

test('a teacher who is neither owner nor accepted is refused on every journal page and action', async ({ page }) => {
  await signInToConsole(page, 'free@demo.test') // pending on 501 (journal 1), not a member of 502 (journal 2)
  for (const id of [1, 2]) {
    for (const path of ['', '/news', '/info', '/edit', '/archive', '/resource']) {
      const res = await page.request.get(`/diary/homework/${id}${path}`, { maxRedirects: 0 })
      expect([302, 403]).toContain(res.status())
      if (res.status() === 302) expect(res.headers().location).toMatch(/\/news$/)
    }
    const origin = new URL(page.url()).origin
    for (const [path, form] of [
      ['/archive', {}],
      ['/info', { intent: 'generate' }],
      ['/edit', { name: 'taken over' }],
    ] as const) {
      const res = await page.request.post(`/diary/homework/${id}${path}`, { form, headers: { Origin: origin }, maxRedirects: 0 })
      expect(res.status()).toBe(403)
    }
  }
  await page.goto('/diary/homework/2/info')
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
  // The journal's own address (no page of its own: it opens the news) answers with the pages too.
  expect((await page.goto('/diary/homework/2'))?.status()).toBe(403)
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible()
  expect((await page.goto('/diary/homework/999999'))?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
})

test('join with a teacher code: pending until the owner accepts, then the journal opens', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'joiner')
  await signInToConsole(page, account)
  await page.goto('/diary?tab=joined')
  await page.getByLabel('Teacher invitation code').fill('NOPE1234')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page.getByText('Invitation code error.')).toBeVisible()
  await page.getByLabel('Teacher invitation code').fill('TEACH002')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  const card = page.locator('.journal-card', { has: page.getByRole('heading', { name: '502 Feelings Journal' }) })
  await expect(card.getByText('Join pending')).toBeVisible()
  expect((await page.request.get('/diary/homework/2/info')).status()).toBe(403)
  await page.getByLabel('Teacher invitation code').fill('TEACH002')
  await page.getByRole('button', { name: 'Join', exact: true }).click()
  await expect(page.getByText('You cannot join this journal.')).toBeVisible()
  await signOut(page)

  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/2/info')
  const row = page.locator('.people li', { hasText: account })
  await row.getByRole('button', { name: 'Accept' }).click()
  await expect(row.getByText('Accepted')).toBeVisible()
  await signOut(page)

  await signInToConsole(page, account)
  await page.goto('/diary?tab=joined')
  await card.getByRole('link', { name: 'View' }).click()
  await expect(page).toHaveURL(/\/diary\/homework\/2\/news$/)
  await page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Journal info' }).click()
  // An accepted teacher sees the journal but not the owner's invitation and settings controls.
  await expect(page.getByRole('heading', { name: '502 Feelings Journal' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveCount(0)
  expect((await page.request.get('/diary/homework/2/edit')).status()).toBe(403)
})

test('teacher invitations: the .docx opens as a Word document; the e-mail arrives and its link joins', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/3/info')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the invitation (.docx)' }).click()])
  expect(download.suggestedFilename()).toBe('Invitation - 日本語クラブ日記.docx')
  const files = unzipSync(readFileSync((await download.path())!))
  expect(strFromU8(files['[Content_Types].xml'])).toContain('wordprocessingml.document.main+xml')
  const body = strFromU8(files['word/document.xml'])
  expect(body).toContain('TEACH003')
  expect(body).toContain('日本語クラブ日記')

  // Required, then the e-mail pattern: the message shows and nothing is sent.
  const colleague = await newTeacher(info, 'invited')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('This field must not be empty.')).toBeVisible()
  await page.getByLabel("Colleague's e-mail address").fill('not-an-email')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('The e-mail format is not valid.')).toBeVisible()

  await page.getByLabel("Colleague's e-mail address").fill(colleague)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status')).toContainText(`Invitation sent to ${colleague}.`)
  const mail = await latestMailTo(colleague)
  // The action sends before it answers, so a mail of a refused try would be here already: only this one is.
  expect(mailFilesTo(colleague)).toHaveLength(1)
  expect(mailFilesTo('not-an-email')).toEqual([])
  const link = mail.match(/https?:\/\/\S+\/drpb\/TEACH003/)?.[0]
  expect(link).toBeTruthy()
  await signOut(page)

  // The link leads through sign-in back to the confirmation; joining waits for the owner.
  await page.goto(link!)
  await expect(page).toHaveURL(/\/login/)
  await page.getByLabel('Account').fill(colleague)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Join “日本語クラブ日記” as a teacher?' })).toBeVisible()
  await page.getByRole('button', { name: 'Join the journal' }).click()
  await expect(page).toHaveURL(/\/diary\?tab=joined$/)
  const card = page.locator('.journal-card', { has: page.getByRole('heading', { name: '日本語クラブ日記' }) })
  await expect(card.getByText('Join pending')).toBeVisible()
})

test('typing before the form\'s checks have downloaded (a slow PC) waits for the next submit: no stray request, no error page', async ({ page }) => {
  // The schema's chunk is held back, as on a slow network: the first submit is checked by the server.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/validate-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const posted: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') posted.push(r.postData() ?? '')
  })
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/3/info')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('This field must not be empty.')).toBeVisible()
  await page.getByLabel("Colleague's e-mail address").fill('not-an-email')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('The e-mail format is not valid.')).toBeVisible()
  expect(posted).toHaveLength(2)
  expect(posted.every((body) => body.includes('intent=invite-email') && !body.includes('__intent__'))).toBe(true)

  // Once the checks arrive, typing revalidates in the browser again.
  // The chunk still has to arrive and run after it is let go: type again until the browser answers.
  release()
  await expect(async () => {
    await page.getByLabel("Colleague's e-mail address").fill('still-not')
    await page.getByLabel("Colleague's e-mail address").fill('')
    await expect(page.getByText('This field must not be empty.')).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 10_000 })
  expect(posted).toHaveLength(2)
})

test('the homework lock: the plan-expired notice, no lists, and every journal action refused', async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'expired', { planEnded: true }))
  await expect(page.getByRole('alert').first()).toContainText(/plan has expired/i)
  await expect(page.getByText('Locked: the plan has expired')).toBeVisible()
  await expect(page.getByRole('link', { name: 'New journal' })).toHaveCount(0)
  await page.goto('/diary?tab=joined')
  await expect(page.getByLabel('Teacher invitation code')).toHaveCount(0)
  const origin = new URL(page.url()).origin
  for (const form of [{ intent: 'join', code: 'TEACH002' }, { intent: 'sample-code', sampleCode: 'BOOKFREE' }] as Record<string, string>[]) {
    const res = await page.request.post('/diary', { form, headers: { Origin: origin }, maxRedirects: 0 })
    expect(res.status()).toBe(403)
  }
  const create = await page.request.get('/diary/homework/new', { maxRedirects: 0 })
  expect(create.status()).toBe(302)
  expect(create.headers().location).toBe('/diary')
})

test('journal info: "Generate a new code" gives the journal a new student code that works for a week', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'gencode')
  const journal = await newJournalWith(account, 'Code diary', [])
  // A code older than its 7 days: students can no longer join with it.
  await db().updateTable('journals').set({ invite_code_expires_at: new Date(Date.now() - 86_400_000).toISOString() }).where('id', '=', journal).execute()
  const old = await db().selectFrom('journals').select('invite_code').where('id', '=', journal).executeTakeFirstOrThrow()
  await signInToConsole(page, account)
  await page.goto(`/diary/homework/${journal}/info`)
  await page.getByRole('button', { name: 'Generate a new code' }).click()
  await expect(page.getByRole('status')).toHaveText('A new code was generated.')
  const row = await db().selectFrom('journals').select(['invite_code', 'invite_code_expires_at']).where('id', '=', journal).executeTakeFirstOrThrow()
  expect(row.invite_code).not.toBe(old.invite_code)
  await expect(page.locator('.big-code', { hasText: row.invite_code! })).toBeVisible()
  const days = (Date.parse(row.invite_code_expires_at!) - Date.now()) / 86_400_000
  expect(days).toBeGreaterThan(6.9)
  // Again: another code replaces it.
  await page.getByRole('button', { name: 'Generate a new code' }).click()
  await expect(page.locator('.big-code', { hasText: row.invite_code! })).toHaveCount(0)
})

test('the label colour swatches show seven different colours', async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'swatch'))
  await page.goto('/diary/homework/new')
  const colours = await page.locator('.swatch .dot').evaluateAll((dots) => dots.map((d) => getComputedStyle(d).backgroundColor))
  expect(colours).toHaveLength(7)
  expect(new Set(colours).size).toBe(7)
})
