import { data, redirect } from 'react-router'
import type { Route } from './+types/start'
import { requireUser } from '~/auth/guards.server'
import { authenticateWith } from '~/auth/providers.server'
import { isPlatform } from '~/features/auth/third-party.server'
import { readForm } from '~/http/form.server'
import { sendSafely } from '~/ui/send-safely'

/**
 * POST /oauth/login/{platform}: the Google and education-cloud buttons (sign-in on /login, bind on
 * the settings page). A POST, so that no link or prefetch starts a sign-in by itself.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  if (!isPlatform(params.platform)) throw new Response('Not Found', { status: 404 })
  // A clone: remix-auth copies the request, body included, so the original must stay unread.
  const asked = (await readForm(request.clone())).get('intent')
  const intent = asked === 'bind' ? 'bind' : asked === 'classroom' ? 'classroom' : 'login'
  if (intent !== 'login') await requireUser(request, context)
  // Throws the redirect to the provider; null when the provider is not configured.
  try {
    await authenticateWith(params.platform, request, context, intent)
  } catch (error) {
    if (error instanceof Response) throw error
    // The provider cannot be reached (its discovery or the network failed): the error page with
    // the support contact, not a bare server error.
    console.error(`sign-in with ${params.platform}: the provider did not answer`, error)
    throw data(null, { status: 502 })
  }
  throw new Response('Not Found', { status: 404 })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export const loader = () => redirect('/login')

// Never shown (the action always redirects), but it makes this a page route, so a failure renders
// the root's error page (the system-error notice with the support contact).
export default function OAuthStart() {
  return null
}
