import { Authenticator } from 'remix-auth'
import type { RouterContextProvider } from 'react-router'
import type { IdentityPlatform } from '~/db/schema'
import { env } from '~/env.server'
import type { OidcProfile } from '~/shared/oidc-profile'
import { OidcStrategy, type OidcOptions, type ProviderAccess } from './oidc-strategy.server'
import { CLASSROOM_SCOPES } from '~/features/roster/classroom.server'
import { commitSession, getSession } from './session.server'

/** The providers with a client id: only they get a button (decision 0020). */
function optionsOf(platform: IdentityPlatform): OidcOptions | null {
  if (platform === 'google') {
    return env.GOOGLE_CLIENT_ID ? { issuer: env.GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : null
  }
  return env.OPENID_ISSUER && env.OPENID_CLIENT_ID
    ? { issuer: env.OPENID_ISSUER, clientId: env.OPENID_CLIENT_ID, clientSecret: env.OPENID_CLIENT_SECRET }
    : null
}

/**
 * The sign-in buttons post to this site, which answers with a redirect to the provider: the
 * Content-Security-Policy's form-action must allow the providers' origins (server.ts).
 */
export const providerOrigins = () => configuredPlatforms().map((p) => new URL(optionsOf(p)!.issuer).origin)

export const configuredPlatforms = (): IdentityPlatform[] => (['google', 'openid'] as const).filter((p) => optionsOf(p) !== null)

/**
 * Why the flow started: sign in (or up) from /login, bind to the signed-in account from settings, or
 * (Google only) link Google with the Classroom read scopes to import a course (/roster/classroom, decision 0077).
 */
export type SignInIntent = 'login' | 'bind' | 'classroom'

/**
 * Runs the provider's flow for a request: starts it (throws the redirect to the provider) or
 * finishes it and returns the checked profile with the intent it was started with. The pending
 * state, nonce and PKCE verifier live in the user's server-side session and are used once.
 */
export async function authenticateWith(
  platform: IdentityPlatform,
  request: Request,
  context: Readonly<RouterContextProvider>,
  intent: SignInIntent = 'login',
) {
  const configured = optionsOf(platform)
  if (!configured || (intent === 'classroom' && platform !== 'google')) return null
  const options = intent === 'classroom' ? { ...configured, scope: ['openid email profile', ...CLASSROOM_SCOPES].join(' ') } : configured
  let startedAs: SignInIntent = intent
  const strategy = new OidcStrategy<{ profile: OidcProfile; access: ProviderAccess | null }>(
    options,
    {
      async save(req, pending) {
        const session = await getSession(req, context)
        session.set('oauthPending', { ...pending, platform, intent })
        return commitSession(req, session)
      },
      async take(req) {
        const session = await getSession(req, context)
        const pending = session.get('oauthPending')
        if (!pending) return null
        session.unset('oauthPending')
        await commitSession(req, session)
        if (pending.platform !== platform) return null
        startedAs = pending.intent
        return pending
      },
    },
    () => `${env.PUBLIC_ORIGIN}${platform === 'openid' ? env.OPENID_REDIRECT_PATH : '/oauth/login/google/redirect'}`,
    async ({ profile, access }) => ({ profile, access }),
  )
  const { profile, access } = await new Authenticator<{ profile: OidcProfile; access: ProviderAccess | null }>().use(strategy, platform).authenticate(platform, request)
  return { profile, access, intent: startedAs }
}

/** The platform a callback without one in its path (/login/redirect) belongs to. */
export async function pendingPlatform(request: Request, context: Readonly<RouterContextProvider>) {
  return (await getSession(request, context)).get('oauthPending')?.platform ?? null
}
