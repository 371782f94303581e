import { redirect, type RouterContextProvider } from 'react-router'
import { wantedPath } from './guards.server'
import { getSession, rememberWantedPath } from './session.server'

/** The student pages' guard: no student session goes to /s/login, coming back here after. */
export async function requireStudent(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await getSession(request, context)
  const studentId = session.get('studentId')
  if (studentId) return { session, studentId, studentName: session.get('studentName') ?? '' }
  if (request.method !== 'GET') throw redirect('/s/login')
  throw redirect('/s/login', { headers: { 'Set-Cookie': await rememberWantedPath(request, session, wantedPath(request)) } })
}
