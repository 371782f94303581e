import { redirect } from 'react-router'
import type { Route } from './+types/refresh'
import { requireSignedIn, safeRedirectPath } from '~/auth/guards.server'
import { commitSession, destroySession, storeValues } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { loadSessionValues } from '~/features/account/session-values.server'

/**
 * /refresh reloads the user's values into the session and goes to the saved path (default /diary);
 * on failure to /login. The session keeps the language chosen in it unless `overwrite=1` asks for
 * the account's language too.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await requireSignedIn(request, context)
  const values = await loadSessionValues(db, session.get('userId')!)
  if (!values) throw redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } })
  const overwrite = new URL(request.url).searchParams.get('overwrite') === '1'
  const keepLocale = session.get('locale')
  storeValues(session, values)
  if (!overwrite && keepLocale) session.set('locale', keepLocale)
  const to = safeRedirectPath(session.get('redirect_path'))
  session.unset('redirect_path')
  throw redirect(to, { headers: { 'Set-Cookie': await commitSession(request, session) } })
}
