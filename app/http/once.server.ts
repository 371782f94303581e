import { createHash } from 'node:crypto'
import { data, type RouterContextProvider } from 'react-router'
import type { DB } from '~/db/connect.server'
import { claimKey, isFormKey, keepAnswer, parkForm, releaseKey, unparkForm } from '~/features/once/keys.server'
import { ONCE_FIELD, resumePath, SIGN_IN_PATHS } from '~/shared/once'
import { SESSION_COOKIE } from '~/auth/session-storage.server'
import { onFormRead, readUpload, TOO_LARGE } from './form.server'

/**
 * Safe to send twice (decision 0072). Every action that writes is `once(action)`: its form
 * carries a one-time key (ui/form.tsx); the form reader claims the key when it has read the body
 * (so the guards that run before, a signed-out teacher's redirect among them, never use it up); the
 * action runs once per key, in every process; its answer (the redirect, or the data) is kept a day,
 * and the same key again is answered the same without running the action. A request that fails
 * (a server error; a refusal thrown before anything was written) gives the key back, to send again.
 */
export const once = <Args extends { request: Request; context: Readonly<RouterContextProvider> }, Result>(action: (args: Args) => Promise<Result>) =>
  onceIn(appDatabase, action, parkForSignIn)

const appDatabase = async () => (await import('~/db/db.server')).db

/** `once` on a given database (the tests'). */
export function onceIn<Args extends { request: Request }, Result>(
  database: () => Promise<DB>,
  action: (args: Args) => Promise<Result>,
  park?: (db: DB, args: Args, signIn: Response) => Promise<Response>,
): (args: Args) => Promise<Result> {
  return async (args) => {
    const db = await database()
    const scope: Scope = { key: null }
    onFormRead(args.request, (form) => claimFormKey(db, args.request, scope, form))
    let result: Result
    try {
      result = await action(args)
    } catch (thrown) {
      if (thrown instanceof Replay) return thrown.answer as Result
      // Sent after the session ended: what was typed waits for the person to sign in (decision 0074).
      if (!scope.key && park && thrown instanceof Response && isRedirect(thrown.status) && SIGN_IN_PATHS.includes(thrown.headers.get('Location') ?? '')) throw await park(db, args, thrown)
      if (scope.key) {
        // A redirect thrown after the form was read is an answer like any other; anything else wrote nothing.
        const kept = thrown instanceof Response && isRedirect(thrown.status) ? keptOf(thrown) : null
        await (kept ? keepAnswer(db, scope.key, kept) : releaseKey(db, scope.key))
      }
      throw thrown
    }
    if (scope.key) {
      const kept = keptOf(result)
      await (kept ? keepAnswer(db, scope.key, kept) : releaseKey(db, scope.key))
    }
    return result
  }
}

type Scope = { key: string | null }

/** Thrown by the form reader when the key has been answered: `once` answers the same. */
class Replay {
  constructor(readonly answer: unknown) {}
}

/**
 * Called by the form reader once the body is read: claims the form's key for the running `once`
 * action, or ends the action with the key's first answer. Without a key (an old page, a script) the
 * action runs as it always did; outside `once` (a form that opts out, decision 0072) nothing happens.
 */
async function claimFormKey(db: DB, request: Request, scope: Scope, form: FormData) {
  const sent = form.get(ONCE_FIELD)
  if (scope.key || !isFormKey(sent)) return
  // The key with what the form says: the same form sent again (a reload, a double click, a send
  // whose answer was lost) is the same claim; a page drawn before and sent with other words (the
  // browser's Back, then a new comment) is a new one, never answered with the first's answer.
  const key = `${sent}.${fingerprint(form)}`
  const claim = await claimKey(db, key, new URL(request.url).pathname.replace(/\.data$/, ''))
  switch (claim.kind) {
    case 'claimed':
      scope.key = key
      // A form parked while its sender was signed out (decision 0074) is sent now: it waits no more.
      await unparkForm(db, sent)
      return
    case 'answered':
      throw new Replay(answerOf(claim.answer, request))
    case 'elsewhere':
      throw data(null, { status: 400 })
    case 'busy':
      // The first send is still running after half a minute: the person may send again later.
      throw data(null, { status: 409 })
  }
}

