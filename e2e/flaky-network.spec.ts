// Forms that survive a flaky school network (issue 50, decision 0072): with the network cut by
// Playwright's routing as the form is sent (the request lost, the answer lost) and a double click,
// nothing typed is lost and exactly one row is saved, with JavaScript and without.
import { expect, test, NO_JS, type Page } from './support/test'
import { db } from './support/db'
import { studentSignIn } from './support/helpers'

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

const postsTitled = async (title: string) => (await db().selectFrom('posts').select('id').where('title', '=', title).execute()).length

test('a student post survives a lost request, a lost answer and a double click: one post, nothing typed lost', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const title = `Flaky ${info.project.name} ${Date.now().toString(36)}`
  await studentSignIn(page, js ? 'student20@demo.test' : 'student21@demo.test')
  await page.goto('/s/journal/1/new')
  const path = '/s/journal/1/new'
  await page.getByLabel('Title').fill(title)
  await page.getByLabel('What happened?').fill('The Wi-Fi dropped in the library.')
  await page.getByLabel('Nervous').check()
  await page.getByLabel('Ask for help').check()

  if (js) {
    await failNextSend(page, path, 'request')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.locator('form.student-post .send-status')).toContainText('Everything you typed is still here')
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await expect(page.getByLabel('Nervous')).toBeChecked()
    expect(await postsTitled(title)).toBe(0)
  }
  await failNextSend(page, path, 'answer')
  await page.getByRole('button', { name: 'Submit' }).click()
  if (js) {
    await expect(page.locator('form.student-post .send-status')).toContainText('Sending it again is safe')
    await expect(page.getByLabel('What happened?')).toHaveValue('The Wi-Fi dropped in the library.')
    await expect(page.getByLabel('Ask for help')).toBeChecked()
    await page.getByRole('button', { name: 'Submit' }).dblclick()
  } else {
    await page.reload()
  }
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  expect(await postsTitled(title)).toBe(1)
})
