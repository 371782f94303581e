import { data, isRouteErrorResponse } from 'react-router'
import { ONCE_FIELD } from '~/shared/once'

/**
 * A send that fails in the network keeps the page (decision 0072). Every route
 * with an action exports `clientAction = sendSafely`: the form goes to the server as before; when
 * the request or its answer is lost (offline, a reset, a proxy's timeout), the page is not replaced
 * by the error page: the form stays with everything typed and chosen (the page's answer stays what
 * it was), its live region says it was not sent (ui/form.tsx), and nothing is loaded again (a
 * status of 4xx skips React Router's revalidation, which would fail offline too). Sending again is
 * safe: the form's one-time key makes the server answer a send it already has with its first answer.
 * The server's own errors still go to the error page.
 */
export async function sendSafely<Answer>({ request, serverAction }: { request: Request; serverAction: () => Promise<Answer> }): Promise<Answer> {
  const key = (await request.clone().formData()).get(ONCE_FIELD)
  try {
    return await serverAction()
  } catch (error) {
    if (!isNetworkFailure(error)) throw error
    unsent = { key: typeof key === 'string' ? key : null, offline: navigator.onLine === false }
    for (const listener of listeners) listener()
    // Typed as the action's answer: it is the answer the page showed before (or none).
    return data(shownAnswer, { status: 499 }) as unknown as Answer
  }
}

/** A failed fetch (TypeError), an answer cut off mid-body (React Router cannot decode it), or a gateway's timeout. */
function isNetworkFailure(error: unknown) {
  if (error instanceof TypeError) return true
  if (error instanceof Error && /decode turbo-stream/.test(error.message)) return true
  return isRouteErrorResponse(error) && (error.status === 502 || error.status === 504)
}

/** The last send that failed: its form's key, and whether the browser knew it was offline. */
export type Unsent = { key: string | null; offline: boolean }
let unsent: Unsent | null = null
const listeners = new Set<() => void>()
/** What the page showed as its action's answer when the form was sent: shown again after a failed send. */
let shownAnswer: unknown = null

export const unsentSends = {
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  get: () => unsent,
  /** A form is sent (again): its earlier failure is no longer news; `answer` is what its page shows now. */
  sending(key: string, answer: unknown) {
    shownAnswer = answer ?? null
    if (unsent?.key !== key) return
    unsent = null
    for (const listener of listeners) listener()
  },
}
