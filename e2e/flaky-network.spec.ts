// Forms that survive a flaky school network (decision 0072): with the network cut by
// Playwright's routing as the form is sent (the request lost, the answer lost) and a double click,
// nothing typed is lost and exactly one row is saved, with JavaScript and without.
import { expect, expectAccessible, test, NO_JS, untilHydrated, type Page } from './support/test'
import { db } from './support/db'
import { DEMO_PASSWORD, signInToConsole, studentSignIn } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'
import { newSchoolTeam, schoolCalendarOf } from './support/school'
import { newTeacher } from './support/accounts'
import { classCsv, encoded } from '../tests/support/class-csv'
import { bookFor, choosePosts, drawPendingPages, openBook, saveBasicInfo } from '../app/features/ebooks/books.server'

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

/** A book of the student ready for step 4 (chosen posts, basic info, every page drawn), as steps 1 to 3 leave it. */
async function printableBook(journalId: number, studentId: number, teacherId: number) {
  const who = { userId: teacherId, kind: 'teacher' as const }
  const bookId = (await openBook(db(), journalId, studentId, who))!
  const posts = await db().selectFrom('posts').select('id').where('journal_id', '=', journalId).where('creator_id', '=', studentId).execute()
  expect(await choosePosts(db(), (await bookFor(db(), bookId, who))!, posts.map((p) => p.id))).toEqual({ ok: true })
  await saveBasicInfo(db(), (await bookFor(db(), bookId, who))!, { name: 'Flaky keepsake', aboutAuthor: 'I like trains.', thanks: 'Thank you.', postscript: 'Bye.' })
  await drawPendingPages(db(), bookId, (code) => code)
  return bookId
}

test('a student import, a writing reminder and an e-book export survive the same faults: one import, one reminder, one export', NO_JS, async ({ page }, info) => {
  const js = info.project.name === 'js'
  const school = await newSchoolTeam(info, 'flaky-more')
  const owner = await db().selectFrom('users').select('id').where('account', '=', school.owner).executeTakeFirstOrThrow()
  const stamp = `${info.project.name}-${Date.now().toString(36)}`
  await signInToConsole(page, school.owner)

  // A class file imported into a new journal: its accounts are made once.
  const kids = [1, 2].map((i) => ({ name: `Flaky kid ${i}`, account: `flaky-kid-${stamp}-${i}` }))
  const classJournal = `Imported ${stamp}`
  const imported = async () => (await db().selectFrom('journals').select('id').where('name', '=', classJournal).execute()).length
  const uploadForm = 'form:has(#import-file)'
  const csv = encoded(classCsv(kids), 'utf-8')
  await page.goto('/student')
  await page.getByLabel('Class file (.csv)').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: csv })
  if (js) {
    // The upload lost on the way: the file stays chosen, and the page says it was not sent.
    await untilHydrated(page)
    await failNextSend(page, '/student', 'request')
    await page.getByRole('button', { name: 'Preview' }).click()
    await expect(page.locator(`${uploadForm} .send-status`)).toContainText('Everything you typed is still here')
    expect(await page.getByLabel('Class file (.csv)').evaluate((input: HTMLInputElement) => [...(input.files ?? [])].map((f) => `${f.name} ${f.size}`))).toEqual([`class.csv ${csv.length}`])
    await expect(page.getByRole('heading', { name: /Preview/ })).toHaveCount(0)
  }
  await page.getByRole('button', { name: 'Preview' }).click()
  await expect(page.getByRole('heading', { name: 'Preview: 2 students' })).toBeVisible()
  if (js) await expect(page.locator(`${uploadForm} .send-status`)).toBeEmpty()
  await page.getByRole('radio', { name: 'A new journal' }).check()
  await page.getByLabel('New journal name').fill(classJournal)
  await page.getByLabel('Name 2', { exact: true }).fill('Flaky kid two')
  await sendThroughFaults(page, js, {
    path: '/student',
    form: 'form.import-preview',
    submit: 'Import',
    rows: imported,
    kept: async () => {
      await expect(page.getByRole('radio', { name: 'A new journal' })).toBeChecked()
      await expect(page.getByLabel('New journal name')).toHaveValue(classJournal)
      await expect(page.getByLabel('Name 2', { exact: true })).toHaveValue('Flaky kid two')
    },
  })
  await expect(page.getByRole('status')).toHaveText('2 students were imported.')
  // The import's own answer, not a refusal of the second send (its accounts exist) under the first one's message.
  await expect(page.getByRole('heading', { name: /^Preview/ })).toHaveCount(0)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(await imported()).toBe(1)
  const accounts = await db().selectFrom('users').select(['account', 'name']).where('account', 'in', kids.map((k) => k.account)).orderBy('account').execute()
  expect(accounts).toEqual([{ account: kids[0].account, name: 'Flaky kid 1' }, { account: kids[1].account, name: 'Flaky kid two' }])
  const [members] = await db().selectFrom('journal_members as m').innerJoin('journals as j', 'j.id', 'm.journal_id').select((eb) => eb.fn.countAll<number>().as('n')).where('j.name', '=', classJournal).execute()
  expect(Number(members.n)).toBe(2)

  // A writing reminder to the ticked one of two students who have not written, in school time.
  const remindJournal = await newJournalWith(school.owner, `Remind ${stamp}`, [school.student.account, school.classmate.account])
  await schoolCalendarOf(remindJournal)
  const reminders = async () => (await db().selectFrom('writing_reminders').select('student_id').where('journal_id', '=', remindJournal).execute()).length
  await page.goto(`/diary/homework/${remindJournal}/notWritten`)
  await page.getByRole('checkbox', { name: 'Remind Pupil flaky-more-pupil' }).uncheck()
  await sendThroughFaults(page, js, {
    path: `/diary/homework/${remindJournal}/notWritten`,
    form: 'form.not-written',
    submit: 'Remind them',
    rows: reminders,
    kept: async () => {
      await expect(page.getByRole('checkbox', { name: 'Remind Pupil flaky-more-pupil' })).not.toBeChecked()
      await expect(page.getByRole('checkbox', { name: 'Remind Pupil flaky-more-mate' })).toBeChecked()
    },
  })
  await expect(page.getByRole('status').filter({ hasText: 'reminded' })).toHaveText('1 student reminded.')
  await expect(page.getByRole('checkbox', { name: 'Remind Pupil flaky-more-pupil' })).not.toBeChecked()
  expect(await db().selectFrom('writing_reminders').select(['student_id', 'teacher_id']).where('journal_id', '=', remindJournal).execute()).toEqual([{ student_id: school.classmate.id, teacher_id: owner.id }])

  // The PDF of a book made once.
  await newPost(school.journalId, school.student.account, 'Train day')
  const bookId = await printableBook(school.journalId, school.student.id, owner.id)
  const exports = () => db().selectFrom('ebook_exports').select(['status', 'started_at']).where('ebook_id', '=', bookId).execute()
  await page.goto(`/ebook/${bookId}/download`)
  await sendThroughFaults(page, js, {
    path: `/ebook/${bookId}/download`,
    form: 'form.print-start',
    submit: 'Make the PDF',
    rows: async () => (await exports()).length,
    kept: () => expect(page.getByRole('button', { name: 'Make the PDF' })).toBeEnabled(),
  })
  const [started] = await exports()
  await expect(page.getByRole('link', { name: 'Download the PDF' })).toBeVisible({ timeout: 20_000 })
  // One export, made to the end, and never begun again.
  expect(await exports()).toEqual([{ status: 'done', started_at: started.started_at }])
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
