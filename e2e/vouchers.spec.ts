import { expect, test, NO_JS } from './support/test'
import { addDays, todayDate } from '../app/shared/dates'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, signOut, signUp, uniqueAccount } from './support/helpers'
import { codeIn, latestMailTo } from './support/mail'

const userId = async (account: string) => (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id

async function giveVoucher(account: string, code: string, expireDate = addDays(todayDate(), 90)) {
  const plan = await db().selectFrom('plans').select('id').where('code', '=', 'standard').executeTakeFirstOrThrow()
  await db()
    .insertInto('vouchers')
    .values({ code, owner_id: await userId(account), plan_id: plan.id, days: 30, status: 1, expire_date: expireDate, source_key: null, transferred_to: null, used_at: null, created_at: new Date().toISOString() })
    .execute()
}

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()

test('redeem: required, -1, -2 and -3 each say so; a good code moves the voucher and the giver sees it transferred', NO_JS, async ({ page }, info) => {
  const giver = await newTeacher(info, 'giver')
  const taker = await newTeacher(info, 'taker')
  const gift = uniqueCode('G')
  const mine = uniqueCode('M')
  await giveVoucher(giver, gift)
  await giveVoucher(taker, mine)
  await signInToConsole(page, taker)
  await page.goto('/voucher')
  const redeem = async (code: string) => {
    await page.getByLabel('Voucher code').fill(code)
    await page.getByRole('button', { name: 'Redeem' }).click()
  }
  await redeem('')
  await expect(page.getByRole('alert')).toHaveText('This field must not be empty.')
  await redeem('NO-SUCH-CODE')
  await expect(page.getByRole('alert')).toHaveText('This voucher is not available.')
  await redeem(mine)
  await expect(page.getByRole('alert')).toHaveText('You cannot redeem your own code.')
  await redeem(gift.toLowerCase())
  await expect(page.getByRole('status')).toHaveText('The voucher was added to your unused vouchers.')
  await expect(page.locator('tbody tr')).toHaveCount(2)
  await redeem(gift)
  await expect(page.getByRole('alert')).toHaveText('This voucher has already been used.')

  await page.context().clearCookies()
  await signInToConsole(page, giver)
  await page.goto('/voucher?tab=history')
  await expect(page.locator('tbody tr', { hasText: gift })).toContainText('Transferred')
})

test('use: the plan changes at once; a second one is refused while it runs; an expired one says so', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'user')
  await giveVoucher(account, uniqueCode('A'))
  await giveVoucher(account, uniqueCode('B'))
  const old = uniqueCode('O')
  await giveVoucher(account, old, addDays(todayDate(), -3))
  await signInToConsole(page, account)
  await page.goto('/voucher')
  await expect(page.locator('tbody tr', { hasText: old })).toContainText('expired')
  // An expired voucher offers no "Use"; posting its id anyway is refused with -3.
  await expect(page.locator('tbody tr', { hasText: old }).getByRole('button', { name: 'Use' })).toHaveCount(0)
  const oldId = (await db().selectFrom('vouchers').select('id').where('code', '=', old).executeTakeFirstOrThrow()).id
  await page.request.post('/voucher', { form: { intent: 'use', id: String(oldId) }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  await page.goto('/voucher')
  await expect(page.getByRole('alert')).toHaveText('This voucher has expired.')

  await page.locator('tbody tr', { hasNotText: old }).first().getByRole('button', { name: 'Use' }).click()
  await expect(page.getByRole('status')).toHaveText('The voucher was used: your plan has changed.')
  // The session's plan follows at once: the user menu names the new plan.
  await expect(page.locator('details.user-menu .meta')).toContainText('Standard')
  await page.goto('/voucher?tab=history')
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(page.locator('tbody tr')).toContainText('Used')

  await page.goto('/voucher')
  await page.locator('tbody tr', { hasNotText: old }).first().getByRole('button', { name: 'Use' }).click()
  await expect(page.getByRole('alert')).toHaveText('A plan is already in use.')
})

test('a voucher of another teacher cannot be used by posting its id', async ({ page }, info) => {
  const owner = await newTeacher(info, 'owner')
  const other = await newTeacher(info, 'other')
  const code = uniqueCode('X')
  await giveVoucher(owner, code)
  const voucher = await db().selectFrom('vouchers').select('id').where('code', '=', code).executeTakeFirstOrThrow()
  await signInToConsole(page, other)
  await page.goto('/voucher')
  const response = await page.request.post('/voucher', { form: { intent: 'use', id: String(voucher.id) }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  const row = await db().selectFrom('vouchers').select(['status', 'owner_id']).where('id', '=', voucher.id).executeTakeFirstOrThrow()
  expect(row).toEqual({ status: 1, owner_id: await userId(owner) })
  // Not an id at all: refused before any query.
  const garbage = await page.request.post('/voucher', { form: { intent: 'use', id: 'abc' }, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(garbage.status()).toBe(400)
})

test('invitations: the link brings a new teacher through sign-up; 3 friends earn a trial voucher', NO_JS, async ({ page }, info) => {
  const inviter = await newTeacher(info, 'inviter')
  await signInToConsole(page, inviter)
  await page.goto('/invite')
  await expect(page.getByRole('status')).toContainText('3 more friends to your next voucher (0 registered so far).')
  const link = await page.getByLabel('Invitation link').inputValue()
  const code = link.split('/drpb/')[1]
  await signOut(page)

  // Two friends registered already (written straight in); the third comes through the link.
  for (const n of [1, 2]) {
    const friend = await newTeacher(info, `friend${n}`)
    await db().updateTable('users').set({ invited_by: await userId(inviter) }).where('account', '=', friend).execute()
  }
  const newcomer = uniqueAccount(info, 'newcomer')
  await page.goto(new URL(link).pathname)
  await expect(page).toHaveURL(/\/login/)
  await signUp(page, newcomer)
  await expect(page).toHaveURL(/\/setting\/email$/)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Verification code').fill(codeIn(await latestMailTo(newcomer)))
  await page.getByRole('button', { name: 'Verify' }).click()
  await page.getByLabel('Name').fill('New Comer')
  await page.getByLabel('Female').check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByLabel('Country or region').fill('TW')
  await page.getByLabel('School', { exact: true }).fill('Sunrise Junior High')
  await page.getByLabel('Position').fill('Teacher')
  await page.getByRole('button', { name: 'Finish' }).click()
  // Back to the kept path: it shows the code; opening it changed nothing, the button applies it.
  await expect(page).toHaveURL(new RegExp(`/drpb/${code}$`))
  await expect(page.getByRole('heading', { name: "A friend's invitation" })).toBeVisible()
  expect((await db().selectFrom('users').select('invited_by').where('account', '=', newcomer).executeTakeFirstOrThrow()).invited_by).toBeNull()
  await page.getByRole('button', { name: 'Use the invitation' }).click()
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.getByRole('status')).toHaveText('The invitation code was applied.')
  await page.goto(`/drpb/${code}`)
  await page.getByRole('button', { name: 'Use the invitation' }).click()
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.getByRole('alert')).toHaveText('You have already been invited by a friend.')
  await signOut(page)

  await signInToConsole(page, inviter)
  await page.goto('/invite')
  await expect(page.getByRole('status')).toContainText('3 more friends to your next voucher (3 registered so far).')
  await expect(page.locator('tbody tr', { hasText: newcomer })).toBeVisible()
  await page.goto('/voucher')
  await expect(page.locator('tbody tr')).toContainText('Standard plan, 30 days')
  await page.goto(`/drpb/${code}`)
  await page.getByRole('button', { name: 'Use the invitation' }).click()
  await expect(page.getByRole('alert')).toHaveText('This is your own invitation code.')
})

test('a wrong invitation code shows the error toast and still goes to /diary', NO_JS, async ({ page }, info) => {
  // The page's clock is the test's: the time a message stays is run forward, not waited for.
  await page.clock.install()
  await signInToConsole(page, await newTeacher(info, 'wrongcode'))
  await page.goto('/drpb/NOT-A-CODE')
  await page.getByRole('button', { name: 'Use the invitation' }).click()
  await expect(page).toHaveURL(/\/diary$/)
  await expect(page.getByRole('alert')).toHaveText('The invitation code is wrong.')
  // An error stays until it is closed (with or without JavaScript), and is read once.
  await page.clock.runFor(5_000)
  await expect(page.getByRole('alert')).toBeVisible()
  await page.getByText('×').click()
  await expect(page.getByRole('alert')).toBeHidden()
  await page.reload()
  await expect(page.getByText('The invitation code is wrong.')).toHaveCount(0)
})
