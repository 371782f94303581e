// Signing in by fixture (decision 0041): a session row written through the app's own session storage
// and values, and its signed cookie set in the browser. Only the sign-in journeys go through the
// form; every other test starts signed in, in the language it asks for.
import type { BrowserContext } from '@playwright/test'
import { createDbSessionStorage } from '../../app/auth/session-storage.server'
import { loadSessionValues } from '../../app/features/account/session-values.server'
import { isLocale, type Locale } from '../../app/i18n/config'
import { db } from './db'

export interface LoginOptions {
  /** A teacher's or a student's account: a student gets the student pages' session. */
  account: string
  /** The session's language; the account's own when not given. */
  locale?: Locale
}

export async function loginWithSession(context: BrowserContext, { account, locale }: LoginOptions) {
  const user = await db().selectFrom('users').select(['id', 'kind', 'name', 'account', 'locale']).where('account', '=', account).executeTakeFirstOrThrow()
  const storage = createDbSessionStorage(db(), [process.env.SESSION_SECRET!])
  const session = await storage.getSession()
  if (user.kind === 'student') {
    session.set('studentId', user.id)
    session.set('studentName', user.name ?? user.account)
    const language = locale ?? user.locale
    if (isLocale(language)) session.set('locale', language)
  } else {
    const values = await loadSessionValues(db(), user.id)
    for (const [key, value] of Object.entries({ ...values, ...(locale ? { locale } : {}) })) session.set(key as 'userId', value as never)
  }
  const header = await storage.commitSession(session)
  const value = header.slice(header.indexOf('=') + 1, header.indexOf(';'))
  await context.clearCookies({ name: '__session' })
  // Cookies are not kept by port: every worker's server is on localhost.
  await context.addCookies([{ name: '__session', value, domain: 'localhost', path: '/', httpOnly: true, sameSite: 'Lax' }])
}
