import { redirect } from 'react-router'
import type { Route } from './+types/redirect'
import { requireUser } from '~/auth/guards.server'
import { commitSession, getSession } from '~/auth/session.server'

/**
 * /ebook/redirect?console=1 (spec 3): the e-book session takes over the console's (a teacher, once
 * the console's own checks pass) or the student pages' session, with no new sign-in, then goes back
 * to /ebook/login, which goes on to the saved page. Anything else returns to /ebook/login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context)
  if (new URL(request.url).searchParams.get('console') !== '1') throw redirect('/ebook/login')
  if (session.get('userId')) {
    const { user, session: fresh } = await requireUser(request, context)
    fresh.set('ebookUser', { userId: user.userId, kind: 'teacher', name: user.userName })
    throw redirect('/ebook/login', { headers: { 'Set-Cookie': await commitSession(request, fresh) } })
  }
  const studentId = session.get('studentId')
  if (studentId) {
    session.set('ebookUser', { userId: studentId, kind: 'student', name: session.get('studentName') ?? '' })
    throw redirect('/ebook/login', { headers: { 'Set-Cookie': await commitSession(request, session) } })
  }
  throw redirect('/ebook/login')
}