/** What the form says, in short: its fields but the key, and each file's name, type and size. */
function fingerprint(form: FormData) {
  const hash = createHash('sha256')
  for (const [name, value] of form.entries()) {
    if (name === ONCE_FIELD) continue
    hash.update(JSON.stringify([name, typeof value === 'string' ? value : `file:${value.name}:${value.type}:${value.size}`]))
  }
  return hash.digest('base64url').slice(0, 22)
}

type Kept =
  | { kind: 'redirect'; status: number; headers: [string, string][] }
  | { kind: 'data'; data: unknown; status?: number; headers: [string, string][] }
  | { kind: 'value'; data: unknown }

const isRedirect = (status: number) => status >= 300 && status < 400
const headerPairs = (init: HeadersInit | undefined): [string, string][] => {
  const headers = new Headers(init)
  return [...[...headers.entries()].filter(([name]) => name !== 'set-cookie'), ...headers.getSetCookie().map((c): [string, string] => ['set-cookie', c])]
}

/**
 * The kept headers for a replay: the session's cookie is left out when the browser sends one. It
 * holds its session already (a database session keeps its id when it is written), a replay after the
 * person signed in again must not put the old session back, and the session's own writes (a toast)
 * are in the database. A browser without a session (a password reset) gets the one the answer made.
 */
const replayHeaders = (kept: [string, string][], request: Request) =>
  (request.headers.get('Cookie') ?? '').split(/;\s*/).some((c) => c.startsWith(`${SESSION_COOKIE}=`))
    ? kept.filter(([name, value]) => name !== 'set-cookie' || !value.startsWith(`${SESSION_COOKIE}=`))
    : kept
const isDataWithInit = (value: unknown): value is { data: unknown; init: ResponseInit | null } =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit'

/** The answer as kept (JSON), or null for one that is not kept: a file or page sent as a Response of its own. */
function keptOf(result: unknown): string | null {
  let kept: Kept
  if (result instanceof Response) {
    if (!isRedirect(result.status)) return null
    kept = { kind: 'redirect', status: result.status, headers: headerPairs(result.headers) }
  } else if (isDataWithInit(result)) kept = { kind: 'data', data: result.data, status: result.init?.status, headers: headerPairs(result.init?.headers) }
  else kept = { kind: 'value', data: result }
  return JSON.stringify(kept)
}

function answerOf(json: string, request: Request): unknown {
  const kept = JSON.parse(json) as Kept
  switch (kept.kind) {
    case 'redirect':
      return new Response(null, { status: kept.status, headers: replayHeaders(kept.headers, request) })
    case 'data':
      return data(kept.data, { status: kept.status, headers: replayHeaders(kept.headers, request) })
    case 'value':
      return kept.data
  }
}

/**
 * A form sent after its session ended (decision 0074): its text fields are parked against its key,
 * and the sign-in page comes back, once the person has signed in, to the page that sends them
 * (routes/resume.tsx) instead of a blank form. A file is not kept (the resume page says so).
 */
async function parkForSignIn(db: DB, { request, context }: { request: Request; context: Readonly<RouterContextProvider> }, signIn: Response) {
  onFormRead(request, async () => {})
  const form = await readUpload(request).catch((): typeof TOO_LARGE => TOO_LARGE)
  const key = form === TOO_LARGE ? null : form.get(ONCE_FIELD)
  if (form === TOO_LARGE || !isFormKey(key)) return signIn
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  const fields = [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== ONCE_FIELD)
  if (!(await parkForm(db, key, { path, fields }))) return signIn
  // Imported here: the session's module opens the app's database, which the tests of `onceIn` do not use.
  const { getSession, rememberWantedPath } = await import('~/auth/session.server')
  const session = await getSession(request, context)
  const headers = new Headers(signIn.headers)
  headers.append('Set-Cookie', await rememberWantedPath(request, session, resumePath(path, key)))
  return new Response(null, { status: signIn.status, headers })
}
