import { data, redirect, type RouterContextProvider } from 'react-router'
import type { PayFunctionId } from '~/features/plans/constants'
import { hasFunction } from '~/features/plans/pay-functions'
import type { SessionValues } from '~/shared/session-values'
import { db } from '~/db/db.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { getSession, rememberWantedPath, sessionStorage, storeValues } from './session.server'

/** The path to come back to: the document URL, without React Router's data suffix. */
export function wantedPath(request: Request) {
  const url = new URL(request.url)
  url.searchParams.delete('_routes')
  const pathname = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') || '/'
  const search = url.searchParams.toString()
  return pathname + (search ? `?${search}` : '')
}

/** Paths never worth coming back to after sign-in (spec 1 section 4, step 6). */
const NOT_A_DESTINATION = ['/login', '/login/check', '/logout', '/refresh', '/mode']
export function safeRedirectPath(path: unknown, fallback = '/diary') {
  const local = localPath(path, fallback)
  return NOT_A_DESTINATION.includes(local.split('?')[0]) || isStudentPath(local) ? fallback : local
}

/** The student pages (/s, /s/...) are not the console's: neither side sends the other's users there. */
export const isStudentPath = (path: string) => path === '/s' || path.startsWith('/s/') || path.startsWith('/s?')

/**
 * The one rule for a redirect target from outside (a form, the session): a path on this site, never
 * another origin. Browsers drop tabs and line breaks from a URL and read "\\" as "/", so
 * "/\t/evil.example" and "/\\evil.example" would be "//evil.example": control characters and
 * backslashes are refused, and the path must still resolve to this site.
 */
export function localPath(path: unknown, fallback: string) {
  // eslint-disable-next-line no-control-regex
  if (typeof path !== 'string' || !path.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(path)) return fallback
  const base = 'http://this.site.invalid'
  const url = new URL(path, base)
  return url.origin === base ? path : fallback
}

type Ctx = Readonly<RouterContextProvider> | undefined

async function saveAndRedirect(request: Request, context: Ctx, to: string): Promise<never> {
  const session = await getSession(request, context)
  if (request.method !== 'GET') throw redirect(to)
  throw redirect(to, { headers: { 'Set-Cookie': await rememberWantedPath(request, session, wantedPath(request)) } })
}

export type SignedIn = { session: Awaited<ReturnType<typeof getSession>>; user: SessionValues }

/** Signed in, whatever the setup state: the setup pages themselves use this. */
export async function requireSignedIn(request: Request, context?: Ctx): Promise<SignedIn> {
  const session = await getSession(request, context)
  const userId = session.get('userId')
  if (!userId) return saveAndRedirect(request, context, '/login/check')
  return { session, user: session.data as SessionValues }
}

/**
 * The console's route guard (spec 1 section 4): no user goes to /login/check, an unverified e-mail
 * to /setting/email, an unfinished profile to /setting/basicInfo; the wanted path is saved each time.
 */
export async function requireUser(request: Request, context?: Ctx): Promise<SignedIn> {
  const signedIn = await keepValuesFresh(await requireSignedIn(request, context))
  if (signedIn.user.emailVerified === '0') return saveAndRedirect(request, context, '/setting/email')
  if (signedIn.user.infoSet === '0' || signedIn.user.userName === 'null') return saveAndRedirect(request, context, '/setting/basicInfo')
  return signedIn
}

/**
 * The session's snapshot of the user's plan, mode and name (spec 1: the browser-held values) is read
 * again when it is a few minutes old: a plan changed elsewhere (a team admin, a voucher, an expiry)
 * reaches the menus and the guards without a new sign-in. The language chosen in the session stays.
 */
export const SESSION_VALUES_TTL_MS = 5 * 60_000
async function keepValuesFresh(signedIn: SignedIn): Promise<SignedIn> {
  const { session, user } = signedIn
  if (user.valuesAt && Date.now() - Date.parse(user.valuesAt) < SESSION_VALUES_TTL_MS) return signedIn
  const values = await loadSessionValues(db, user.userId)
  if (!values) return signedIn
  storeValues(session, { ...values, locale: user.locale ?? values.locale })
  // The session lives in the database: saving it there is enough, its cookie does not change.
  await sessionStorage.commitSession(session)
  return { session, user: session.data as SessionValues }
}

/** The signed-in user's id, or null for a visitor. */
export async function optionalUserId(request: Request, context?: Ctx) {
  return (await getSession(request, context)).get('userId') ?? null
}

/** A page or action that needs a pay function: 403 without it, whatever the page shows. */
export function requireFunction(user: Pick<SessionValues, 'payfunctionMap'>, fn: PayFunctionId) {
  if (!hasFunction(user, fn)) throw data(null, { status: 403 })
}

/**
 * What an expired or over-full plan locks (spec 1 and 2: journals, their posts, follow-up and
 * collections): a page asked for by URL goes to /diary, which explains the lock; anything else
 * (an action, a file) is refused with 403.
 */
export function requireNotLocked(user: Pick<SessionValues, 'isHomeworkLock'>, request?: Request) {
  if (!user.isHomeworkLock) return
  if (request?.method === 'GET') throw redirect('/diary')
  throw data(null, { status: 403 })
}

/** A journal's content (its pages, its posts): a console user whose plan does not lock journals. */
export async function requireJournalReader(request: Request, context?: Ctx): Promise<SignedIn> {
  const signedIn = await requireUser(request, context)
  requireNotLocked(signedIn.user, request)
  return signedIn
}
