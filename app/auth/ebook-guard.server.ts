import { redirect, type RouterContextProvider } from 'react-router'
import type { Maker } from '~/features/ebooks/books.server'
import { requireUser, wantedPath } from './guards.server'
import { getSession, rememberWantedPath } from './session.server'

export interface EbookUser {
  maker: Maker
  name: string
  /** Where "back" goes: the console's journal list or the student's home. */
  home: string
  session: Awaited<ReturnType<typeof getSession>>
}

/**
 * The e-book pages' guard (spec 3): a teacher signed in to the console, or a student signed in to
 * the student pages; the console wins when a browser holds both. Nobody signed in goes to the
 * sign-in of the side the path belongs to (the student's own entry to /s/login), with the path
 * saved to come back to.
 */
export async function requireEbookUser(request: Request, context: Readonly<RouterContextProvider>): Promise<EbookUser> {
  const session = await getSession(request, context)
  if (session.get('userId')) {
    const { user, session: fresh } = await requireUser(request, context)
    return { maker: { userId: user.userId, kind: 'teacher' }, name: user.userName, home: '/diary', session: fresh }
  }
  const studentId = session.get('studentId')
  if (studentId) return { maker: { userId: studentId, kind: 'student' }, name: session.get('studentName') ?? '', home: '/s', session }
  const to = new URL(request.url).pathname.startsWith('/ebook/student/') ? '/s/login' : '/login/check'
  if (request.method !== 'GET') throw redirect(to)
  throw redirect(to, { headers: { 'Set-Cookie': await rememberWantedPath(request, session, wantedPath(request)) } })
}
