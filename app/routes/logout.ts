import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { destroySession, getSession } from '~/auth/session.server'
import { readForm } from '~/http/form.server'

/** Sign-out destroys the server session and goes to the landing page. */
export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request)
  return signOut(request, context)
}

async function signOut(request: Request, context: Route.ActionArgs['context']) {
  const session = await getSession(request, context)
  return redirect('/index', { headers: { 'Set-Cookie': await destroySession(session) } })
}

/**
 * A plain visit (bookmark, typed URL) signs out too, like the spec's /logout page; a link from
 * another site does not (the express server already refuses cross-site POSTs).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.headers.get('Sec-Fetch-Site') === 'cross-site') return redirect('/diary')
  return signOut(request, context)
}
