import type { Browser, Page } from '@playwright/test'
import { studentSignIn } from './helpers'
import { expect } from './test'

/**
 * A class job's page (decision 0053) refused to the signed-in teacher of another journal: the page, the
 * start and the result file are 403; and to the journal's own student, whose start is refused or
 * sent elsewhere. The caller then checks that nothing was made.
 */
export async function expectClassJobRefused(page: Page, browser: Browser, v: { journalId: number; path: 'classBooks' | 'parentPacks'; file: string; form: Record<string, string>; studentAccount: string }) {
  const origin = new URL(page.url()).origin
  const url = `/diary/homework/${v.journalId}/${v.path}`
  expect((await page.request.get(url, { maxRedirects: 0 })).status()).toBe(403)
  expect((await page.request.post(url, { form: v.form, headers: { Origin: origin }, maxRedirects: 0 })).status()).toBe(403)
  expect((await page.request.get(`${url}/${v.file}`, { maxRedirects: 0 })).status()).toBe(403)
  const asStudent = await browser.newContext()
  const studentPage = await asStudent.newPage()
  await studentSignIn(studentPage, v.studentAccount)
  const refused = await studentPage.request.post(url, { form: v.form, headers: { Origin: origin }, maxRedirects: 0 })
  expect([302, 403]).toContain(refused.status())
  if (refused.status() === 302) expect(refused.headers().location).not.toContain(v.path)
  await asStudent.close()
}
