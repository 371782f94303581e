// A picture far over the limits (decision 0045): the client gets an answer, 413 with the form it
// came from and its message in the user's language, then the connection closes; never a reset. The
// server reads none of a declared length and drops the rest of a chunked one: memory stays flat.
import { mkdirSync, truncateSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test, NO_JS } from './support/test'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole, studentSignIn } from './support/helpers'
import { peakMemoryDuring, stubbornUpload, upload, type UploadAnswer } from './support/uploads'

const MB = 1024 * 1024
/** A student of 502 Feelings Journal whom no other test writes as: nothing here is stored. */
const STUDENT = 'student50@demo.test'

const sessionCookie = async (page: Page) => (await page.context().cookies()).filter((c) => c.name === '__session').map((c) => `${c.name}=${c.value}`).join('; ')

async function journalOf(account: string) {
  const row = await db().selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select('m.journal_id').where('u.account', '=', account).executeTakeFirstOrThrow()
  return row.journal_id
}

const summary = (a: UploadAnswer) => ({ status: a.status, connection: a.headers.connection, error: a.errorBeforeAnswer ?? null })

test('a 50 MB avatar or post picture, with a length and chunked: 413 with its form and message in the user\'s language, then the connection closes', async ({ page, baseURL }, info) => {
  test.setTimeout(120_000)
  await signInToConsole(page, await newTeacher(info, 'bigavatar'), 'ja')
  const teacher = await sessionCookie(page)
  await page.context().clearCookies()
  await studentSignIn(page, STUDENT, 'zh-TW')
  const student = await sessionCookie(page)
  const avatar = { url: new URL('/setting/user', baseURL), cookie: teacher, fields: { intent: 'avatar' }, file: 'avatar', size: 50 * MB }
  const picture = { url: new URL(`/s/journal/${await journalOf(STUDENT)}/new`, baseURL), cookie: student, fields: { title: '大圖' }, file: 'picture', size: 50 * MB }

  // All four at once, while the app's memory is watched.
  const { result, before, peak } = await peakMemoryDuring(() =>
    Promise.all([upload({ ...avatar, chunked: false }), upload({ ...avatar, chunked: true }), upload({ ...picture, chunked: false }), upload({ ...picture, chunked: true })]),
  )
  const [avatarLength, avatarChunked, pictureLength, pictureChunked] = result
  for (const answer of result) expect(summary(answer)).toEqual({ status: 413, connection: 'close', error: null })
  for (const answer of [avatarLength, avatarChunked]) {
    // The settings page with the avatar dialog open and its message, in Japanese.
    expect(answer.body).toContain('<html lang="ja"')
    expect(answer.body).toContain('アバターの変更')
    expect(answer.body).toContain('画像が 5 MB を超えています。')
  }
  for (const answer of [pictureLength, pictureChunked]) {
    expect(answer.body).toContain('<html lang="zh-TW"')
    expect(answer.body).toContain('name="picture"')
    expect(answer.body).toContain('圖片不可超過 5 MB。')
  }
  // A declared length is answered before its body: at most what the client had in flight was sent.
  expect(avatarLength.sentWhenAnswered).toBeLessThan(20 * MB)
  expect(pictureLength.sentWhenAnswered).toBeLessThan(20 * MB)
  info.annotations.push({
    type: 'measured',
    description: `time to 413 (ms): avatar ${avatarLength.msToAnswer.toFixed(0)} with a length, ${avatarChunked.msToAnswer.toFixed(0)} chunked; picture ${pictureLength.msToAnswer.toFixed(0)}, ${pictureChunked.msToAnswer.toFixed(0)}; app memory ${before.toFixed(0)} → ${peak.toFixed(0)} MB`,
  })
  // A chunked body is read to the reader's limit (10 MiB of file) and dropped: 200 MB sent, nothing kept.
  expect(peak - before, `grew from ${before.toFixed(0)} to ${peak.toFixed(0)} MB`).toBeLessThan(120)
})

