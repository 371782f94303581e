// A school's own watch words (decision 0062): local slang or a nickname used to
// bully, kept by a journal's owner on its settings page and by a team's admins on the team page, in
// effect at the next post, shown in the alert like any other finding.
import { addWatchWord } from '../app/features/alerts/watch-words.server'
import { newStudent, newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, studentWritesPost } from './support/helpers'
import { newJournalWith } from './support/posts'
import { newAlert, newSchoolTeam } from './support/school'
import { expect, expectAccessible, NO_JS, test, type Page } from './support/test'

const idOf = async (account: string) => (await db().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id
const wordsOf = async (where: { journalId: number } | { teamId: number }) =>
  (await db().selectFrom('watch_words').select(['phrase', 'category']).where('journalId' in where ? 'journal_id' : 'team_id', '=', 'journalId' in where ? where.journalId : where.teamId).orderBy('id').execute()).map((w) => `${w.phrase}: ${w.category}`)
const post = (page: Page, path: string, form: Record<string, string>) => page.request.post(path, { form, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })

/** Adds a word by the form on the page as it is. */
async function addWord(page: Page, phrase: string, category = '') {
  const section = page.getByRole('region', { name: 'Watch words' })
  await section.getByLabel('Word or phrase').fill(phrase)
  await section.getByLabel('Concern').selectOption(category)
  await section.getByRole('button', { name: 'Add the word' }).click()
}

test("the journal's owner keeps its watch words on the settings page: bad input is named at its field and writes nothing; a teacher who is not the owner is refused", NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'wwj')
  await signInToConsole(page, school.owner)
  const edit = `/diary/homework/${school.journalId}/edit`
  await page.goto(edit)
  // The Safeguarding section points to them.
  await expect(page.getByRole('group', { name: 'Safeguarding' }).getByRole('link', { name: /Watch words for this journal/ })).toHaveAttribute('href', '#watch-words')
  const section = page.getByRole('region', { name: 'Watch words' })
  await expect(section).toContainText('No watch words yet.')

  await addWord(page, '   ')
  await expect(section.getByText('This field must not be empty.')).toBeVisible()
  await expect(section.getByText('Choose the concern this word is about.')).toBeVisible()
  await addWord(page, 'x'.repeat(41), 'bullying')
  await expect(section.getByText('This is too long: at most 40 characters.')).toBeVisible()
  await expect(section.getByLabel('Word or phrase')).toHaveValue('x'.repeat(41))
  expect(await wordsOf({ journalId: school.journalId })).toEqual([])

  await addWord(page, 'Beanpole', 'bullying')
  await expect(page.getByRole('status')).toHaveText('“Beanpole” is watched for from the next post on.')
  await expect(section.getByRole('row', { name: /Beanpole/ })).toContainText('Possible bullying or a threat against the student (told the same school day)')
  await expect(section.getByLabel('Word or phrase')).toHaveValue('')
  // The same word in capitals is the same word.
  await addWord(page, 'BEANPOLE', 'suicide')
  await expect(section.getByText('This word is on the list already.')).toBeVisible()
  await addWord(page, 'stick insect', 'bullying')
  await expect(section.getByRole('row')).toHaveCount(3)
  expect(await wordsOf({ journalId: school.journalId })).toEqual(['Beanpole: bullying', 'stick insect: bullying'])
  // A concern not of the taxonomy (a forged form): refused with its message, nothing written.
  const forged = await post(page, edit, { intent: 'watch-add', phrase: 'lanky', category: 'gossip' })
  expect(forged.status()).toBe(400)
  expect(await forged.text()).toContain('Choose the concern this word is about.')
  expect(await wordsOf({ journalId: school.journalId })).toHaveLength(2)

  await section.getByRole('button', { name: 'Remove “stick insect”' }).click()
  await expect(page.getByRole('status')).toHaveText('The word is no longer watched for. Alerts it raised stay.')
  expect(await wordsOf({ journalId: school.journalId })).toEqual(['Beanpole: bullying'])

  // The team's admin is no owner of the journal: its settings and its words are refused, nothing written.
  await page.context().clearCookies()
  await signInToConsole(page, school.admin)
  expect((await page.request.get(edit)).status()).toBe(403)
  const wordId = String((await db().selectFrom('watch_words').select('id').where('journal_id', '=', school.journalId).executeTakeFirstOrThrow()).id)
  for (const form of [{ intent: 'watch-add', phrase: 'lanky', category: 'bullying' }, { intent: 'watch-remove', wordId }] as Record<string, string>[]) expect((await post(page, edit, form)).status(), form.intent).toBe(403)
  expect(await wordsOf({ journalId: school.journalId })).toEqual(['Beanpole: bullying'])
})

