import type { OidcProfile } from '~/shared/oidc-profile'
import type { DB } from '~/db/connect.server'
import type { IdentityPlatform } from '~/db/schema'
import { nowIso } from '~/db/time'
import type { Locale } from '~/i18n/config'
import { AUTH_CODES } from './codes'
import { accountIs, insertTeacher } from './accounts.server'

export const PLATFORMS: readonly IdentityPlatform[] = ['google', 'openid']
export const isPlatform = (value: unknown): value is IdentityPlatform => PLATFORMS.includes(value as IdentityPlatform)

/** The stored binding results of spec 1 sections 3 and 8 (from -010201 and -010202). */
export const BIND_RESULT = { ok: 1, failed: -1, duplicate: -2 } as const
export type BindResult = (typeof BIND_RESULT)[keyof typeof BIND_RESULT]

/** The teacher signed in by this provider's subject, if bound. */
export async function userByIdentity(db: DB, platform: IdentityPlatform, subject: string) {
  const row = await db
    .selectFrom('user_identities as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .select('u.id')
    .where('i.platform', '=', platform)
    .where('i.subject', '=', subject)
    .where('u.kind', '=', 'teacher')
    .executeTakeFirst()
  return row?.id ?? null
}

/** The teacher account an e-mail already belongs to: as its account name or its verified address. */
export async function teacherWithEmail(db: DB, email: string) {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('kind', '=', 'teacher')
    .where((eb) => eb.or([accountIs(email), eb.and([eb('email', '=', email), eb('email_verified', '=', 1)])]))
    .orderBy('id')
    .executeTakeFirst()
  return row?.id ?? null
}

/**
 * bind3rdAccount: ties a provider's subject to an account. -2 when the subject is another
 * account's or the account already has another subject of that provider; the unique indexes
 * settle two binds racing.
 */
export async function bindIdentity(db: DB, userId: number, platform: IdentityPlatform, profile: OidcProfile): Promise<BindResult> {
  const owner = await userByIdentity(db, platform, profile.subject)
  if (owner === userId) return BIND_RESULT.ok
  if (owner !== null) return BIND_RESULT.duplicate
  const other = await db.selectFrom('user_identities').select('id').where('user_id', '=', userId).where('platform', '=', platform).executeTakeFirst()
  if (other) return BIND_RESULT.duplicate
  try {
    await db.insertInto('user_identities').values({ user_id: userId, platform, subject: profile.subject, email: profile.email, created_at: nowIso() }).execute()
    return BIND_RESULT.ok
  } catch {
    return (await userByIdentity(db, platform, profile.subject)) === null ? BIND_RESULT.failed : BIND_RESULT.duplicate
  }
}

export type ThirdPartyRegistration = { code: typeof AUTH_CODES.registered; userId: number } | { code: typeof AUTH_CODES.emailHasAccount }

/**
 * Registers a new teacher from a provider's profile (spec 1 section 4): -010200 when the e-mail
 * already has an account, which the user may then bind. The account is the e-mail; its address
 * counts as verified only when the provider says so. No password is set (a reset mail sets one).
 */
export async function registerThirdParty(db: DB, platform: IdentityPlatform, profile: OidcProfile, locale: Locale): Promise<ThirdPartyRegistration> {
  if (profile.email && (await teacherWithEmail(db, profile.email))) return { code: AUTH_CODES.emailHasAccount }
  const account = profile.email ?? `${platform}-${profile.subject}`.toLowerCase()
  try {
    const userId = await db.transaction().execute(async (trx) => {
      const id = await insertTeacher(trx, { account, email: profile.email, emailVerified: profile.emailVerified && Boolean(profile.email), locale, name: profile.name })
      await trx.insertInto('user_identities').values({ user_id: id, platform, subject: profile.subject, email: profile.email, created_at: nowIso() }).execute()
      return id
    })
    return { code: AUTH_CODES.registered, userId }
  } catch (error) {
    // The same person finishing two sign-ins at once: the first one made the account.
    const existing = await userByIdentity(db, platform, profile.subject)
    if (existing) return { code: AUTH_CODES.registered, userId: existing }
    if (profile.email && (await teacherWithEmail(db, profile.email))) return { code: AUTH_CODES.emailHasAccount }
    throw error
  }
}

/** isGoogleBinding and isOpenIdBinding of the settings page. */
export async function bindingsOf(db: DB, userId: number) {
  const rows = await db.selectFrom('user_identities').select('platform').where('user_id', '=', userId).execute()
  return { google: rows.some((r) => r.platform === 'google'), openid: rows.some((r) => r.platform === 'openid') }
}
