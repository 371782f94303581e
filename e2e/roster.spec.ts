import { expect, test, NO_JS, type Page } from './support/test'
import { newStudent, newTeacher } from './support/accounts'
import { db } from './support/db'
import { newSchoolTeam } from './support/school'
import { japaneseClass, rosterFiles, rosterZip } from '../tests/support/oneroster'
import { strToU8, zipSync } from 'fflate'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { providerLogin } from './support/oidc'
import { startOneRosterServer } from '../tests/support/oneroster-server'

async function preview(page: Page, bytes: Uint8Array) {
  await page.getByLabel('名簿ファイル（zip）').setInputFiles({ name: 'roster.zip', mimeType: 'application/zip', buffer: Buffer.from(bytes) })
  await page.getByRole('button', { name: 'プレビュー' }).click()
}

// One journey (decision 0075): a team's admin previews a OneRoster 1.2 zip with the Japan Profile's kana
// in Japanese, imports it, reads the report, imports it again to no change; a malformed file is
// refused with its file, line and column; a student and another team's teacher are refused.
test('a team admin imports a OneRoster roster through its preview; the same file twice changes nothing; others are refused', NO_JS, async ({ page, login, baseURL }, info) => {
  const school = await newSchoolTeam(info, 'roster')
  await db().updateTable('users').set({ mode: 'team' }).where('account', '=', school.admin).execute()
  // The admin's plan opens a journal's student list (a paid function), where the kana is shown too.
  const adminId = (await db().selectFrom('users').select('id').where('account', '=', school.admin).executeTakeFirstOrThrow()).id
  const standard = await db().selectFrom('plans').select('id').where('code', '=', 'standard').executeTakeFirstOrThrow()
  await db().updateTable('user_plans').set({ plan_id: standard.id }).where('user_id', '=', adminId).execute()
  const tag = `${info.project.name}${Date.now().toString(36)}`
  const students = japaneseClass(3, 'cls-5a', `r${tag}`)
  const spec = { classes: [{ id: 'cls-5a', title: `5年A組 ${tag}` }], students }
  await login({ account: school.admin, locale: 'ja' })
  await page.goto('/diary')
  await page.getByRole('link', { name: 'クラス名簿' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'クラス名簿' })).toBeVisible()

  // A malformed file: refused with where and why, in the page's language; nothing written.
  const files = rosterFiles(spec)
  const bad = zipSync(Object.fromEntries(Object.entries({ ...files, classes: files.classes.replace('homeroom', 'lecture') }).map(([f, t]) => [`${f}.csv`, strToU8(t)])))
  await preview(page, bad)
  await expect(page.getByRole('alert')).toContainText('1 件の問題があります')
  await expect(page.getByRole('row', { name: /classes\.csv の 2 行目、classType 列/ })).toContainText('「lecture」はここで OneRoster 1.2 が認める値ではありません。')
  expect(await db().selectFrom('roster_uploads').select('id').where('user_id', '=', adminId).execute()).toEqual([])

  // The preview: one new journal, three new accounts, their kana above their names.
  await preview(page, rosterZip(spec))
  await expect(page.getByRole('heading', { name: 'この名簿で変わること' })).toBeVisible()
  await expect(page.getByText('新しい日記帳 1 冊')).toBeVisible()
  await expect(page.getByText('新しいアカウント 3 件')).toBeVisible()
  await page.getByText('新しいアカウント 3 件').click()
  await expect(page.locator('.roster-names ruby').first()).toHaveText('山田 太郎（ヤマダ タロウ）')
  expect(await db().selectFrom('journals').select('id').where('name', '=', `5年A組 ${tag}`).execute()).toEqual([])

  // Another team's teacher cannot apply the kept roster, nor can a student open the page.
  const upload = await db().selectFrom('roster_uploads as r').innerJoin('users as u', 'u.id', 'r.user_id').select('r.id').where('u.account', '=', school.admin).executeTakeFirstOrThrow()
  const other = await newSchoolTeam(info, 'roster-other')
  await login({ account: other.owner, locale: 'ja' })
  const refused = await page.request.post('/roster', { form: { intent: 'apply', upload: upload.id }, headers: { Origin: baseURL! }, maxRedirects: 0 })
  expect(refused.status()).toBe(404)
  const student = await newStudent(info, 'roster-kid')
  await login({ account: student.account })
  const asStudent = await page.request.get('/roster', { maxRedirects: 0 })
  expect(asStudent.status()).toBe(302)
  expect(asStudent.headers().location).toContain('/login/check')
  const teacher = await newTeacher(info, 'roster-solo')
  await login({ account: teacher })
  expect((await page.request.post('/roster', { form: { intent: 'apply', upload: upload.id }, headers: { Origin: baseURL! }, maxRedirects: 0 })).status()).toBe(404)
  expect(await db().selectFrom('journals').select('id').where('name', '=', `5年A組 ${tag}`).execute()).toEqual([])

  // The admin imports it: the report says what changed; the journal is the team's.
  await login({ account: school.admin, locale: 'ja' })
  await page.getByRole('button', { name: '取り込む' }).click()
  await expect(page.getByRole('status').filter({ hasText: '名簿を取り込みました。' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: /の取り込み$/ })).toBeVisible()
  await expect(page.getByText('新しいアカウント 3 件')).toBeVisible()
  const journal = await db().selectFrom('journals').select(['id', 'team_id']).where('name', '=', `5年A組 ${tag}`).executeTakeFirstOrThrow()
  expect(journal.team_id).toBe(school.teamId)
  const members = await db().selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['u.name', 'u.name_kana']).where('m.journal_id', '=', journal.id).where('m.role', '=', 'student').orderBy('u.account').execute()
  expect(members).toEqual([{ name: '山田 太郎', name_kana: 'ヤマダ タロウ' }, { name: '佐藤 太郎', name_kana: 'サトウ タロウ' }, { name: '鈴木 太郎', name_kana: 'スズキ タロウ' }])

  // The journal's students, in Japanese: each name with its kana above it.
  await page.goto(`/diary/homework/${journal.id}/student`)
  await expect(page.locator('main ruby').filter({ hasText: '山田 太郎' })).toHaveText('山田 太郎（ヤマダ タロウ）')

  // The same file again: nothing to change, nothing written.
  await page.goto('/roster')
  await expect(page.getByRole('table').last().getByRole('row')).toHaveCount(2)
  await preview(page, rosterZip(spec))
  await expect(page.getByText('変更はありません。この名簿の内容はすべて取り込み済みです。')).toBeVisible()
  await expect(page.getByRole('button', { name: '取り込む' })).toHaveCount(0)

  // The SIS's OneRoster server: a refused secret says why and changes nothing; the right one previews
  // the same roster (nothing to change) and a newcomer.
  const sis = await startOneRosterServer({ ...spec, students: [...students, ...japaneseClass(1, 'cls-5a', `n${tag}`)] })
  try {
    await page.getByLabel('サービスのアドレス（…/ims/oneroster）').fill(sis.url)
    await page.getByLabel('トークンのアドレス（OAuth 2）').fill(sis.tokenUrl)
    await page.getByLabel('クライアント ID').fill(sis.clientId)
    await page.getByLabel('クライアントシークレット').fill('not-the-secret')
    await page.getByRole('button', { name: '保存' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'OneRoster サーバーを保存しました。' })).toBeVisible()
    await expect(page.getByLabel('クライアントシークレット')).toHaveValue('')
    await page.getByRole('button', { name: '取得してプレビュー' }).click()
    await expect(page.getByRole('alert')).toHaveText('取得に失敗しました。何も変更していません：サーバーがクライアント ID かシークレットを拒否しました')
    await page.getByLabel('クライアントシークレット').fill(sis.clientSecret)
    await page.getByRole('button', { name: '保存' }).click()
    await page.getByRole('button', { name: '取得してプレビュー' }).click()
    await expect(page.getByText('新しいアカウント 1 件')).toBeVisible()
    await expect(page.getByRole('button', { name: '取り込む' })).toBeVisible()
  } finally {
    await sis.close()
  }
})

