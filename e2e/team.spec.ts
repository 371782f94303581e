import { expect, test, type Page, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'

const idOf = async (account: string) => (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id

/** A team of its own for each test: members by role id, with a plan in progress for `limit` members. */
async function newTeam(members: [string, number][], limit = 10) {
  const now = Date.now()
  const team = await db().insertInto('teams').values({ name: `Team ${now.toString(36)}`, school_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()
  const plan = await db().selectFrom('plans').select('id').where('code', '=', 'team').executeTakeFirstOrThrow()
  await db()
    .insertInto('team_plans')
    .values({ team_id: team.id, plan_id: plan.id, start_date: new Date(now - 86_400_000).toISOString(), end_date: new Date(now + 100 * 86_400_000).toISOString(), number_limit: limit, student_limit: 50, status: 1, created_at: new Date().toISOString() })
    .execute()
  for (const [account, role] of members) await db().insertInto('team_members').values({ team_id: team.id, user_id: await idOf(account), role_id: role, joined_at: new Date().toISOString() }).execute()
  return team.id
}

const roleOf = async (account: string) => (await db().selectFrom('team_members').select('role_id').where('user_id', '=', await idOf(account)).executeTakeFirst())?.role_id ?? null
const post = (page: Page, form: Record<string, string>) => page.request.post('/team/my', { form, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })

test('members: search, the add codes, add with a role, change a role, remove', NO_JS, async ({ page }, info) => {
  const admin = await newTeacher(info, 'tadmin')
  const teacher = await newTeacher(info, 'tteacher')
  const outsider = await newTeacher(info, 'toutside')
  const elsewhere = await newTeacher(info, 'telse')
  await newTeam([[admin, 2], [teacher, 4]])
  await newTeam([[elsewhere, 2]])
  await signInToConsole(page, admin)
  await page.goto('/team/my')
  await expect(page.getByText('Members: 2/10')).toBeVisible()

  const search = async (by: string, q: string) => {
    await page.getByLabel('Search by').selectOption(by)
    await page.getByLabel('Account or e-mail').fill(q)
    await page.getByRole('button', { name: 'Search' }).click()
  }
  await search('email', 'nobody-at-all@e2e.test')
  await expect(page.getByRole('status')).toHaveText('There is no such person.')
  for (const [who, message] of [
    [teacher, 'This person is already in the team.'],
    [elsewhere, 'This person is already in another team.'],
  ]) {
    await search('account', who)
    await page.getByRole('button', { name: 'Add to the team' }).click()
    await expect(page.getByRole('alert')).toHaveText(message)
  }
  await search('email', outsider)
  // An admin may not grant super admin: the list starts with Admin.
  await expect(page.getByLabel('Role', { exact: true }).locator('option')).toHaveText(['Admin', 'Customer service', 'Team teacher', 'General account', 'Counsellor'])
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Team teacher' })
  await page.getByRole('button', { name: 'Add to the team' }).click()
  await expect(page.getByRole('status')).toHaveText('The member was added.')
  expect(await roleOf(outsider)).toBe(4)
  await expect(page.getByText('Members: 3/10')).toBeVisible()

  const row = page.locator('tbody tr', { hasText: outsider })
  await row.getByRole('combobox').selectOption({ label: 'Customer service' })
  await row.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('status')).toHaveText('The role was changed.')
  expect(await roleOf(outsider)).toBe(3)
  await page.locator('tbody tr', { hasText: outsider }).getByRole('combobox').selectOption({ label: 'Remove from the team' })
  await page.locator('tbody tr', { hasText: outsider }).getByRole('button', { name: 'Apply' }).click()
  // Removal asks first; cancelling keeps the member.
  const confirm = page.getByRole('alertdialog', { name: 'Remove Test toutside from the team?' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  expect(await roleOf(outsider)).toBe(3)
  await page.locator('tbody tr', { hasText: outsider }).getByRole('combobox').selectOption({ label: 'Remove from the team' })
  await page.locator('tbody tr', { hasText: outsider }).getByRole('button', { name: 'Apply' }).click()
  await confirm.getByRole('button', { name: 'Remove from the team' }).click()
  await expect(page.getByRole('status')).toHaveText('The member was removed.')
  expect(await roleOf(outsider)).toBeNull()
  // One's own row: the role as plain text.
  await expect(page.locator('tbody tr', { hasText: admin }).getByRole('combobox')).toHaveCount(0)
})

test('the only admin cannot leave: the one-admin dialog, and the team keeps its admin', NO_JS, async ({ page }, info) => {
  const admin = await newTeacher(info, 'soleadmin')
  const general = await newTeacher(info, 'tgeneral')
  await newTeam([[admin, 2], [general, 5]])
  await signInToConsole(page, admin)
  await page.goto('/team/my')
  await page.getByRole('button', { name: 'Leave the team' }).click()
  await expect(page.getByRole('alertdialog', { name: 'The team needs an admin' })).toContainText('The team has only one admin, who cannot leave or change role.')
  expect(await roleOf(admin)).toBe(2)
})

test('plan cancel: only an in-progress plan, after a confirmation; then it shows cancelled', NO_JS, async ({ page }, info) => {
  const admin = await newTeacher(info, 'tcancel')
  const teamId = await newTeam([[admin, 2]])
  await signInToConsole(page, admin)
  await page.goto('/team/my?tab=profile')
  await page.getByRole('link', { name: 'Cancel plan' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel plan' }).click()
  await expect(page.getByRole('status')).toHaveText('The plan was cancelled.')
  await expect(page.locator('tbody tr').first()).toContainText('Cancelled')
  const plan = await db().selectFrom('team_plans').select('status').where('team_id', '=', teamId).executeTakeFirstOrThrow()
  expect(plan.status).toBe(-1)
})

for (const [role, label] of [[3, 'customer service'], [4, 'team teacher'], [5, 'general account']] as const) {
  test(`rights on the server: a ${label} is refused every edit`, async ({ page }, info) => {
    const admin = await newTeacher(info, 'radmin')
    const member = await newTeacher(info, `r${role}`)
    const other = await newTeacher(info, 'rother')
    const outsider = await newTeacher(info, 'routsider')
    const teamId = await newTeam([[admin, 2], [member, role], [other, 5]])
    const plan = await db().selectFrom('team_plans').select('id').where('team_id', '=', teamId).executeTakeFirstOrThrow()
    await signInToConsole(page, member)
    await page.goto('/team/my')
    await expect(page.getByRole('heading', { name: 'Add a member' })).toHaveCount(0)
    await expect(page.getByRole('combobox')).toHaveCount(0)
    const forms: Record<string, string>[] = [
      { intent: 'add', userId: String(await idOf(outsider)), roleId: '2' },
      { intent: 'role', userId: String(await idOf(admin)), roleId: '5' },
      { intent: 'role', userId: String(await idOf(other)), roleId: 'remove' },
      { intent: 'cancel-plan', planId: String(plan.id) },
    ]
    for (const form of forms) expect((await post(page, form)).status(), form.intent).toBe(403)
    expect([await roleOf(admin), await roleOf(other), await roleOf(outsider)]).toEqual([2, 5, null])
    // The students tab: every role but the general account.
    await page.goto('/team/my?tab=students')
    await expect(page.getByRole('link', { name: 'Students', exact: true })).toHaveCount(role === 5 ? 0 : 1)
  })
}

test('a super admin may grant super admin; an outsider sees no team', NO_JS, async ({ page }, info) => {
  const superAdmin = await newTeacher(info, 'rsuper')
  const member = await newTeacher(info, 'rmember')
  await newTeam([[superAdmin, 1], [member, 4]])
  await signInToConsole(page, superAdmin)
  await page.goto('/team/my')
  const row = page.locator('tbody tr', { hasText: member })
  await row.getByRole('combobox').selectOption({ label: 'Super admin' })
  await row.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('status')).toHaveText('The role was changed.')
  expect(await roleOf(member)).toBe(1)

  await page.context().clearCookies()
  await signInToConsole(page, await newTeacher(info, 'rnobody'))
  expect((await page.goto('/team/my'))?.status()).toBe(200)
  await expect(page.getByText('You are not in a team yet.')).toBeVisible()
  await expect(page.locator('table')).toHaveCount(0)
})
