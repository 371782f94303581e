// Switch one browser's session to a language without touching the account: the demo accounts are
// shared by tests running in parallel, and the language switcher would save the choice to the
// account (routes/locale.ts). The session lives in the database; its cookie holds its signed id.
import type { BrowserContext } from '@playwright/test'
import { db } from './db'

export async function useSessionLocale(context: BrowserContext, locale: 'en' | 'zh-TW' | 'ja') {
  const cookie = (await context.cookies()).find((c) => c.name === '__session')
  if (!cookie) throw new Error('not signed in')
  const signed = decodeURIComponent(cookie.value)
  const id = JSON.parse(Buffer.from(signed.slice(0, signed.lastIndexOf('.')), 'base64').toString()) as string
  const row = await db().selectFrom('sessions').select('data').where('id', '=', id).executeTakeFirstOrThrow()
  await db().updateTable('sessions').set({ data: JSON.stringify({ ...JSON.parse(row.data), locale }) }).where('id', '=', id).execute()
}