// Google Classroom (decision 0077): a teacher links Google through the local OpenID provider, imports a
// course from the local Classroom API into a new journal (English), syncs it again after a student
// joined (Traditional Chinese), and reads the course list in Japanese.
test('a teacher imports a Google Classroom course and a second sync adds the new student, in three languages', NO_JS, async ({ page, login, baseURL, server }, info) => {
  const teacher = await newTeacher(info, 'classroom')
  const googleLogin = `gc-${info.project.name}-${Date.now().toString(36)}@school.test`
  const courseName = `Science ${info.project.name}`
  const tag = `${info.project.name}${Date.now().toString(36)}`
  const students = [
    { userId: `${tag}-1`, givenName: 'Amy', familyName: 'Lee' },
    { userId: `${tag}-2`, givenName: 'Bo', familyName: 'Chen' },
  ]
  const write = (list: typeof students) => writeFileSync(path.join(server.dir, 'classroom.json'), JSON.stringify({ [`sub-${googleLogin}`]: [{ id: `course-${tag}`, name: courseName, section: '5A', students: list }] }))
  const language = (locale: string) => page.request.post('/locale', { form: { locale, redirectTo: '/roster/classroom' }, headers: { Origin: baseURL! } })
  write(students)
  await login({ account: teacher, locale: 'en' })
  await page.goto('/roster')
  await page.getByRole('link', { name: 'Import a course from Google Classroom' }).click()
  await page.getByRole('button', { name: 'Link Google Classroom' }).click()
  await providerLogin(page, googleLogin)
  await expect(page.getByRole('status').filter({ hasText: 'Google Classroom is linked.' })).toBeVisible()
  await expect(page.getByRole('radio', { name: `${courseName} 5A` })).toBeChecked()
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByText('1 new journal')).toBeVisible()
  await expect(page.getByText('2 new student accounts')).toBeVisible()
  await page.getByRole('button', { name: 'Import' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The roster was imported.' })).toBeVisible()
  const journal = await db().selectFrom('journals as j').innerJoin('users as u', 'u.id', 'j.owner_id').select('j.id').where('j.name', '=', `${courseName} 5A`).where('u.account', '=', teacher).executeTakeFirstOrThrow()

  // A student joined the course: the second sync, in Traditional Chinese, adds just them.
  write([...students, { userId: `${tag}-3`, givenName: 'Cy', familyName: 'Wu' }])
  await language('zh-TW')
  await page.goto('/roster/classroom')
  await expect(page.getByRole('radio', { name: /曾經匯入：再次同步/ })).toBeChecked()
  await page.getByRole('button', { name: '預覽' }).click()
  await expect(page.getByText('新增 1 個學生帳號')).toBeVisible()
  await expect(page.getByText('加入班級 1 人次')).toBeVisible()
  await page.getByRole('button', { name: '匯入' }).click()
  await expect(page.getByRole('status').filter({ hasText: '名冊已匯入。' })).toBeVisible()
  const members = await db().selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select('u.name').where('m.journal_id', '=', journal.id).where('m.role', '=', 'student').orderBy('u.name').execute()
  expect(members.map((m) => m.name)).toEqual(['Amy Lee', 'Bo Chen', 'Cy Wu'])

  // In Japanese: the course list, the same course to sync again.
  await language('ja')
  await page.goto('/roster/classroom')
  await expect(page.getByRole('heading', { level: 1, name: 'Google Classroom から取り込む' })).toBeVisible()
  await expect(page.getByRole('radio', { name: /取り込み済み：もう一度同期/ })).toBeChecked()
})
