import { expect, test, type Page, NO_JS } from './support/test'
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { newTeacher } from './support/accounts'
import { db } from './support/db'
import { signInToConsole } from './support/helpers'
import { newJournalWith, newPost } from './support/posts'
import { schoolDate } from './support/dates'

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  const path = await file.path()
  const png = await readFile(path)
  return { name: file.suggestedFilename(), png, meta: await sharp(png).metadata() }
}

test('a post downloads as a PNG in both layouts, named from its title and date', NO_JS, async ({ page }, info) => {
  const title = `午餐 Lunch ${info.project.name} ${Date.now().toString(36)}`
  const id = await newPost(2, 'student34@demo.test', title)
  const today = schoolDate()
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/diaryPost/${id}`)
  await page.getByRole('link', { name: 'Download image' }).click()
  const dialog = page.getByRole('dialog', { name: 'Download image' })
  // Both layouts are previewed, rendered by the server.
  for (const name of ['Preview: Bamboo: panels one under another', 'Preview: Block: panels two to a row']) {
    await expect(dialog.getByRole('img', { name })).toBeVisible()
    await expect.poll(() => dialog.getByRole('img', { name }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(740)
  }
  const bamboo = await download(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click())
  await dialog.getByLabel('Block: panels two to a row').check()
  const block = await download(page, () => dialog.getByRole('button', { name: 'Download PNG' }).click())
  for (const [layout, file] of [['bamboo', bamboo], ['block', block]] as const) {
    expect(file.name).toBe(`${title}_${today}.png`)
    expect(file.meta.format).toBe('png')
    expect(file.meta.width).toBe(740)
    await info.attach(`post-${layout}.png`, { body: file.png, contentType: 'image/png' })
  }
  // Three panels one under another are taller than two to a row.
  expect(bamboo.meta.height).toBeGreaterThan(block.meta.height!)
  // The 10 px margin is white.
  const { data } = await sharp(block.png).extract({ left: 0, top: 0, width: 740, height: 10 }).raw().toBuffer({ resolveWithObject: true })
  expect(data.every((v) => v === 255)).toBe(true)
})

test('an image that cannot be made shows the image-error dialog; another journal\'s teacher is refused', NO_JS, async ({ page }, info) => {
  const id = await newPost(2, 'student35@demo.test', `Image error ${info.project.name} ${Date.now().toString(36)}`)
  // A stored picture whose bytes are no picture (a disk fault): the drawing fails.
  const student = await db().selectFrom('users').select('id').where('account', '=', 'student35@demo.test').executeTakeFirstOrThrow()
  const broken = randomUUID()
  await db().insertInto('post_pictures').values({ id: broken, owner_id: student.id, content_type: 'image/webp', data: Buffer.from('not a picture'), width: 10, height: 10, created_at: new Date().toISOString() }).execute()
  await db().updateTable('post_frames').set({ img_url: `/pictures/${broken}` }).where('post_id', '=', id).where('frame_type', '=', 'event').execute()
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/diaryPost/${id}/image?compose=0`)
  const dialog = page.getByRole('alertdialog', { name: 'The image could not be made' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('link', { name: 'support@mooddiary.app' })).toBeVisible()
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  await page.context().clearCookies()
  await signInToConsole(page, 'free@demo.test')
  expect((await page.request.get(`/diary/diaryPost/${id}/image?compose=0`)).status()).toBe(403)
})

const SUGGESTIONS = {
  en: { button: 'English', ask: 'Suggest comments', use: 'Use', comment: 'Comment', first: 'I can tell you felt sad', calm: 'You spoke up about how you felt' },
  'zh-TW': { button: '繁體中文', ask: '建議評語', use: '使用', comment: '回饋', first: '我感受到你很難過', calm: '你把自己的感受說了出來' },
  ja: { button: '日本語', ask: 'コメントを提案', use: '使う', comment: 'コメント', first: '気持ちが伝わってきました', calm: '自分の気持ちを言葉にできましたね' },
} as const

test('suggestions for a negative-emotion post in each language, used in the comment form', NO_JS, async ({ page }, info) => {
  const teacher = await newTeacher(info, 'suggest', { standard: true })
  const journal = await newJournalWith(teacher, `Suggestions ${info.project.name}`, ['student36@demo.test'])
  const id = await newPost(journal, 'student36@demo.test', `Sad day ${info.project.name}`)
  await signInToConsole(page, teacher)
  for (const [lng, s] of Object.entries(SUGGESTIONS)) {
    await page.goto(`/diary/diaryPost/${id}`)
    await page.getByRole('button', { name: s.button, exact: true }).click()
    await page.getByRole('link', { name: s.ask }).click()
    const list = page.locator('.suggestions .library-list li')
    await expect(list).toHaveCount(3)
    await expect(list.first(), lng).toContainText(s.first)
    await expect(list.nth(1), lng).toContainText(s.calm)
    await list.first().getByRole('link', { name: s.use }).click()
    await expect(page.getByLabel(s.comment, { exact: true })).toHaveValue(new RegExp(s.first))
  }
  await page.getByRole('button', { name: 'English', exact: true }).click()
})

test('suggestions are f24: a free-plan teacher gets the upgrade dialog and no suggestions', async ({ page }, info) => {
  const id = await newPost(4, 'student42@demo.test', `Free suggestions ${info.project.name} ${Date.now().toString(36)}`)
  await signInToConsole(page, 'free@demo.test')
  await page.goto(`/diary/diaryPost/${id}?suggest=1`)
  await expect(page.locator('.suggestions .library-list li')).toHaveCount(0)
  await page.locator('.suggestions details.upgrade summary', { hasText: 'Suggest comments' }).click()
  await expect(page.getByRole('dialog', { name: 'A paid feature' })).toBeVisible()
})
