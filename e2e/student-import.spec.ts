import { expect, test, type Page, type TestInfo, NO_JS } from './support/test'
import { classCsv, encoded } from '../tests/support/class-csv'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'

const kids = (info: TestInfo, tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `學生${i + 1} Kid ${i + 1}`, account: `${tag}-${info.project.name}-${Date.now().toString(36)}-${i + 1}` }))

async function upload(page: Page, bytes: Buffer, name = 'class.csv') {
  await page.goto('/student')
  await page.getByLabel('Class file (.csv)').setInputFiles({ name, mimeType: 'text/csv', buffer: bytes })
  await page.getByRole('button', { name: 'Preview' }).click()
}
const studentCount = async (accounts: string[]) =>
  Number((await db().selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).where('account', 'in', accounts).executeTakeFirstOrThrow()).n)

for (const encoding of ['utf-8', 'utf-8-bom', 'big5'] as const) {
  test(`imports a class file saved as ${encoding} into a new journal`, NO_JS, async ({ page }, info) => {
    const teacher = await newTeacher(info, `imp-${encoding}`)
    const rows = kids(info, encoding.replace(/-/g, ''), 3)
    await signInToConsole(page, teacher)
    await upload(page, encoded(classCsv(rows), encoding))
    await expect(page.getByRole('heading', { name: 'Preview: 3 students' })).toBeVisible()
    await expect(page.getByLabel('Name 1', { exact: true })).toHaveValue('學生1 Kid 1')
    await page.getByRole('radio', { name: 'A new journal' }).check()
    const journalName = `Class 5-01 ${encoding} ${info.project.name}`
    await page.getByLabel('New journal name').fill(journalName)
    await page.getByRole('button', { name: 'Import' }).click()
    await expect(page.getByRole('status')).toHaveText('3 students were imported.')
    await expect(page.locator('.roster tbody tr')).toHaveCount(3)
    const members = await db()
      .selectFrom('journal_members as m')
      .innerJoin('journals as j', 'j.id', 'm.journal_id')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.name', 'u.kind'])
      .where('j.name', '=', journalName)
      .orderBy('u.account')
      .execute()
    expect(members).toEqual(rows.map((r) => ({ name: r.name, kind: 'student' })))
  })
}

test('duplicates are marked per row and the mark clears when the row is fixed; a failed import leaves nobody behind', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'impdup')
  const rows = kids(info, 'dup', 3)
  rows[2].account = 'student01@demo.test'
  await signInToConsole(page, teacher)
  await upload(page, encoded(classCsv(rows), 'utf-8'))
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('alert')).toHaveText('Some accounts already exist or repeat: change the marked rows.')
  await expect(page.getByText('This account is duplicated.')).toHaveCount(1)
  // Submitting anyway writes nothing.
  await page.getByRole('radio', { name: 'A new journal' }).check()
  await page.getByLabel('New journal name').fill('Never made')
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByText('This account is duplicated.')).toHaveCount(1)
  expect(await studentCount(rows.slice(0, 2).map((r) => r.account))).toBe(0)
  expect(await db().selectFrom('journals').select('id').where('name', '=', 'Never made').execute()).toEqual([])

  const fixed = `${rows[0].account}-fixed`
  await page.getByLabel('Account 3', { exact: true }).fill(fixed)
  if (info.project.name === 'js') await expect(page.getByText('This account is duplicated.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Check' }).click()
  await expect(page.getByRole('status')).toHaveText('All rows are fine.')
  await expect(page.getByText('This account is duplicated.')).toHaveCount(0)
})

test('rows can be deleted; an empty preview is cleared', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'impdel'))
  await upload(page, encoded(classCsv(kids(info, 'del', 2)), 'utf-8'))
  await page.getByRole('button', { name: 'Delete' }).first().click()
  await expect(page.getByRole('heading', { name: 'Preview: 1 student', exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Delete' }).first().click()
  await expect(page.getByRole('heading', { name: /Preview/ })).toHaveCount(0)
})

test('not enough places in the chosen journal: the alert, and the server refuses too', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'impseat')
  const journal = await db()
    .insertInto('journals')
    .values({ owner_id: (await db().selectFrom('users').select('id').where('account', '=', teacher).executeTakeFirstOrThrow()).id, name: 'Two seats', description: '', label_color_code: 1, user_classes: '', speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, diary_publish_num: 2, share_type: '2', sub_type: '', invite_code: `S${Date.now().toString(36).toUpperCase()}${info.project.name}`, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  const rows = kids(info, 'seat', 3)
  await signInToConsole(page, teacher)
  await upload(page, encoded(classCsv(rows), 'utf-8'))
  await page.getByRole('radio', { name: 'An existing journal' }).check()
  await page.getByRole('combobox', { name: 'An existing journal' }).selectOption(String(journal.id))
  if (info.project.name === 'js') {
    await expect(page.getByRole('alert')).toHaveText('The journal does not have enough places for these students.')
    await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled()
  } else {
    await page.getByRole('button', { name: 'Import' }).click()
    await expect(page.getByRole('alert')).toHaveText('This is over the participant limit of your plan or the journal.')
  }
  expect(await studentCount(rows.map((r) => r.account))).toBe(0)
})

test('upload errors: a file that is not .csv, and lines without seven columns', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'impbad'))
  await upload(page, encoded(classCsv(kids(info, 'bad', 1)), 'utf-8'), 'class.xlsx')
  await expect(page.getByRole('alert')).toHaveText('The file is not correct: choose a .csv class file.')
  await upload(page, Buffer.from('2026,5,01,1,Amy\r\n'))
  await expect(page.getByRole('alert')).toHaveText('A value in the file is not valid: every line needs the seven columns.')
})

test('the roster: select students to add them to a journal, or delete them', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'roster')
  const rows = kids(info, 'ros', 2)
  await signInToConsole(page, teacher)
  await upload(page, encoded(classCsv(rows), 'utf-8'))
  await page.getByRole('radio', { name: 'A new journal' }).check()
  await page.getByLabel('New journal name').fill('Roster journal')
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('status')).toHaveText('2 students were imported.')
  await page.getByLabel(`Select ${rows[0].name}`).check()
  await page.locator('details.confirm-inline summary').click()
  await page.getByRole('button', { name: 'Yes, delete' }).click()
  await expect(page.getByRole('status')).toHaveText('1 student was deleted.')
  expect(await studentCount(rows.map((r) => r.account))).toBe(1)
  // The sample file downloads with its translated name.
  const sample = await page.request.get('/student/sample.csv')
  expect(sample.headers()['content-disposition']).toContain("filename*=UTF-8''class-import-sample.csv")
})
