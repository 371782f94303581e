import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith } from './support/posts'

const DAY = 86_400_000
const at = (days: number) => new Date(Date.now() + days * DAY).toISOString()

async function codesFor(account: string) {
  const owner = (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id
  const journal = await newJournalWith(account, `Codes of ${account}`, [])
  const student = (await db().selectFrom('users').select('id').where('account', '=', 'student05@demo.test').executeTakeFirstOrThrow()).id
  const add = async (extra: object) =>
    (
      await db()
        .insertInto('plan_codes')
        .values({ exchange_code: null, owner_id: owner, book_id: null, plan_days: 30, student_limit: 1, exchange_expire_date: at(100), sold_date: null, used_by: null, use_date: null, use_expire_date: null, journal_id: journal, created_at: at(-10), ...extra })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const tag = account.split('@')[0].replace(/[^a-z0-9]/gi, '').toUpperCase().slice(-8)
  return {
    journal,
    unsold: await add({}),
    sold: await add({ sold_date: at(-1), exchange_code: `S${tag}` }),
    inUse: await add({ sold_date: at(-3), exchange_code: `U${tag}`, used_by: student, use_date: at(-2), use_expire_date: at(28) }),
    expired: await add({ sold_date: at(-90), exchange_code: `E${tag}`, used_by: student, use_date: at(-89), use_expire_date: at(-59) }),
    tag,
  }
}

test('filters: by status, by journal (which clears "not bound"), by code', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'codes')
  const codes = await codesFor(account)
  await signInToConsole(page, account)
  await page.goto('/my/ucp')
  await expect(page.locator('tbody tr')).toHaveCount(4)
  await page.getByLabel('Status').selectOption({ label: 'In use' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(page.locator('tbody tr')).toContainText(`U${codes.tag}`)
  await page.getByLabel('Status').selectOption({ label: 'Not bound' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No login codes match.')).toBeVisible()
  await page.getByLabel('Journal').selectOption(String(codes.journal))
  await page.getByRole('button', { name: 'Search' }).click()
  // The journal cleared "not bound": every code of the journal shows, and the option is gone.
  await expect(page.locator('tbody tr')).toHaveCount(4)
  await expect(page.getByLabel('Status').locator('option', { hasText: 'Not bound' })).toHaveCount(0)
  await page.goto(`/my/ucp?code=E${codes.tag}`)
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(page.locator('tbody tr')).toContainText('Expired or invalid')
})

test('actions: sold, new exchange code, release (asking about the journal), renew without a spare plan, comment', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'codeact')
  const codes = await codesFor(account)
  await signInToConsole(page, account)
  await page.goto('/my/ucp')
  // Case-sensitive: a string would also match the journal's name, which holds the account in lower case.
  const row = (code: string) => page.locator('tbody tr', { hasText: new RegExp(code) })
  const unsold = page.locator('tbody tr', { hasText: 'Unsold' })
  await unsold.getByRole('button', { name: 'Mark sold' }).click()
  await expect(page.getByRole('status')).toHaveText('The code was marked sold.')
  await page.locator('tbody tr', { hasText: 'no code yet' }).getByRole('button', { name: 'New exchange code' }).click()
  await expect(page.getByRole('status')).toHaveText('A new exchange code was made.')
  const made = await db().selectFrom('plan_codes').select('exchange_code').where('id', '=', codes.unsold).executeTakeFirstOrThrow()
  await expect(row(made.exchange_code!)).toContainText('Sold, not redeemed')

  await row(`S${codes.tag}`).getByRole('link', { name: 'Release' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Release this code' })
  await expect(dialog).toContainText(`Codes of ${account}`)
  await dialog.getByRole('button', { name: 'Release and remove the journal' }).click()
  await expect(page.getByRole('status')).toHaveText('The code was released.')
  const released = await db().selectFrom('plan_codes').select(['sold_date', 'exchange_code', 'journal_id']).where('id', '=', codes.sold).executeTakeFirstOrThrow()
  expect(released).toEqual({ sold_date: null, exchange_code: null, journal_id: null })

  // The released code is now an unused, unbound plan: the expired code renews with it once.
  await row(`E${codes.tag}`).getByRole('button', { name: 'Renew' }).click()
  await expect(page.getByRole('status')).toHaveText('The code was renewed.')
  await db().updateTable('plan_codes').set({ use_expire_date: at(-1) }).where('id', '=', codes.expired).execute()
  await page.goto('/my/ucp')
  await row(`E${codes.tag}`).getByRole('button', { name: 'Renew' }).click()
  await expect(page.getByRole('alert')).toHaveText('There is no unused plan left to renew with.')

  await row(`U${codes.tag}`).getByRole('link', { name: 'Comment' }).click()
  await page.getByRole('button', { name: 'Save comment' }).click()
  await expect(page.getByRole('alert')).toHaveText('This field must not be empty.')
  expect(await db().selectFrom('plan_code_comments').select('id').where('plan_code_id', '=', codes.inUse).execute()).toEqual([])
  await page.getByLabel('Comment', { exact: true }).fill('Paid by the class fund')
  await page.getByRole('button', { name: 'Save comment' }).click()
  await expect(page.getByRole('status')).toHaveText('The comment was saved.')
  await row(`U${codes.tag}`).getByRole('link', { name: 'Details' }).click()
  await expect(page.getByRole('dialog', { name: `Code U${codes.tag}` })).toContainText('Paid by the class fund')
})

test('another teacher\'s code is refused on the server', async ({ page }, info) => {
  const owner = await newTeacher(info, 'codeowner')
  const codes = await codesFor(owner)
  await signInToConsole(page, await newTeacher(info, 'codethief'))
  await page.goto('/my/ucp')
  const origin = new URL(page.url()).origin
  for (const intent of ['sold', 'release', 'newCode', 'renew']) {
    const response = await page.request.post('/my/ucp', { form: { intent, id: String(codes.unsold) }, headers: { Origin: origin }, maxRedirects: 0 })
    expect(response.status()).toBe(302)
  }
  expect((await page.request.post('/my/ucp', { form: { intent: 'comment', id: String(codes.unsold), comment: 'mine now' }, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(404)
  const row = await db().selectFrom('plan_codes').select(['sold_date', 'exchange_code']).where('id', '=', codes.unsold).executeTakeFirstOrThrow()
  expect(row).toEqual({ sold_date: null, exchange_code: null })
})

test('a comment keeps no control characters; one made of them alone is empty', async ({ page }, info) => {
  const account = await newTeacher(info, 'codectl')
  const codes = await codesFor(account)
  await signInToConsole(page, account)
  const origin = new URL(page.url()).origin
  const comment = (text: string) => page.request.post(`/my/ucp?comment=${codes.inUse}`, { form: { intent: 'comment', id: String(codes.inUse), comment: text }, headers: { Origin: origin }, maxRedirects: 0 })
  const empty = await comment('\u0000\u0008\u000b\u001b ')
  expect(empty.status()).toBe(400)
  expect(await empty.text()).toContain('This field must not be empty.')
  expect((await comment('Paid\u0000 by the\u0008 class\u000b fund\u001b[0m')).status()).toBe(302)
  expect(await db().selectFrom('plan_code_comments').select('comment').where('plan_code_id', '=', codes.inUse).execute()).toEqual([{ comment: 'Paid by the class fund[0m' }])
})
