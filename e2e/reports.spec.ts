import { expect, test, type Page, NO_JS } from './support/test'
import ExcelJS from 'exceljs'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { addDays } from '../app/shared/dates'
import { todayDate } from '../app/shared/dates'
import { signInToConsole } from './support/helpers'
import { newJournalWith } from './support/posts'

// Dates as the school sees them (its time zone decides what "today" is), as the server does.
const today = () => todayDate()
const daysAgo = (n: number) => addDays(todayDate(), -n)

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()])
  return { name: file.suggestedFilename(), body: await readFile(await file.path()) }
}

test('reports: tabs, presets, the posts behind a slice five at a time, and a chart saved as PNG', NO_JS, async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/1/news')
  await page.getByRole('navigation', { name: 'Journal menu' }).getByRole('link', { name: 'Reports' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Report' })).toBeVisible()
  await expect(page.getByText(`${daysAgo(14)} to ${today()}`)).toBeVisible()
  await expect(page.locator('figure.chart svg')).toBeVisible()

  await page.getByRole('link', { name: '60 days' }).click()
  await expect(page.getByText(`${daysAgo(59)} to ${today()}`)).toBeVisible()
  for (const tab of ['Emotion distribution', 'Behaviours', 'Emotion groups']) {
    await page.getByRole('navigation', { name: 'Charts' }).getByRole('link', { name: tab }).click()
    await expect(page.getByRole('heading', { level: 2, name: tab })).toBeVisible()
    await expect(page.locator('figure.chart svg')).toBeVisible()
  }
  await expect(page).toHaveURL(/days=60/)
  await expect(page).toHaveURL(/tab=pie/)

  // A slice: five posts, then five more; another slice starts again at five.
  await page.locator('figure.chart svg a').first().click()
  const picked = page.locator('.picked .people > li')
  await expect(picked).toHaveCount(5)
  await page.getByRole('link', { name: 'Load more' }).click()
  await expect(picked).toHaveCount(10)
  await page.locator('figure.chart svg a').nth(1).click()
  await expect(picked).toHaveCount(5)
  await picked.first().getByRole('link').click()
  await expect(page).toHaveURL(/\/diary\/diaryPost\/\d+$/)
  await page.goBack()

  const png = await download(page, () => page.getByRole('link', { name: 'Save as PNG' }).click())
  expect(png.name).toMatch(/^501 心情日記 - Emotion groups .*\.png$/)
  const meta = await sharp(png.body).metadata()
  expect([meta.format, meta.width]).toEqual(['png', 1440])
  // Headed by what it shows (journal, chart, range) above the 720 × 380 chart drawn at twice its size.
  expect(meta.height).toBeGreaterThan(760 + 60)
  const { data, info } = await sharp(png.body).extract({ left: 0, top: 0, width: 1440, height: 60 }).raw().toBuffer({ resolveWithObject: true })
  let dark = 0
  for (let i = 0; i < data.length; i += info.channels) if (data[i] < 100 && data[i + 1] < 100 && data[i + 2] < 100) dark++
  expect(dark).toBeGreaterThan(200)

  // The whole report of the same range as a PDF: every chart, named after the journal and the range.
  const pdf = await download(page, () => page.getByRole('link', { name: 'The whole report as a PDF' }).click())
  expect(pdf.name).toBe(`Report _ 501 心情日記 ${daysAgo(59)}_${today()}.pdf`)
  expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-')
})

test('reports: the custom range is checked, and its buttons fill the dates', NO_JS, async ({ page }, info) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/1/report?tab=bar')
  const start = page.getByLabel('Start', { exact: true })
  const end = page.getByLabel('End', { exact: true })
  const apply = page.getByRole('button', { name: 'Apply' })
  if (info.project.name === 'js') {
    await start.fill(daysAgo(3))
    await expect(apply).toBeDisabled()
  }
  await start.fill(daysAgo(2))
  await end.fill(daysAgo(5))
  await apply.click()
  await expect(page.getByRole('alert')).toHaveText('The start date cannot be after the end date.')
  await expect(page.getByText(`${daysAgo(14)} to ${today()}`)).toBeVisible()

  await page.getByRole('button', { name: "From the journal's start" }).click()
  await expect(start).not.toHaveValue(daysAgo(2))
  const created = await start.inputValue()
  await page.getByRole('button', { name: 'To the last post' }).click()
  // The demo's last post is today or yesterday, as the school's time zone sees it.
  await expect(end).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  const last = await end.inputValue()
  expect([today(), daysAgo(1)]).toContain(last)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText(`${created} to ${last}`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`start=${created}&end=${last}`))

  // The date pickers stop at the creation date and today; a URL typed by hand is checked on the server.
  await expect(start).toHaveAttribute('min', created)
  await page.goto(`/diary/homework/1/report?tab=bar&start=2020-01-01&end=${today()}`)
  await expect(page.getByRole('alert')).toContainText(`Choose dates between the journal's creation date (${created}) and today (${today()}).`)
})

