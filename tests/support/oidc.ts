// A real OpenID Connect provider on this machine (the `oidc-provider` package), playing Google and
// the education cloud in the tests. Its development login page takes any login: an e-mail signs in
// as that address (verified), "unverified+…@…" as an address the provider did not verify, and a
// login without "@" as a person without an e-mail.
import Provider, { type Configuration } from 'oidc-provider'

export interface OidcClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
}

export async function startOidcProvider({ port, clients }: { port: number; clients: OidcClient[] }) {
  const issuer = `http://localhost:${port}`
  const configuration: Configuration = {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        async claims() {
          const email = id.includes('@') ? id.toLowerCase() : undefined
          return { sub: `sub-${id.toLowerCase()}`, email, email_verified: email ? !id.startsWith('unverified') : undefined, name: `Provider ${id.split('@')[0]}` }
        },
      }
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['local-test-provider'] },
    // Consent is granted at once, as a school's provider does for its own console.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId)
      if (grantId) return ctx.oidc.provider.Grant.find(grantId)
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! })
      grant.addOIDCScope('openid email profile')
      await grant.save()
      return grant
    },
  }
  const provider = new Provider(issuer, configuration)
  const server = provider.listen(port)
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
