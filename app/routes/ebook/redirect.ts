import { redirect } from 'react-router'
import type { Route } from './+types/redirect'
import { takeOverSession } from '~/auth/ebook-gate.server'

/**
 * /ebook/redirect?console=1 (spec 3): the e-book session takes over the console's (a teacher, once
 * the console's own checks pass) or the student pages' session, with no new sign-in, then goes back
 * to /ebook/login, which goes on to the saved page. Anything else returns to /ebook/login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.get('console') === '1') await takeOverSession(request, context)
  throw redirect('/ebook/login')
}
