/** What a provider tells about the person after a checked sign-in. */
export interface OidcProfile {
  subject: string
  email: string | null
  emailVerified: boolean
  name: string | null
  picture: string | null
}