test('reports and export are refused without f8 and f7, to another journal, and for an unknown student', async ({ page }, info) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/1/student/99999999/report')
  await expect(page).toHaveURL(/\/404$/)
  // A journal without posts: the no-data state, no chart.
  const empty = await newJournalWith('teacher@demo.test', `Quiet class ${info.project.name} ${Date.now().toString(36)}`, [])
  await page.goto(`/diary/homework/${empty}/report?tab=pie`)
  await expect(page.getByText('No posts in this date range yet. Try a longer range.')).toBeVisible()
  await expect(page.locator('figure.chart')).toHaveCount(0)
  await page.context().clearCookies()
  await signInToConsole(page, 'free@demo.test')
  await page.goto('/diary/homework/4/report')
  await expect(page.getByText('A paid feature')).toBeVisible()
  await expect(page.locator('figure.chart')).toHaveCount(0)
  expect((await page.request.get('/diary/homework/4/report/chart.png?tab=pie&days=90')).status()).toBe(403)
  expect((await page.request.get('/diary/homework/4/report/report.pdf?days=90')).status()).toBe(403)
  await page.goto('/diary/homework/4/export')
  await expect(page.getByText('A paid feature')).toBeVisible()
  expect((await page.request.get(`/diary/homework/4/export.xlsx?start=${daysAgo(30)}&end=${today()}`, { maxRedirects: 0 })).status()).toBe(403)
  expect((await page.request.get('/diary/homework/2/report')).status()).toBe(403)
  expect((await page.request.get('/diary/homework/2/report/report.pdf')).status()).toBe(403)
  expect((await page.request.get(`/diary/homework/2/export.xlsx?start=${daysAgo(30)}&end=${today()}`, { maxRedirects: 0 })).status()).toBe(403)
})

test('export: the dialogs, then the raw data file opened and checked', NO_JS, async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto('/diary/homework/1/export')
  await page.getByRole('button', { name: 'Export' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Choose the dates' })).toBeVisible()
  // The answer is a dialog: closed first (its Close link, or Escape with JavaScript), the form keeps its values.
  await page.getByRole('alertdialog').getByRole('link', { name: 'Close' }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await page.getByLabel('Start date').fill('2026-01-01')
  await page.getByLabel('End date').fill('2026-01-31')
  await page.getByRole('button', { name: 'Export' }).click()
  await expect(page.getByRole('alertdialog', { name: 'Nothing to export' })).toBeVisible()
  if (test.info().project.name === 'js') await page.keyboard.press('Escape')
  else await page.getByRole('alertdialog').getByRole('link', { name: 'Close' }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByLabel('Start date')).toHaveValue('2026-01-01')

  await page.getByLabel('Start date').fill(daysAgo(6))
  await page.getByLabel('End date').fill(today())
  await page.getByLabel('Student name').check()
  await page.getByRole('button', { name: 'Export' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Your file is being generated:')
  const posts = Number((await dialog.textContent())!.match(/(\d+) posts?\./)![1])
  const file = await download(page, () => dialog.getByRole('link', { name: 'Download the file' }).click())
  expect(file.name).toBe(`501 心情日記 - Raw data ${daysAgo(6)}_${today()}.xlsx`)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(file.body.buffer.slice(file.body.byteOffset, file.body.byteOffset + file.body.byteLength) as ArrayBuffer)
  const sheet = book.worksheets[0]
  expect(sheet.rowCount).toBe(posts + 1)
  expect(sheet.getRow(1).getCell(6).value).toBe('Title')
  const students: string[] = []
  for (let r = 2; r <= sheet.rowCount; r++) {
    const date = String(sheet.getRow(r).getCell(4).value)
    expect(date >= daysAgo(6) && date <= today()).toBe(true)
    students.push(String(sheet.getRow(r).getCell(3).value))
  }
  expect(students).toEqual([...students].sort((a, b) => a.localeCompare(b)))
})

test('export: a B-card holds the teachers comments, checked cell by cell', async ({ page }) => {
  await signInToConsole(page, 'teacher@demo.test')
  await page.goto(`/diary/homework/1/export?format=bcard&start=${daysAgo(59)}&end=${today()}&students=all&sort=time&order=desc&go=1`)
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Your file is being generated:')
  const posts = Number((await dialog.textContent())!.match(/(\d+) posts?\./)![1])
  const file = await download(page, () => dialog.getByRole('link', { name: 'Download the file' }).click())
  expect(file.name).toBe(`501 心情日記 - B-card ${daysAgo(59)}_${today()}.xlsx`)
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(file.body.buffer.slice(file.body.byteOffset, file.body.byteOffset + file.body.byteLength) as ArrayBuffer)
  const sheet = book.worksheets[0]
  expect(sheet.name).toBe('B-card')
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Student', 'Account', 'Diary date', 'Title', 'What happened', 'Feelings', 'What I did', 'More about what I did', 'Comments'])
  expect(sheet.rowCount).toBe(posts + 1)
  let commented = 0
  let previous = '9999-99-99'
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r)
    const date = String(row.getCell(3).value)
    expect(date <= previous).toBe(true) // newest first
    previous = date
    expect(String(row.getCell(2).value)).toMatch(/^student\d\d@demo\.test$/)
    expect(String(row.getCell(4).value).length).toBeGreaterThan(0)
    const comments = row.getCell(9).value
    if (comments) {
      commented++
      expect(String(comments)).toMatch(/^\[(Error|Advice|Praise|Other)\] .+: .+/)
    }
  }
  expect(commented).toBeGreaterThan(0)
})
