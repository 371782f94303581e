import { randomUUID } from 'node:crypto'
import { redirect, type RouterContextProvider } from 'react-router'
import type { AppSession, ToastMessage } from './session-storage.server'
import { commitSession, getSession } from './session.server'

/** The one way an action ends with a message: flash it into the session and redirect. */
export async function redirectWithToast(request: Request, session: AppSession, to: string, toast: ToastMessage, init?: ResponseInit) {
  session.flash('toast', { ...toast, id: randomUUID() })
  const headers = new Headers(init?.headers)
  headers.append('Set-Cookie', await commitSession(request, session))
  return redirect(to, { ...init, headers })
}

/** Read once, in the root loader: the flashed message and the header that saves its removal. */
export async function takeToast(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await getSession(request, context)
  if (!session.has('toast')) return { toast: null, headers: undefined }
  const toast = session.get('toast') ?? null
  return { toast, headers: { 'Set-Cookie': await commitSession(request, session) } }
}
