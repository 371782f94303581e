import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { uniqueAccount } from './support/helpers'
import { providerLogin } from './support/oidc'

const identitiesOf = (account: string) =>
  db()
    .selectFrom('user_identities as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select(['i.platform', 'u.account'])
    .where('u.account', '=', account)
    .execute()

test('Google: the first sign-in registers the teacher, a returning one signs the same account in', NO_JS, async ({ page }, info) => {
  const email = uniqueAccount(info, 'google')
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await providerLogin(page, email)
  // The provider verified the address: the profile setup comes next.
  await expect(page).toHaveURL(/\/setting\/basicInfo$/)
  expect(await identitiesOf(email)).toEqual([{ platform: 'google', account: email }])

  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await providerLogin(page, email)
  await expect(page).toHaveURL(/\/setting\/basicInfo$/)
  const users = await db().selectFrom('users').select('id').where('account', '=', email).execute()
  expect(users).toHaveLength(1)
})

test('education cloud, -010200: yes binds the provider to the existing account and signs in', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'edu-yes')
  const paths: string[] = []
  page.on('request', (request) => paths.push(new URL(request.url()).pathname))
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Education cloud' }).click()
  await providerLogin(page, account)
  const dialog = page.getByRole('dialog', { name: 'This e-mail already has an account' })
  await expect(dialog).toContainText(`${account} already has an account here`)
  await dialog.getByRole('button', { name: 'Yes, bind and sign in' }).click()
  await expect(page).toHaveURL(/\/diary$/)
  expect(await identitiesOf(account)).toEqual([{ platform: 'openid', account }])
  // The education cloud of the tests is registered to return to /login/redirect.
  expect(paths).toContain('/login/redirect')
})

test('education cloud, -010200: no goes back to /login and binds nothing', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'edu-no')
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Education cloud' }).click()
  await providerLogin(page, account)
  await page.getByRole('button', { name: 'No', exact: true }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(await identitiesOf(account)).toEqual([])
})

test('an address the provider did not verify is never joined to an existing account', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'unverified')
  await db().updateTable('users').set({ account: `unverified+${account}` }).where('account', '=', account).execute()
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await providerLogin(page, `unverified+${account}`)
  await expect(page.getByRole('heading', { name: 'Sign-in was not completed' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('did not confirm this e-mail address')
  expect(await identitiesOf(`unverified+${account}`)).toEqual([])
})

test('a replayed or forged callback is refused with a clear error', NO_JS, async ({ page }, info) => {
  const email = uniqueAccount(info, 'replay')
  let callback = ''
  page.on('request', (request) => {
    if (request.url().includes('/oauth/login/google/redirect?')) callback ||= request.url()
  })
  await page.goto('/login')
  await page.getByRole('button', { name: 'Continue with Google' }).click()
  await providerLogin(page, email)
  await expect(page).toHaveURL(/\/setting\/basicInfo$/)
  expect(callback).toContain('code=')

  const replay = await page.goto(callback)
  expect(replay?.status()).toBe(400)
  await expect(page.getByRole('heading', { name: 'Sign-in was not completed' })).toBeVisible()

  await page.context().clearCookies()
  const forged = await page.goto('/oauth/login/google/redirect?code=made-up&state=made-up')
  expect(forged?.status()).toBe(400)
  await expect(page.getByRole('alert')).toContainText('has expired, was already used, or did not come from this page')
  await expect(page.getByRole('link', { name: 'Back to the login page' })).toBeVisible()
})
