import * as client from 'openid-client'
import { redirect } from 'react-router'
import { Strategy } from 'remix-auth/strategy'
import type { OidcProfile } from '~/shared/oidc-profile'

/** A sign-in on its way to the provider: what the callback must match. */
export interface PendingSignIn {
  state: string
  nonce: string
  verifier: string
  redirectUri: string
}

/** Where the pending sign-in is kept between the redirect and the callback (the user's session). */
export interface PendingStore {
  save(request: Request, pending: PendingSignIn): Promise<string>
  /** Takes it out, so a callback can be used once. */
  take(request: Request): Promise<PendingSignIn | null>
}

export interface OidcOptions {
  issuer: string
  clientId: string
  clientSecret?: string
  scope?: string
}

/** Why a callback was refused; the page says which. */
export class SignInRefused extends Error {
  constructor(readonly reason: 'noPending' | 'stateMismatch' | 'providerError' | 'invalidResponse') {
    super(reason)
  }
}

/**
 * remix-auth strategy for an OpenID Connect provider (Google, the education cloud), on
 * `openid-client`: discovery, the authorization code flow with PKCE, and state and nonce checked.
 * The ID token's signature, issuer, audience, expiry and nonce are verified by openid-client.
 *
 * `authenticate` on a request without `code` or `error` starts the flow (throws a redirect to the
 * provider); on the callback it returns the verified profile.
 */
// Discovery once per provider and process (a failure is retried on the next sign-in).
const configurations = new Map<string, Promise<client.Configuration>>()

/** The provider's access token, when the flow asked for API scopes (Google Classroom, decision 0077). */
export interface ProviderAccess {
  accessToken: string
  expiresAt: number
}

export class OidcStrategy<User> extends Strategy<User, { profile: OidcProfile; request: Request; access: ProviderAccess | null }> {
  name = 'oidc'

  constructor(
    private readonly options: OidcOptions,
    private readonly store: PendingStore,
    private readonly redirectUri: (request: Request) => string,
    verify: Strategy.VerifyFunction<User, { profile: OidcProfile; request: Request; access: ProviderAccess | null }>,
  ) {
    super(verify)
  }

  private configuration() {
    const issuer = new URL(this.options.issuer)
    // Plain HTTP only for a provider on this machine (the tests' local provider).
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(issuer.hostname)
    const key = `${issuer.href} ${this.options.clientId}`
    let config = configurations.get(key)
    if (!config) {
      config = client.discovery(issuer, this.options.clientId, this.options.clientSecret, undefined, local ? { execute: [client.allowInsecureRequests] } : undefined)
      config.catch(() => configurations.delete(key))
      configurations.set(key, config)
    }
    return config
  }

  async authenticate(request: Request): Promise<User> {
    const url = new URL(request.url)
    if (!url.searchParams.has('code') && !url.searchParams.has('error')) {
      const config = await this.configuration()
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        redirectUri: this.redirectUri(request),
      }
      const target = client.buildAuthorizationUrl(config, {
        redirect_uri: pending.redirectUri,
        scope: this.options.scope ?? 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
      })
      throw redirect(target.href, { headers: { 'Set-Cookie': await this.store.save(request, pending) } })
    }

    const pending = await this.store.take(request)
    if (!pending) throw new SignInRefused('noPending')
    if (url.searchParams.get('state') !== pending.state) throw new SignInRefused('stateMismatch')
    if (url.searchParams.has('error')) throw new SignInRefused('providerError')
    // The redirect URI sent to the provider, with this callback's parameters.
    const current = new URL(pending.redirectUri)
    current.search = url.search
    let claims: Record<string, unknown> & { sub: string }
    let access: ProviderAccess | null = null
    try {
      const config = await this.configuration()
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      })
      const idClaims = tokens.claims()
      if (!idClaims) throw new SignInRefused('invalidResponse')
      claims = { ...idClaims }
      if (tokens.access_token) access = { accessToken: tokens.access_token, expiresAt: Date.now() + (tokens.expiresIn() ?? 3600) * 1000 }
      // Some providers put the e-mail only in the userinfo answer (checked against the token's subject).
      if (!claims.email && tokens.access_token) claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...claims }
    } catch {
      throw new SignInRefused('invalidResponse')
    }
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null)
    const profile: OidcProfile = {
      subject: claims.sub,
      email: text(claims.email)?.toLowerCase() ?? null,
      emailVerified: claims.email_verified === true,
      name: text(claims.name),
      picture: text(claims.picture),
    }
    return this.verify({ profile, request, access })
  }
}
