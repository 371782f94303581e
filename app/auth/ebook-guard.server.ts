import { redirect, type RouterContextProvider } from 'react-router'
import type { Maker } from '~/features/ebooks/books.server'
import { wantedPathCookie } from './cookies.server'
import { localPath, wantedPath } from './guards.server'
import { getSession } from './session.server'

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

/**
 * The e-book pages' guard (spec 3): the e-book session, of a teacher or a student. Without one (the
 * 401 rule) the page goes to /ebook/login with its path saved; /ebook/login takes over a console or
 * student session at once, or asks the person to sign in.
 */
export async function requireEbookUser(request: Request, context: Readonly<RouterContextProvider>): Promise<EbookUser> {
  const session = await getSession(request, context)
  const user = session.get('ebookUser')
  if (user) return { maker: { userId: user.userId, kind: user.kind }, name: user.name, home: user.kind === 'teacher' ? '/diary' : '/s', session }
  if (request.method !== 'GET') throw redirect('/ebook/login')
  throw redirect('/ebook/login', { headers: { 'Set-Cookie': await ebookWanted.remember(request, wantedPath(request)) } })
}
