import { createContext, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { setLocale } from '~/features/account/mode.server'
import { isHttps, localePick, wantedPathCookie } from './cookies.server'
import { createDbSessionStorage, type AppSession, type SessionData } from './session-storage.server'

export const sessionStorage = createDbSessionStorage(db, [env.SESSION_SECRET])

/**
 * A visitor's wanted path (a bookmarked deep link before sign-in) waits in a signed cookie of its
 * own, not in a database session: a visit that holds nothing else writes no row (decision
 * 0031). Signing in moves it into the new session.
 */
const wanted = wantedPathCookie('__wanted')

/** Remembers where a visitor or a user going through a setup page wanted to go. */
export async function rememberWantedPath(request: Request, session: AppSession, path: string) {
  // Someone signed in (e.g. sent to the setup pages) has a session worth keeping already.
  if (session.get('userId') || session.get('studentId')) {
    session.set('redirect_path', path)
    return commitSession(request, session)
  }
  return wanted.remember(request, path)
}

// One read of the session per request: the root middleware reads it into the router context, and
// the locale detector, guards and loaders take it from there.
const sessionContext = createContext<Promise<AppSession> | null>(null)

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(sessionContext, sessionStorage.getSession(request.headers.get('Cookie')))
  return next()
}

export function getSession(request: Request, context?: Readonly<RouterContextProvider>): Promise<AppSession> {
  return context?.get(sessionContext) ?? sessionStorage.getSession(request.headers.get('Cookie'))
}

/** Set-Cookie for the session; Secure whenever the request came over HTTPS. */
export function commitSession(request: Request, session: AppSession) {
  return sessionStorage.commitSession(session, { secure: isHttps(request) })
}

export function destroySession(session: AppSession) {
  return sessionStorage.destroySession(session)
}

/** Write the user's values (login, /login/check, /refresh, /mode) into a session. */
export function storeValues(session: AppSession, values: SessionData) {
  for (const [k, v] of Object.entries(values)) session.set(k as keyof SessionData, v as never)
}

/**
 * Sign-in: the old session is destroyed and a new id is issued (no fixation), keeping only the
 * wanted path of the anonymous session. A language chosen just before, while signed out (the
 * switcher of a sign-in page), wins over the account's and is kept in the account (decision 0064): the
 * same for teachers (every way in goes through signInAs) and students.
 */
export async function rotateSession(request: Request, context: Readonly<RouterContextProvider> | undefined, values: SessionData) {
  const old = await getSession(request, context)
  const waiting = await wanted.read(request)
  const picked = await localePick.read(request)
  const account = values.userId ?? values.studentId
  if (picked && account) await setLocale(db, account, picked)
  const redirectPath = old.get('redirect_path') ?? (typeof waiting === 'string' ? waiting : undefined)
  if (old.id) await sessionStorage.destroySession(old)
  const fresh = await sessionStorage.getSession()
  storeValues(fresh, picked && account ? { ...values, locale: picked } : values)
  if (redirectPath) fresh.set('redirect_path', redirectPath)
  const headers = new Headers()
  headers.append('Set-Cookie', await commitSession(request, fresh))
  if (waiting) headers.append('Set-Cookie', await wanted.clear())
  if (picked) headers.append('Set-Cookie', await localePick.clear())
  return { session: fresh, headers, redirectPath }
}