test("the team's admins keep the team's watch words on the team page, which every journal of the team shows; other members are refused", NO_JS, async ({ page }, info) => {
  const school = await newSchoolTeam(info, 'wwt')
  await signInToConsole(page, school.admin)
  await page.goto('/team/my?tab=profile')
  const section = page.getByRole('region', { name: 'Watch words' })
  await expect(section).toContainText('every journal of the team')
  await addWord(page, '', 'bullying')
  await expect(section.getByText('This field must not be empty.')).toBeVisible()
  await addWord(page, '豬頭', 'bullying')
  await expect(page.getByRole('status')).toHaveText('“豬頭” is watched for from the next post on.')
  await expect(page).toHaveURL(/\/team\/my\?tab=profile#watch-words$/)
  // Traditional or simplified: one word.
  await addWord(page, '猪头', 'bullying')
  await expect(section.getByText('This word is on the list already.')).toBeVisible()
  expect(await wordsOf({ teamId: school.teamId })).toEqual(['豬頭: bullying'])

  // The team journal's owner sees the team's words on the journal's settings, to read, not to change.
  await page.context().clearCookies()
  await signInToConsole(page, school.owner)
  await page.goto(`/diary/homework/${school.journalId}/edit`)
  const fromTeam = page.getByRole('table', { name: /From the team/ })
  await expect(fromTeam.getByRole('row', { name: /豬頭/ })).toContainText('Test wwt-admin')
  await expect(fromTeam.getByRole('button')).toHaveCount(0)
  // A team teacher and the counsellor: no list on the team page, and the server refuses.
  const wordId = String((await db().selectFrom('watch_words').select('id').where('team_id', '=', school.teamId).executeTakeFirstOrThrow()).id)
  for (const member of [school.owner, school.counsellor]) {
    await page.context().clearCookies()
    await signInToConsole(page, member)
    await page.goto('/team/my?tab=profile')
    await expect(page.getByRole('region', { name: 'Watch words' })).toHaveCount(0)
    for (const form of [{ intent: 'watch-add', phrase: 'lanky', category: 'bullying' }, { intent: 'watch-remove', wordId }] as Record<string, string>[]) expect((await post(page, '/team/my?tab=profile', form)).status(), `${member} ${form.intent}`).toBe(403)
  }
  expect(await wordsOf({ teamId: school.teamId })).toEqual(['豬頭: bullying'])

  await page.context().clearCookies()
  await signInToConsole(page, school.admin)
  await page.goto('/team/my?tab=profile')
  await page.getByRole('region', { name: 'Watch words' }).getByRole('button', { name: 'Remove “豬頭”' }).click()
  await expect(page.getByRole('status')).toHaveText('The word is no longer watched for. Alerts it raised stay.')
  expect(await wordsOf({ teamId: school.teamId })).toEqual([])
})

test('the owner adds a nickname used to bully; a student writes it; the alert shows the word as the school\'s; removed, it raises nothing more', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'wwjourney', { standard: true })
  const student = await newStudent(info, 'wwpupil')
  const journalId = await newJournalWith(teacher, `Watch words ${info.project.name} ${Date.now().toString(36)}`, [student.account])
  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/edit`)
  await addWord(page, 'Beanpole', 'bullying')
  await expect(page.getByRole('status')).toHaveText('“Beanpole” is watched for from the next post on.')
  await page.context().clearCookies()

  await studentWritesPost(page, student.account, journalId, { title: 'Break', event: 'We played football. At break Max shouted beanpole across the yard.' })

  await signInToConsole(page, teacher)
  await page.goto(`/diary/homework/${journalId}/alerts`)
  const row = page.getByRole('row').filter({ hasText: 'Possible bullying or a threat against the student' })
  await expect(row.locator('.evidence-line')).toHaveText('At break Max shouted beanpole across the yard.')
  await row.getByRole('link', { name: /Open the alert of/ }).click()
  const hit = page.locator('.word-hits li').filter({ hasText: 'Possible bullying or a threat against the student' })
  await expect(hit.locator('mark')).toHaveText('beanpole')
  await expect(hit).toContainText("One of the school's watch words")

  await page.goto(`/diary/homework/${journalId}/edit`)
  await page.getByRole('region', { name: 'Watch words' }).getByRole('button', { name: 'Remove “Beanpole”' }).click()
  await expect(page.getByRole('status')).toHaveText('The word is no longer watched for. Alerts it raised stay.')
  await page.context().clearCookies()
  await studentWritesPost(page, student.account, journalId, { title: 'Again', event: 'Max said beanpole again at lunch.' })
  const alerts = await db().selectFrom('risk_alerts').select('reasons').where('journal_id', '=', journalId).execute()
  const watched = alerts.flatMap((a) => (JSON.parse(a.reasons) as { posts: { title: string; findings?: { watchWord?: true }[] }[] }).posts.filter((p) => p.findings?.some((f) => f.watchWord)).map((p) => p.title))
  expect(watched).toEqual(['Break'])
})

for (const locale of ['en', 'zh-TW', 'ja'] as const) {
  test(`axe-core on the watch words of a journal's settings and the team page, with an error, and on an alert of a watch word (${locale})`, async ({ page }, info) => {
    const school = await newSchoolTeam(info, `wwa-${locale.toLowerCase()}`)
    await addWatchWord(db(), await idOf(school.admin), { teamId: school.teamId }, { phrase: '豬頭', category: 'bullying' })
    await addWatchWord(db(), await idOf(school.owner), { journalId: school.journalId }, { phrase: 'Beanpole', category: 'bullying' })
    const { alertId } = await newAlert(school.journalId, school.student, 'Break', { findings: [{ category: 'bullying', sentence: 'At break Max shouted beanpole across the yard.', words: 'beanpole', watchWord: true }] })

    await signInToConsole(page, school.owner, locale)
    await page.goto(`/diary/homework/${school.journalId}/edit`)
    await expect(page.locator('#watch-words tbody tr')).toHaveCount(2)
    await expectAccessible(page, `a journal's watch words (${locale})`)
    await page.locator('#watch-word button[type=submit]').click()
    await expect(page.locator('#watch-words .field-error').first()).toBeVisible()
    await expectAccessible(page, `a journal's watch words with an error (${locale})`)
    await page.goto(`/diary/homework/${school.journalId}/alerts/${alertId}`)
    await expect(page.locator('.word-hits .watch-word')).toBeVisible()
    await expectAccessible(page, `an alert of a watch word (${locale})`)

    await page.context().clearCookies()
    await signInToConsole(page, school.admin, locale)
    await page.goto('/team/my?tab=profile')
    await expect(page.locator('#watch-words tbody tr')).toHaveCount(1)
    await expectAccessible(page, `the team's watch words (${locale})`)
  })
}
