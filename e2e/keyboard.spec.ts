// A teacher who uses the keyboard alone: sign in, open a journal, a post, comment, send the post
// back, create a journal. Only Tab, Shift+Tab, Enter, Space and typing; after each client
// navigation focus is on the new page's heading (ui/focus-on-navigate.ts).
import type { Locator, Page } from '@playwright/test'
import { newPost } from './support/posts'
import { expect, test, NO_JS } from './support/test'

/** Tab (or Shift+Tab) until `target` has the focus: it is reachable, in a sensible number of steps. */
async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}) {
  await target.waitFor()
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
    if (await target.evaluate((el) => el === document.activeElement)) return
  }
  throw new Error(`${String(target)} was not reached in ${max} presses of Tab`)
}

const headingHasFocus = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeFocused()

test('keyboard only: sign in, a journal, a post, a comment, send back, a new journal', NO_JS, async ({ page }, info) => {
  const title = `Keyboard ${info.project.name} ${Date.now().toString(36)}`
  await newPost(1, 'student02@demo.test', title)

  await page.goto('/login')
  await tabTo(page, page.getByLabel('Account'))
  await page.keyboard.type('teacher@demo.test')
  await tabTo(page, page.getByLabel('Password'))
  await page.keyboard.type('demo-pass-1')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/diary$/)

  await tabTo(page, page.getByRole('link', { name: '501 心情日記' }).first())
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/diary\/homework\/1\/news$/)
  if (info.project.use.javaScriptEnabled !== false) await headingHasFocus(page, /.+/)

  await tabTo(page, page.getByRole('link', { name: title }))
  await page.keyboard.press('Enter')
  await headingIs(page, title, info.project.use.javaScriptEnabled !== false)

  // A comment: its type (a radio group: Tab enters it once, the arrow keys choose), its text, the button.
  const advice = page.getByRole('radio', { name: 'Advice' })
  await tabTo(page, page.locator(`input[type=radio][name="${await advice.getAttribute('name')}"]`).first(), { max: 120 })
  for (let i = 0; i < 5 && !(await advice.isChecked()); i++) await page.keyboard.press('ArrowDown')
  await expect(advice).toBeChecked()
  await expect(advice).toBeFocused()
  await tabTo(page, page.getByLabel('Comment', { exact: true }))
  await page.keyboard.type('Thank you for telling me. What could you try next time?')
  await tabTo(page, page.getByRole('button', { name: 'Add comment' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status')).toHaveText('Comment added.')
  await expect(page.getByText('Thank you for telling me. What could you try next time?')).toBeVisible()

  // Send back asks first; the dialog's safe choice has the focus, the confirmation is one Shift+Tab away.
  await tabTo(page, page.getByRole('link', { name: 'Send back' }), { back: true, max: 120 })
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('alertdialog', { name: 'Send this post back?' })
  await expect(dialog).toBeVisible()
  if (info.project.use.javaScriptEnabled !== false) {
    await expect(dialog.getByRole('link', { name: 'Cancel' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
  } else {
    await tabTo(page, dialog.getByRole('button', { name: 'Send back' }))
  }
  await expect(dialog.getByRole('button', { name: 'Send back' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.locator('.page-head .badge')).toHaveText('Sent back')

  // A new journal, from the journals page.
  await tabTo(page, page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My journals' }), { back: true, max: 120 })
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/diary$/)
  await tabTo(page, page.getByRole('link', { name: 'New journal' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/diary\/homework\/new$/)
  await tabTo(page, page.getByLabel('Journal name'))
  const name = `Keyboard class ${Date.now().toString(36)}`
  await page.keyboard.type(name)
  await tabTo(page, page.getByRole('button', { name: 'Create journal' }), { max: 120 })
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

/** The post page's heading; with JavaScript it also has the focus. */
async function headingIs(page: Page, name: string, focused: boolean) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  if (focused) await headingHasFocus(page, name)
}