test('a 50 MB class list gets the upload form again with its message', async ({ page, baseURL }, info) => {
  await signInToConsole(page, await newTeacher(info, 'biglist'), 'zh-TW')
  const answer = await upload({ url: new URL('/student', baseURL), cookie: await sessionCookie(page), fields: { intent: 'upload' }, file: 'file', size: 50 * MB, chunked: false })
  expect(summary(answer)).toEqual({ status: 413, connection: 'close', error: null })
  expect(answer.body).toContain('班級檔案超過 2 MB。')
})

test('a client that sends all of its 50 MB before reading gets the answer and a closed connection, never a reset', async ({ page, baseURL }, info) => {
  test.setTimeout(120_000)
  await signInToConsole(page, await newTeacher(info, 'stubborn'))
  const answer = await stubbornUpload({ url: new URL('/setting/user', baseURL), cookie: await sessionCookie(page), fields: { intent: 'avatar' }, file: 'avatar', size: 50 * MB })
  expect(answer).toEqual({ status: 413, end: 'fin', writeErrors: [], sent: 50 * MB })
})

test('on a slow network the 413 comes at once, before the picture is sent', async ({ page, baseURL }, info) => {
  await signInToConsole(page, await newTeacher(info, 'slownet'))
  // 2 MB a second: the 50 MB would take 25 s to send.
  const answer = await upload({ url: new URL('/setting/user', baseURL), cookie: await sessionCookie(page), fields: { intent: 'avatar' }, file: 'avatar', size: 50 * MB, chunked: false, bytesPerSecond: 2 * MB })
  expect(summary(answer)).toEqual({ status: 413, connection: 'close', error: null })
  expect(answer.body).toContain('The picture is larger than 5 MB.')
  expect(answer.msToAnswer).toBeLessThan(5000)
  expect(answer.sentWhenAnswered).toBeLessThan(10 * MB)
})

/** A 50 MB file on disk for the browser to send (a buffer that large cannot be handed to the page). */
function bigFile(dir: string) {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'huge.png')
  writeFileSync(file, Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'))
  truncateSync(file, 50 * MB)
  return file
}

test('choosing a 50 MB avatar or post picture shows the form again with the message', NO_JS, async ({ page }, info) => {
  test.setTimeout(90_000)
  const file = bigFile(info.outputPath())
  await signInToConsole(page, await newTeacher(info, 'hugeavatar'))
  await page.goto('/setting/user?edit=avatar')
  const dialog = page.getByRole('dialog', { name: 'Change avatar' })
  await dialog.getByLabel('Picture (PNG or JPEG, up to 5 MB)').setInputFiles(file)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('dialog', { name: 'Change avatar' }).getByText('The picture is larger than 5 MB.')).toBeVisible()
  await expect(page).toHaveTitle(/Account settings/)

  await page.context().clearCookies()
  await studentSignIn(page, STUDENT)
  await page.goto(`/s/journal/${await journalOf(STUDENT)}/new`)
  await page.getByLabel('Title').fill('A huge photo')
  await page.getByLabel('What happened?').fill('I took a photo of the whole class.')
  await page.getByLabel('Happy').check()
  await page.getByLabel('Try again').check()
  await page.getByLabel('Picture (optional)').setInputFiles(file)
  await page.getByRole('button', { name: /Submit|Share/ }).click()
  await expect(page.getByText('The picture must be 5 MB or smaller.')).toBeVisible()
  // With JavaScript what was typed stays; without it the body was never read, so the form starts afresh.
  if (info.project.name === 'js') await expect(page.getByLabel('Title')).toHaveValue('A huge photo')
  expect(await db().selectFrom('posts as p').innerJoin('users as u', 'u.id', 'p.creator_id').select('p.id').where('u.account', '=', STUDENT).where('p.title', '=', 'A huge photo').execute()).toEqual([])
})
