import { redirect } from 'react-router'
import type { Route } from './+types/locale'
import { localePick } from '~/auth/cookies.server'
import { localPath } from '~/auth/guards.server'
import { commitSession, getSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { setLocale } from '~/features/account/mode.server'
import { isLocale } from '~/i18n/config'
import { localeCookie } from '~/i18n/middleware.server'
import { readForm } from '~/http/form.server'

/**
 * The language switcher posts here: a visitor's choice goes into a cookie, and for an hour into a
 * second one that the next sign-in takes into the account (cookies.server.ts, localePick); a
 * signed-in user's into the session and the account. Then the same page is loaded again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const locale = form.get('locale')
  const back = localPath(form.get('redirectTo'), '/index')
  if (!isLocale(locale)) return redirect(back)
  const headers = new Headers()
  headers.append('Set-Cookie', await localeCookie.serialize(locale))
  const session = await getSession(request, context)
  // A teacher's or a student's account keeps the choice.
  const userId = session.get('userId') ?? session.get('studentId')
  if (userId) {
    await setLocale(db, userId, locale)
    session.set('locale', locale)
    headers.append('Set-Cookie', await commitSession(request, session))
  } else headers.append('Set-Cookie', await localePick.remember(request, locale))
  return redirect(back, { headers })
}

export const loader = () => redirect('/index')
