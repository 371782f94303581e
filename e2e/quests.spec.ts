import { expect, expectAccessible, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, studentSignIn } from './support/helpers'
import { schoolDate } from './support/dates'

const journalNamed = async (name: string) => (await db().selectFrom('journals').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id
const contestCoded = async (code: string) => (await db().selectFrom('contests').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id

test('a teacher takes a contest code, sets the contest up with every message the spec names, and picks the quests', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'contest', { standard: true }))
  const create = page.locator('.action-card')
  await create.getByText('From a sample code').click()
  await page.getByLabel('Sample code').fill('ct_spring')
  await page.getByRole('button', { name: 'Start the journal' }).click()
  await expect(page).toHaveURL(/\/contest\/\d+\/edit\?new=1$/)
  const journalId = Number(/contest\/(\d+)/.exec(page.url())![1])
  await expect(page.getByRole('heading', { name: 'Contest settings' })).toBeVisible()
  await expect(page.locator('.facts')).toContainText('Primary school')

  // Required fields and the start date's window: every message, nothing saved.
  await page.getByLabel('Journal name').fill('')
  await page.getByLabel('Description').fill('')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field must not be empty.')).toHaveCount(3) // name, description, start date
  await page.getByLabel('Journal name').fill('Spring team diary')
  await page.getByLabel('Description').fill('Our class writes kindness stories.')
  await page.getByLabel('Start date').fill('2099-01-01')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText("Choose a future date inside the contest's window.")).toBeVisible()
  expect((await db().selectFrom('contest_teams').select('start_date').where('journal_id', '=', journalId).executeTakeFirstOrThrow()).start_date).toBeNull()

  const tomorrow = schoolDate(2)
  await page.getByLabel('Start date').fill(tomorrow)
  await page.getByLabel('The teacher').check()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/questList/edit\\?new=1$`))
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveCount(0) // first setup: no way back

  // None assigned: the warning dialog.
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Assign at least one quest.')
  await page.getByRole('link', { name: 'OK', exact: true }).click()
  await page.getByRole('button', { name: 'Add Sharing' }).click()
  await page.getByRole('button', { name: 'Add A kind act' }).click()
  await page.getByRole('button', { name: 'Add Saying sorry' }).click()
  await expect(page.getByRole('button', { name: 'Add Someone helped me' })).toBeDisabled() // at most 3
  await page.getByRole('button', { name: 'Move A kind act up' }).click()
  await page.getByRole('button', { name: 'Remove Saying sorry' }).click()
  await page.getByRole('button', { name: 'A kind act', exact: true }).click()
  await expect(page.locator('.quest-detail')).toContainText('Tell about a time you were kind to someone today.')
  await page.getByRole('button', { name: 'Done' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/questList$`))
  await expect(page.locator('.quest-card h2')).toHaveText(['A kind act', 'Sharing'])
  await expect(page.locator('.quest-card').first()).toContainText(`Opens ${tomorrow}`)

  // A quest journal's settings and info lead to the contest pages; its type stays.
  await page.goto(`/diary/homework/${journalId}/edit`)
  await expect(page).toHaveURL(new RegExp(`/contest/${journalId}/edit\\?new=-1$`))
  await page.goto(`/diary/homework/${journalId}/info`)
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/contestinfo$`))
  await expect(page.getByText('Not started')).toBeVisible()
  await page.getByRole('link', { name: 'Contest settings' }).click()
  // Changing the start date once is allowed; then it is locked.
  const later = schoolDate(3)
  await page.getByLabel('Start date').fill(later)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/questList$/)
  await page.goto(`/contest/${journalId}/edit?new=-1`)
  await expect(page.getByText('The start date has already been changed once.')).toBeVisible()
  expect((await db().selectFrom('journals').select('share_type').where('id', '=', journalId).executeTakeFirstOrThrow()).share_type).toBe('5')
})

test('a student answers the quest of the day; the teacher sees rate, stats and score, overrides it, and the ranking moves', NO_JS, async ({ page }, info) => {
  const student = info.project.name === 'js' ? 'student06@demo.test' : 'student07@demo.test'
  const name = info.project.name === 'js' ? 'Student 06' : 'Student 07'
  const journalId = await journalNamed('Kindness Relay 501')
  const contestId = await contestCoded('ct_relay')
  await studentSignIn(page, student)
  await page.getByRole('link', { name: 'Kindness Relay 501' }).click()
  await expect(page.getByRole('heading', { name: "Today's quest" })).toBeVisible()
  await page.getByRole('link', { name: 'Answer this quest' }).click()
  await expect(page.getByRole('heading', { name: 'Quest: A hard moment' })).toBeVisible()
  const title = `Hard day ${info.project.name} ${Date.now().toString(36)}`
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('What happened?').fill('My friend was sad at lunch because she lost her purse, so I sat with her.')
  await page.getByLabel('What went on inside you?').fill('I felt worried for her and then glad I could help.')
  await page.getByLabel('Worried').check()
  await page.getByLabel('Ask for help').check()
  await page.getByLabel('Tell more about what you did').fill('We asked the teacher and found the purse.')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const postId = Number(/\/s\/post\/(\d+)/.exec(page.url())![1])
  const scored = await db().selectFrom('posts').select(['score', 'quest_id']).where('id', '=', postId).executeTakeFirstOrThrow()
  // The rules' score (decision 0035): 45 for the three frames answered, 23 for 132 letters (35 × 132 / 200), 20 for the day itself.
  expect(scored.score).toBe(88)

  const ranking = `/contest/${contestId}/ranking?tab=students&teamId=${(await db().selectFrom('contest_teams').select('id').where('journal_id', '=', journalId).executeTakeFirstOrThrow()).id}`
  const totalOf = async () => {
    for (let p = 1; p <= 2; p++) {
      await page.goto(`${ranking}&page=${p}`)
      const row = page.locator('tbody tr', { hasText: name })
      if (await row.count()) return Number(await row.locator('td').nth(3).textContent())
    }
    throw new Error(`${name} not ranked`)
  }
  await page.context().clearCookies()
  await signInToConsole(page, 'teacher@demo.test')
  const before = await totalOf()

  await page.goto(`/diary/homework/${journalId}/questList/${scored.quest_id}?tab=stats`)
  await expect(page.locator('.facts')).toContainText('Completion rate')
  const row = page.locator('tbody tr', { hasText: name })
  await expect(row).toContainText('Submitted')
  await row.getByRole('link', { name: `View the post of ${name}` }).click()
  await expect(page.getByRole('dialog')).toContainText(title)
  await page.getByRole('dialog').getByRole('link', { name: 'Open the post' }).click()
  await expect(page.getByRole('heading', { name: /^Score: / })).toBeVisible()
  await expect(page.getByText('Written on its diary date')).toBeVisible()

  // A bad score: the message, nothing written; then the teacher's own score.
  await page.getByLabel('Your score (1 to 100)').fill('101')
  await page.getByRole('button', { name: 'Save score' }).click()
  await expect(page.getByText('Enter a whole number from 1 to 100.')).toBeVisible()
  expect((await db().selectFrom('posts').select('score').where('id', '=', postId).executeTakeFirstOrThrow()).score).toBe(scored.score)
  const mine = scored.score === 100 ? 99 : 100
  await page.getByLabel('Your score (1 to 100)').fill(String(mine))
  await page.getByRole('button', { name: 'Save score' }).click()
  await expect(page.getByText('Score given by a teacher.')).toBeVisible()
  expect(await totalOf()).toBe(before - scored.score! + mine)
})

test('a sample quest: every message the spec names, created, edited and deleted', NO_JS, async ({ page }, info) => {
  const journalId = await journalNamed('Autumn Gratitude 501')
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/${journalId}/quest`)
  await page.getByRole('link', { name: 'New quest' }).click()
  // The field stops at 200 characters; a longer text (pasted in an old browser, or forged) is refused by the server.
  await page.getByLabel('Description').evaluate((el) => el.removeAttribute('maxlength'))
  await page.getByLabel('Description').fill('x'.repeat(201))
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('This field must not be empty.')).toHaveCount(1) // title
  await expect(page.getByText('This is too long: at most 200 characters.')).toBeVisible()
  await expect(page.getByText('A quest needs an event, a story and a behaviour frame. Missing: Event frame, Story frame, and Behaviour frame.')).toBeVisible()
  const title = `Thanks ${info.project.name} ${Date.now().toString(36)}`
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Description').fill('Thank someone today.')
  const frame = (name: string) => page.getByRole('group', { name })
  await frame('Event frame').getByLabel('Frame title').fill('Who did you thank?')
  await frame('Event frame').getByLabel('Example texts').fill('My teacher\n\nMy brother')
  await frame('Story frame').getByLabel('Frame title').fill('How did they feel?')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Missing: Behaviour frame.')).toBeVisible()
  await frame('Behaviour frame').getByLabel('Frame title').fill('What did you say?')
  await page.getByLabel('Gratitude').fill('I said thank you.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/homework/${journalId}/quest$`))
  const card = page.locator('.quest-samples > li', { hasText: title })
  await expect(card).toContainText('My teacher / My brother')
  await card.getByRole('link', { name: `Edit ${title}` }).click()
  await expect(frame('Event frame').getByLabel('Example texts')).toHaveValue('My teacher\nMy brother')
  await page.getByLabel('Description').fill('Thank someone you met today.')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(card).toContainText('Thank someone you met today.')
  await card.getByRole('link', { name: `Delete ${title}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Quest deleted (06000).')).toBeVisible()
  await expect(page.locator('.quest-samples > li', { hasText: title })).toHaveCount(0)
})

test('a teacher of another journal is refused on every quest and contest page and action', async ({ page }) => {
  const journalId = await journalNamed('Kindness Relay 501')
  const contestId = await contestCoded('ct_relay')
  const [questId] = (await db().selectFrom('journal_quests').select('quest_id').where('journal_id', '=', journalId).execute()).map((r) => r.quest_id)
  await signInToConsole(page, 'free@demo.test')
  const origin = new URL(page.url()).origin
  const base = `/diary/homework/${journalId}`
  for (const url of [`${base}/questList`, `${base}/questList/edit`, `${base}/questList/${questId}`, `${base}/quest`, `${base}/quest/edit`, `${base}/contestinfo`, `/contest/${journalId}/edit`, `/contest/${contestId}/ranking`]) {
    expect((await page.request.get(url, { maxRedirects: 0 })).status(), url).toBe(403)
  }
  for (const [url, form] of [
    [`/contest/${journalId}/edit`, { name: 'x', description: 'x', coverColor: '1', startDate: '2099-01-01', pickType: '2' }],
    [`${base}/questList/edit`, { op: 'done', chosen: String(questId) }],
    [`${base}/quest`, { intent: 'delete', questId: String(questId) }],
    [`${base}/quest/edit`, { lang: 'en', title: 'x', description: 'x', eventTitle: 'e', storyTitle: 's', behaviorTitle: 'b' }],
  ] as const) {
    expect((await page.request.post(url, { form, headers: { Origin: origin }, maxRedirects: 0 })).status(), url).toBe(403)
  }
  const post = await db().selectFrom('posts').select('id').where('journal_id', '=', journalId).where('quest_id', 'is not', null).executeTakeFirstOrThrow()
  const before = await db().selectFrom('posts').select('score').where('id', '=', post.id).executeTakeFirstOrThrow()
  const refused = await page.request.post(`/diary/diaryPost/${post.id}`, { form: { intent: 'score', score: '1' }, headers: { Origin: origin }, maxRedirects: 0 })
  expect([403, 404]).toContain(refused.status())
  expect(await db().selectFrom('posts').select('score').where('id', '=', post.id).executeTakeFirstOrThrow()).toEqual(before)
})

test('before the contest starts a student sees when it starts, and a post is refused with its message', NO_JS, async ({ page }) => {
  const journalId = await journalNamed('Autumn Gratitude 501')
  await studentSignIn(page, 'student16@demo.test')
  await page.getByRole('link', { name: 'Autumn Gratitude 501' }).click()
  await expect(page.getByText(/The contest starts on \d{4}-\d{2}-\d{2}\./)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Answer this quest' })).toHaveCount(0)
  // The write page has no open quest to offer: it says why, with no form.
  await page.goto(`/s/journal/${journalId}/new`)
  await expect(page.getByRole('alert')).toHaveText(/The contest has not started yet: you can answer from its start date\./)
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)
  const [questId] = (await db().selectFrom('journal_quests').select('quest_id').where('journal_id', '=', journalId).execute()).map((r) => r.quest_id)
  const before = await db().selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journalId).executeTakeFirstOrThrow()
  const form = { title: 'Early', diaryDate: schoolDate(), event: 'I thanked my friend.', emotions: 'B', behaviour: '9', questId: String(questId) }
  const refused = await page.request.post(`/s/journal/${journalId}/new`, { multipart: form, headers: { Origin: new URL(page.url()).origin }, maxRedirects: 0 })
  expect(refused.status()).toBe(400)
  expect(await db().selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journalId).executeTakeFirstOrThrow()).toEqual(before)
})

test("each count of a student's posts names its period: the info page's recent posters, the ranking's whole contest", async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  const journalId = await journalNamed('Kindness Relay 501')
  await page.goto(`/diary/homework/${journalId}/contestinfo`)
  const posters = page.locator('section', { has: page.getByRole('heading', { name: 'Recent posters (last 30 days)' }) })
  await expect(posters.locator('li').first()).toContainText(/\d+ posts?/)
  const team = await db().selectFrom('contest_teams').select('id').where('journal_id', '=', journalId).executeTakeFirstOrThrow()
  await page.goto(`/contest/${await contestCoded('ct_relay')}/ranking?tab=students&teamId=${team.id}`)
  await expect(page.getByRole('columnheader', { name: 'Quest posts (whole contest)' })).toBeVisible()
  await expectAccessible(page)
})

test('a start date locked meanwhile (another teacher changed it) says why once, not as a hint and an error', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, await newTeacher(info, 'contest-stale', { standard: true }))
  await page.locator('.action-card').getByText('From a sample code').click()
  await page.getByLabel('Sample code').fill('ct_spring')
  await page.getByRole('button', { name: 'Start the journal' }).click()
  await expect(page).toHaveURL(/\/contest\/\d+\/edit\?new=1$/)
  const journalId = Number(/contest\/(\d+)/.exec(page.url())![1])
  // While this page was open, the date was set and changed once.
  await db().updateTable('contest_teams').set({ start_date: schoolDate(2), start_date_changes: 1 }).where('journal_id', '=', journalId).execute()
  await page.getByLabel('Description').fill('Our class writes kindness stories.')
  await page.getByLabel('Start date').fill(schoolDate(3))
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The start date has already been changed once.' })).toBeVisible()
  await expect(page.getByText('The start date has already been changed once.')).toHaveCount(1)
  if (info.project.name === 'js') await expectAccessible(page)
})
