import { redirect } from 'react-router'
import type { Route } from './+types/logout'
import { destroySession, getSession } from '~/auth/session.server'
import { readForm } from '~/http/form.server'

/** A student's sign-out ends the session and returns to the student sign-in. */
export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request)
  const session = await getSession(request, context)
  return redirect('/s/login', { headers: { 'Set-Cookie': await destroySession(session) } })
}

export const loader = () => redirect('/s')
