import { expect, test, type Page, NO_JS } from './support/test'
import sharp from 'sharp'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { DEMO_PASSWORD, signIn, signInToConsole, uniqueAccount } from './support/helpers'
import { codeIn, latestMailTo } from './support/mail'
import { providerLogin } from './support/oidc'

const userRow = (account: string) => db().selectFrom('users').selectAll().where('account', '=', account).executeTakeFirstOrThrow()

async function openEdit(page: Page, label: string) {
  await page.goto('/setting/user')
  await page.getByRole('link', { name: `Edit: ${label}` }).click()
}

test('profile: a name is required, a date that does not exist is refused, then the profile saves', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'profile')
  await signInToConsole(page, account)
  await openEdit(page, 'Profile')
  const dialog = page.getByRole('dialog', { name: 'Edit profile' })
  await dialog.getByLabel('Name', { exact: true }).fill('')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText('This field must not be empty.')).toBeVisible()
  expect((await userRow(account)).name).toBe('Test profile')

  await dialog.getByLabel('Name', { exact: true }).fill('Chen Ya-ting')
  await dialog.getByLabel('Nickname').fill('Ms Chen')
  await dialog.getByLabel('Year').selectOption('2000')
  await dialog.getByLabel('Month').selectOption('2')
  if (info.project.name === 'js') {
    // The days follow the month: February 2000 has 29.
    await expect(dialog.getByLabel('Day').locator('option')).toHaveCount(30)
    await dialog.getByLabel('Day').selectOption('29')
  } else {
    // Without the script every month lists 31 days; the server refuses 31 February.
    await dialog.getByLabel('Day').selectOption('31')
    await dialog.getByLabel('Female').check()
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('This date does not exist.')).toBeVisible()
    expect((await userRow(account)).birthday).toBeNull()
    await page.getByLabel('Day').selectOption('29')
  }
  await page.getByLabel('Female').check()
  await page.getByRole('dialog', { name: 'Edit profile' }).getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/setting\/user$/)
  await expect(page.getByRole('status')).toHaveText('Saved.')
  await expect(page.getByText('Nickname: Ms Chen · Birthday: 2000-02-29 · Gender: Female')).toBeVisible()
  // The session's user name follows (through /refresh).
  await expect(page.locator('.user-menu .user-name')).toHaveText('Chen Ya-ting')
})

test('account and password: mismatch and a wrong current password write nothing; then both change', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'password')
  const other = await newTeacher(info, 'taken')
  await signInToConsole(page, account)
  await openEdit(page, 'Account and password')
  const dialog = page.getByRole('dialog', { name: 'Account and password' })
  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD)
  await dialog.getByLabel('New password', { exact: true }).fill('changed-pass-1')
  await dialog.getByLabel('Repeat the new password').fill('changed-pass-2')
  await dialog.getByLabel('Repeat the new password').press('Enter')
  await expect(page.getByText('The new passwords do not match.')).toBeVisible()

  const form = page.getByRole('dialog', { name: 'Account and password' })
  await form.getByLabel('Current password').fill('not-my-password')
  await form.getByLabel('New password', { exact: true }).fill('changed-pass-1')
  await form.getByLabel('Repeat the new password').fill('changed-pass-1')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The current password is wrong.')).toBeVisible()

  await page.getByRole('dialog', { name: 'Account and password' }).getByLabel('Account', { exact: true }).fill(other)
  await page.getByLabel('Current password').fill(DEMO_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-1')
  await page.getByLabel('Repeat the new password').fill('changed-pass-1')
  await page.getByRole('dialog', { name: 'Account and password' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This account already exists.')).toBeVisible()
  expect((await userRow(account)).account).toBe(account)

  const renamed = uniqueAccount(info, 'renamed')
  await page.getByRole('dialog', { name: 'Account and password' }).getByLabel('Account', { exact: true }).fill(renamed)
  await page.getByLabel('Current password').fill(DEMO_PASSWORD)
  await page.getByLabel('New password', { exact: true }).fill('changed-pass-1')
  await page.getByLabel('Repeat the new password').fill('changed-pass-1')
  await page.getByRole('dialog', { name: 'Account and password' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved.')
  await page.context().clearCookies()
  await signIn(page, renamed, 'changed-pass-1')
  await expect(page).toHaveURL(/\/diary$/)
})

test('avatar: checked by content and size, stored as a 200x200 square', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'avatar')
  await signInToConsole(page, account)
  await openEdit(page, 'Avatar')
  const file = page.getByLabel('Picture (PNG or JPEG, up to 5 MB)')
  await file.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') })
  await page.getByRole('dialog', { name: 'Change avatar' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Choose a PNG or JPEG picture.')).toBeVisible()
  expect((await userRow(account)).avatar_url).toBeNull()

  const big = await sharp({ create: { width: 1400, height: 1400, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png({ compressionLevel: 0 }).toBuffer()
  await page.getByLabel('Picture (PNG or JPEG, up to 5 MB)').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big })
  await page.getByRole('dialog', { name: 'Change avatar' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The picture is larger than 5 MB.')).toBeVisible()

  const wide = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3a7' } }).jpeg().toBuffer()
  await page.getByLabel('Picture (PNG or JPEG, up to 5 MB)').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: wide })
  if (info.project.name === 'js') await expect(page.getByLabel('Zoom')).toBeVisible()
  await page.getByRole('dialog', { name: 'Change avatar' }).getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved.')
  const url = (await userRow(account)).avatar_url!
  expect(url).toMatch(/^\/avatars\//)
  await expect(page.locator(`img.avatar[src="${url}"]`)).toBeVisible()
  const response = await page.request.get(url)
  const meta = await sharp(await response.body()).metadata()
  expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200])
})

test('language: saved to the account, and the page comes back in it', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'language')
  await signInToConsole(page, account)
  await openEdit(page, 'Language')
  await page.getByRole('dialog', { name: 'Language' }).getByLabel('Language').selectOption('ja')
  await page.getByRole('dialog', { name: 'Language' }).getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/setting\/user$/)
  await expect(page.getByRole('heading', { name: 'アカウント設定' })).toBeVisible()
  expect((await userRow(account)).locale).toBe('ja')
})

