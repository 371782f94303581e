import { redirect, type RouterContextProvider } from 'react-router'
import type { Maker } from '~/features/ebooks/books.server'
import { wantedPathCookie } from './cookies.server'
import { localPath, requireUser, wantedPath } from './guards.server'
import { getSession, sessionStorage } from './session.server'
import type { AppSession, SessionData } from './session-storage.server'

export interface EbookUser {
  maker: Maker
  name: string
  /** Where "back" goes: the console's journal list or the student's home. */
  home: string
  session: Awaited<ReturnType<typeof getSession>>
}

/** The e-book page to come back to after /ebook/login (spec 3: redirect_path), for an hour. */
const ebookWanted = wantedPathCookie('__ebook_wanted')

export async function takeEbookWanted(request: Request) {
  const to = localPath(await ebookWanted.read(request), '/ebook')
  return { to: to.startsWith('/ebook') || to.startsWith('/diary/homework/') ? to : '/ebook', clear: await ebookWanted.clear() }
}

type EbookSession = NonNullable<SessionData['ebookUser']>

/**
 * The e-book session taken over from the console's (a teacher, once the console's own checks pass)
 * or the student pages' session, with no new sign-in (spec 3); null with neither. The session
 * lives in the database, so saving it there is enough: its cookie does not change.
 */
export async function takeOverSession(request: Request, context: Readonly<RouterContextProvider>): Promise<EbookSession | null> {
  const session = await getSession(request, context)
  let taken: EbookSession | null = null
  if (session.get('userId')) {
    const { user } = await requireUser(request, context)
    taken = { userId: user.userId, kind: 'teacher', name: user.userName }
  } else if (session.get('studentId')) {
    taken = { userId: session.get('studentId')!, kind: 'student', name: session.get('studentName') ?? '' }
  }
  if (!taken) return null
  session.set('ebookUser', taken)
  await sessionStorage.commitSession(session)
  return taken
}

// A page's layout and its own loader ask at once: one takeover a request.
const takeovers = new WeakMap<AppSession, Promise<EbookSession | null>>()

/**
 * The e-book pages' guard (spec 3): the e-book session, of a teacher or a student. A page opened
 * with a console or student session takes it over in place: the same as /ebook/login's takeover,
 * without its three redirects (1.2 s on a school's 400 ms line; decision 0057). Without either
 * (the 401 rule) the page goes to /ebook/login with its path saved. A form sent without an e-book
 * session (after its sign-out) is never taken over: it goes to /ebook/login.
 */
export async function requireEbookUser(request: Request, context: Readonly<RouterContextProvider>): Promise<EbookUser> {
  const session = await getSession(request, context)
  let user = session.get('ebookUser') ?? null
  if (!user && request.method === 'GET') {
    if (!takeovers.has(session)) takeovers.set(session, takeOverSession(request, context))
    user = await takeovers.get(session)!
  }
  if (user) return { maker: { userId: user.userId, kind: user.kind }, name: user.name, home: user.kind === 'teacher' ? '/diary' : '/s', session }
  if (request.method !== 'GET') throw redirect('/ebook/login')
  throw redirect('/ebook/login', { headers: { 'Set-Cookie': await ebookWanted.remember(request, wantedPath(request)) } })
}
