// Forms that survive a flaky school network (decision 0072): with the network cut by
// Playwright's routing as the form is sent (the request lost, the answer lost) and a double click,
// nothing typed is lost and exactly one row is saved, with JavaScript and without.
import { expect, expectAccessible, test, NO_JS, untilHydrated, type Page } from './support/test'
import { db } from './support/db'
import { DEMO_PASSWORD, signInToConsole, studentSignIn } from './support/helpers'
import { newPost } from './support/posts'
import { newSchoolTeam } from './support/school'
import { newTeacher } from './support/accounts'

/**
 * The next form sent to `path` fails in the network: `request`, it never reaches the server;
 * `answer`, the server gets it and answers, and the answer is lost on the way back.
 */
async function failNextSend(page: Page, path: string, fault: 'request' | 'answer') {
  let done = false
  await page.route(
    (url) => url.pathname === path || url.pathname === `${path}.data`,
    async (route) => {
      if (done || route.request().method() !== 'POST') return route.fallback()
      done = true
      if (fault === 'answer') await route.fetch({ maxRedirects: 0 })
      await route.abort('connectionreset')
    },
  )
}

/**
 * One journey of faults through a form already filled in: with JavaScript, the request lost (the
 * live region says so and the form keeps `kept`), then the answer lost (the same, saying sending
 * again is safe), then a double click of the submit button; without, the answer lost and the
 * browser's reload of its error page, which sends the form again. `rows` counts what was saved.
 */
async function sendThroughFaults(page: Page, js: boolean, { path, form, submit, kept, rows }: { path: string; form: string; submit: string; kept: () => Promise<void>; rows: () => Promise<number> }) {
  const status = page.locator(`${form} .send-status`)
  if (js) {
    await untilHydrated(page)
    await failNextSend(page, path, 'request')
    await page.getByRole('button', { name: submit }).click()
    await expect(status).toContainText('Everything you typed is still here')
    await kept()
    expect(await rows()).toBe(0)
    await expectAccessible(page, `${path} after a failed send`)
  }
  await failNextSend(page, path, 'answer')
  await page.getByRole('button', { name: submit }).click()
  if (js) {
    await expect(status).toContainText('Sending it again is safe')
    await kept()
    expect(await rows()).toBe(1)
    await page.getByRole('button', { name: submit }).dblclick()
  } else {
    // The browser's error page; the network is back and the person reloads it: the form is sent again.
    await reloadErrorPage(page)
  }
}

/** Without JavaScript, a failed send ends on the browser's own error page: reloaded, it sends the form again. */
async function reloadErrorPage(page: Page) {
  await page.waitForURL((url) => url.protocol === 'chrome-error:')
  await page.reload()
}

const postsTitled = async (title: string) => (await db().selectFrom('posts').select('id').where('title', '=', title).execute()).length

test('a student post survives a lost request, a lost answer and a double click: one post, nothing typed lost', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const title = `Flaky ${info.project.name} ${Date.now().toString(36)}`
  await studentSignIn(page, js ? 'student20@demo.test' : 'student21@demo.test')
  await page.goto('/s/journal/1/new')
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('What happened?').fill('The Wi-Fi dropped in the library.')
  await page.getByLabel('Nervous').check()
  await page.getByLabel('Ask for help').check()
  await sendThroughFaults(page, js, {
    path: '/s/journal/1/new',
    form: 'form.student-post',
    submit: 'Submit',
    rows: () => postsTitled(title),
    kept: async () => {
      await expect(page.getByLabel('Title')).toHaveValue(title)
      await expect(page.getByLabel('What happened?')).toHaveValue('The Wi-Fi dropped in the library.')
      await expect(page.getByLabel('Nervous')).toBeChecked()
      await expect(page.getByLabel('Ask for help')).toBeChecked()
    },
  })
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  expect(await postsTitled(title)).toBe(1)
})

