import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/callback'
import { safeRedirectPath } from '~/auth/guards.server'
import { SignInRefused } from '~/auth/oidc-strategy.server'
import { commitSession, getSession } from '~/auth/session.server'
import { signInAs } from '~/auth/sign-in.server'
import { authenticateWith, pendingPlatform } from '~/auth/providers.server'
import { db } from '~/db/db.server'
import { AUTH_CODES } from '~/features/auth/codes'
import { BIND_RESULT, bindIdentity, isPlatform, registerThirdParty, userByIdentity } from '~/features/auth/third-party.server'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import type { Locale } from '~/i18n/config'
import { useT } from '~/i18n/use-t'
import { MessagePage } from '~/ui/message-page'
import { PortalShell } from '~/ui/portal-shell'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'

const BIND_TOASTS = { [BIND_RESULT.ok]: 'oauth.bindSuccess', [BIND_RESULT.failed]: 'oauth.bindFailed', [BIND_RESULT.duplicate]: 'oauth.bindDuplicate' } as const

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * The provider's return: /oauth/login/{platform}/redirect, and /login/redirect for a provider
 * registered with that address (the pending sign-in names the platform). Reads `code`, checks
 * state and nonce, then signs in, registers, offers to bind (-010200), or binds (spec 1 section 4).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const platform = params.platform ?? (await pendingPlatform(request, context))
  const refused = (reason: string) => data({ reason, title: getInstance(context).t('oauth.refusedTitle') }, 400)
  if (!isPlatform(platform)) return refused('noPending')
  if (!new URL(request.url).searchParams.has('code') && !new URL(request.url).searchParams.has('error')) return refused('noPending')

  let result: Awaited<ReturnType<typeof authenticateWith>>
  try {
    result = await authenticateWith(platform, request, context)
  } catch (error) {
    if (error instanceof SignInRefused) return refused(error.reason)
    throw error
  }
  if (!result) return refused('noPending')
  const { profile, intent, access } = result
  const session = await getSession(request, context)

  if (intent === 'classroom') {
    // Linking Google for Classroom (decision 0077): the Google account becomes (or already is) this
    // teacher's; its access token is kept in the server-side session for the course import.
    const userId = session.get('userId')
    if (!userId) throw redirect('/login/check')
    const bound = await bindIdentity(db, userId, platform, profile)
    if (bound !== BIND_RESULT.ok || !access) throw await redirectWithToast(request, session, '/roster/classroom', { kind: 'error', key: bound === BIND_RESULT.duplicate ? 'oauth.bindDuplicate' : 'oauth.bindFailed' })
    session.set('classroomAccess', { ...access, subject: profile.subject })
    throw await redirectWithToast(request, session, '/roster/classroom', { kind: 'success', key: 'roster.classroomLinked' })
  }

  if (intent === 'bind') {
    const userId = session.get('userId')
    if (!userId) throw redirect('/login/check')
    const bound = await bindIdentity(db, userId, platform, profile)
    session.set('bindResult', bound)
    const to = safeRedirectPath(session.get('redirect_path'), '/setting/user')
    session.unset('redirect_path')
    throw await redirectWithToast(request, session, to, { kind: bound === BIND_RESULT.ok ? 'success' : 'error', key: BIND_TOASTS[bound] })
  }

  const known = await userByIdentity(db, platform, profile.subject)
  if (known) throw await signInAs(request, context, known)
  const registered = await registerThirdParty(db, platform, profile, getLocale(context) as Locale)
  if (registered.code === AUTH_CODES.registered) throw await signInAs(request, context, registered.userId)
  // -010200: the e-mail has an account. Binding is offered only for an address the provider verified.
  if (!profile.emailVerified) return refused('unverifiedEmail')
  session.set('pendingIdentity', { platform, profile })
  throw redirect('/oauth/confirm', { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

export default function OauthCallbackPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const reasons: Record<string, string> = {
    unverifiedEmail: t('oauth.refusedUnverified'),
    providerError: t('oauth.refusedProvider'),
  }
  return (
    <PortalShell>
      <MessagePage title={t('oauth.refusedTitle')}>
        <p role="alert">{reasons[loaderData.reason] ?? t('oauth.refusedText')}</p>
        <Link to="/login" className="button">
          {t('oauth.backToLogin')}
        </Link>
      </MessagePage>
    </PortalShell>
  )
}