test('e-mail: another account\'s address is refused (-2); a mailed code changes it', NO_JS, async ({ page }, info) => {
  const account = await newTeacher(info, 'mail')
  const other = await newTeacher(info, 'mailother')
  await signInToConsole(page, account)
  await openEdit(page, 'E-mail')
  await page.getByRole('dialog', { name: 'Change e-mail' }).getByLabel('New e-mail').fill(other)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText('This e-mail is duplicated.')).toBeVisible()

  const address = uniqueAccount(info, 'newaddress')
  await page.getByRole('dialog', { name: 'Change e-mail' }).getByLabel('New e-mail').fill(address)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByText(`A code was sent to ${address}.`)).toBeVisible()
  await page.getByLabel('Verification code').fill(codeIn(await latestMailTo(address)))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('status')).toHaveText('Your e-mail was changed.')
  expect((await userRow(account)).email).toBe(address)
})

test('binding Google from settings: bound once; the same Google login on another account is -2', NO_JS, async ({ page }, info) => {
  const first = await newTeacher(info, 'bind1')
  const second = await newTeacher(info, 'bind2')
  const login = uniqueAccount(info, 'g-person')
  await signInToConsole(page, first)
  await page.goto('/setting/user')
  await page.locator('.settings-row', { hasText: 'Google' }).getByRole('button', { name: 'Bind' }).click()
  await providerLogin(page, login)
  await expect(page).toHaveURL(/\/setting\/user$/)
  await expect(page.getByRole('status')).toHaveText('The account was bound.')
  await expect(page.locator('.settings-row', { hasText: 'Google' }).getByText('Bound', { exact: true })).toBeVisible()

  await page.context().clearCookies()
  await signInToConsole(page, second)
  await page.goto('/setting/user')
  await page.locator('.settings-row', { hasText: 'Google' }).getByRole('button', { name: 'Bind' }).click()
  await providerLogin(page, login)
  await expect(page).toHaveURL(/\/setting\/user$/)
  await expect(page.getByRole('alert')).toHaveText('This sign-in is already bound to another account.')
  const identities = await db().selectFrom('user_identities as i').innerJoin('users as u', 'u.id', 'i.user_id').select('u.account').where('i.platform', '=', 'google').where('i.subject', '=', `sub-${login}`).execute()
  expect(identities).toEqual([{ account: first }])
})

test('an avatar over 5 MB gets the field message; a body over the form limits gets 413 with the same message', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'hugebody'))
  const headers = { Origin: new URL(page.url()).origin }
  const avatar = (bytes: number) => ({ intent: 'avatar', avatar: { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(bytes) } })
  const big = await page.request.post('/setting/user', { multipart: avatar(7 * 1024 * 1024), headers })
  expect(big.status()).toBe(400)
  expect(await big.text()).toContain('The picture is larger than 5 MB.')
  // Over the form reader's limits: 413, with the same dialog and message (e2e/uploads.spec.ts sends 50 MB).
  const huge = await page.request.post('/setting/user', { multipart: avatar(12 * 1024 * 1024), headers })
  expect(huge.status()).toBe(413)
  expect(await huge.text()).toContain('The picture is larger than 5 MB.')
})
