import { randomUUID } from 'node:crypto'
import { redirect, redirectDocument, type RouterContextProvider } from 'react-router'
import type { AppSession, ToastMessage } from './session-storage.server'
import { commitSession, getSession } from './session.server'
import { getInstance } from '~/i18n/middleware.server'
import type { ShownToast } from '~/shared/toast'

/**
 * The one way an action ends with a message: flash it into the session and redirect. The root
 * loader reads it on the page the redirect lands on. Through a server-only hop (`/refresh`, which
 * redirects again), pass `document: true`: the browser then loads the hop itself, instead of a
 * client navigation whose root loader would read the message on the hop and lose it.
 */
export async function redirectWithToast(request: Request, session: AppSession, to: string, toast: ToastMessage, { document = false } = {}) {
  session.flash('toast', { ...toast, id: randomUUID() })
  const headers = { 'Set-Cookie': await commitSession(request, session) }
  return document ? redirectDocument(to, { headers }) : redirect(to, { headers })
}


/**
 * Read once, in the root loader: the flashed message and the header that saves its removal. Its
 * text is written on the server, so a message may come from any part of the dictionary, whichever
 * part the page it lands on loads in the browser (decision 0056).
 */
export async function takeToast(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await getSession(request, context)
  if (!session.has('toast')) return { toast: null, headers: undefined }
  const flashed = session.get('toast')
  const t = getInstance(context).t as (key: string, values?: object) => string
  const toast: ShownToast | null = flashed ? { id: flashed.id, kind: flashed.kind, snackbar: flashed.snackbar, text: t(flashed.key, flashed.values ?? {}) } : null
  return { toast, headers: { 'Set-Cookie': await commitSession(request, session) } }
}
