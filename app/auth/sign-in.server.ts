import { redirect, type RouterContextProvider } from 'react-router'
import { db } from '~/db/db.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { rotateSession } from './session.server'

/**
 * Signs a teacher in (password, reset link, Google or the education cloud): a new session with the
 * user's values, then the login check decides where to go (spec 1 section 4).
 */
export async function signInAs(request: Request, context: Readonly<RouterContextProvider> | undefined, userId: number) {
  const values = await loadSessionValues(db, userId)
  if (!values) throw new Error('user vanished during sign-in')
  const { headers } = await rotateSession(request, context, values)
  return redirect('/login/check', { headers })
}
