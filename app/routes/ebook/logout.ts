import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { commitSession, getSession } from '~/auth/session.server'
import { readForm } from '~/http/form.server'

/** /ebook/logout (spec 3): ends the e-book session only; the console's or the student's stays, and the person goes back there. */
export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request)
  const session = await getSession(request, context)
  const to = session.get('userId') ? '/diary' : session.get('studentId') ? '/s' : '/index'
  session.unset('ebookUser')
  return redirect(to, { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

/** A plain visit goes to the e-book's login check (signing out is a POST). */
export const loader = () => redirect('/ebook/login')