test('a teacher comment survives the same faults, and one sent after the session ended is kept through sign-in and sent once', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const postId = await newPost(1, 'student22@demo.test', `Commented ${info.project.name} ${Date.now().toString(36)}`)
  const stamp = `${info.project.name} ${Date.now().toString(36)}`
  const comments = async (text: string) => (await db().selectFrom('comments').select('id').where('post_id', '=', postId).where('comment', '=', text).execute()).length
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/diaryPost/${postId}`)
  const first = `Well done ${stamp}`
  await page.getByLabel('Comment', { exact: true }).fill(first)
  await sendThroughFaults(page, js, {
    path: `/diary/diaryPost/${postId}`,
    form: 'form#comment',
    submit: 'Add comment',
    rows: () => comments(first),
    kept: () => expect(page.getByLabel('Comment', { exact: true })).toHaveValue(first),
  })
  await expect(page.getByText(first)).toBeVisible()
  expect(await comments(first)).toBe(1)

  // A long comment written during the lesson; the session ends before it is sent.
  const late = `Written during the lesson ${stamp}`
  if (js) await untilHydrated(page)
  await page.getByLabel('Comment', { exact: true }).fill(late)
  const teacher = await db().selectFrom('users').select('id').where('account', '=', 'teacher@demo.test').executeTakeFirstOrThrow()
  await db().deleteFrom('sessions').where('user_id', '=', teacher.id).execute()
  await page.getByRole('button', { name: 'Add comment' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.getByLabel('Account').fill('teacher@demo.test')
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Send what you wrote' })).toBeVisible()
  await expect(page.getByText(late)).toBeVisible()
  expect(await comments(late)).toBe(0)
  const commentDraft = () => page.evaluate((id) => Object.keys(localStorage).some((k) => k.endsWith(`:comment-${id}`)), postId)
  // With JavaScript the comment is also a draft in the browser: the sign-in kept it.
  if (js) expect(await commentDraft()).toBe(true)
  await page.getByRole('button', { name: 'Send it now' }).click()
  await expect(page).toHaveURL(new RegExp(`/diary/diaryPost/${postId}`))
  await expect(page.getByText(late)).toBeVisible()
  expect(await comments(late)).toBe(1)
  // Sent from the resume page, the draft is ended: not offered again.
  if (js) {
    expect(await commentDraft()).toBe(false)
    await expect(page.getByRole('button', { name: 'Put it back' })).toHaveCount(0)
  }
})

test('a new journal survives the same faults; a journal duplicate, an invitation and a family pack, their answer lost and sent again, save once', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const school = await newSchoolTeam(info, 'flaky')
  await newPost(school.journalId, school.student.account, 'Museum day')
  const owner = await db().selectFrom('users').select('id').where('account', '=', school.owner).executeTakeFirstOrThrow()
  const name = `Flaky class ${info.project.name} ${Date.now().toString(36)}`
  const count = async (table: 'journals' | 'named' | 'sent_mails' | 'family_packs') =>
    (table === 'journals'
      ? await db().selectFrom('journals').select('id').where('owner_id', '=', owner.id).execute()
      : table === 'named'
        ? await db().selectFrom('journals').select('id').where('name', '=', name).execute()
        : table === 'sent_mails'
          ? await db().selectFrom('sent_mails').select('id').where('journal_id', '=', school.journalId).execute()
          : await db().selectFrom('family_packs').select('id').where('student_id', '=', school.student.id).execute()
    ).length
  await signInToConsole(page, school.owner)

  await page.goto('/diary/homework/new')
  await page.getByLabel('Journal name').fill(name)
  await page.getByLabel('Student limit').fill('7')
  await sendThroughFaults(page, js, {
    path: '/diary/homework/new',
    form: 'form#journal-settings',
    submit: 'Create journal',
    rows: () => count('named'),
    kept: async () => {
      await expect(page.getByLabel('Journal name')).toHaveValue(name)
      await expect(page.getByLabel('Student limit')).toHaveValue('7')
    },
  })
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  expect(await count('named')).toBe(1)

  /** The answer lost, then the form sent again: with JavaScript from the page that kept it, without by reloading the browser's error page. */
  const lostThenAgain = async (send: () => Promise<void>) => {
    if (js) await untilHydrated(page)
    await failNextSend(page, new URL(page.url()).pathname, 'answer')
    await send()
    if (js) {
      await expect(page.getByText('Sending it again is safe')).toBeVisible()
      await send()
    } else await reloadErrorPage(page)
    await expect(page.getByText('Sending it again is safe')).toHaveCount(0)
  }
  await page.goto('/diary')
  await lostThenAgain(() => page.locator('.journal-card').filter({ hasText: 'Team class flaky' }).getByRole('button', { name: 'Duplicate' }).click())
  await expect.poll(() => count('journals')).toBe(3)

  await page.goto(`/diary/homework/${school.journalId}/info`)
  await page.getByLabel("Colleague's e-mail address").fill(await newTeacher(info, 'flaky-invited'))
  await lostThenAgain(() => page.getByRole('button', { name: 'Send invitation' }).click())
  await expect(page.getByRole('status')).toContainText('Invitation sent to')
  expect(await count('sent_mails')).toBe(1)

  await page.goto(`/diary/homework/${school.journalId}/student/${school.student.id}`)
  await page.getByRole('link', { name: 'Family pack' }).click()
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Make the family pack' }) })
  await form.getByLabel(/Museum day/).check()
  await lostThenAgain(() => form.getByRole('button', { name: 'Make the family pack' }).click())
  await expect(page.getByRole('status')).toContainText('The family pack is made')
  expect(await count('journals')).toBe(3)
  expect(await count('family_packs')).toBe(1)
})

test('the message of a failed send is in the page language and passes axe (Chinese, Japanese)', async ({ page }) => {
  for (const [locale, words] of [
    ['zh-TW', '再送出一次是安全的'],
    ['ja', '二重に保存されることはありません'],
  ] as const) {
    await studentSignIn(page, 'student23@demo.test', locale)
    await page.goto('/s/journal/1/new')
    await untilHydrated(page)
    const form = page.locator('form.student-post')
    await form.locator('[name=title]').fill(`Offline ${locale}`)
    await form.locator('[name=event]').fill('Offline')
    await form.locator('[name=emotions]').first().check()
    await form.locator('[name=behaviour]').first().check()
    await failNextSend(page, '/s/journal/1/new', 'request')
    await form.locator('button[type=submit]').click()
    await expect(form.locator('.send-status')).toContainText(words)
    await expectAccessible(page, `a failed send (${locale})`)
    await page.unrouteAll()
  }
})
