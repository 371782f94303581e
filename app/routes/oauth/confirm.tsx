import { redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/confirm'
import { commitSession, getSession } from '~/auth/session.server'
import { signInAs } from '~/auth/sign-in.server'
import { db } from '~/db/db.server'
import { BIND_RESULT, bindIdentity, teacherWithEmail } from '~/features/auth/third-party.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { PortalShell } from '~/ui/portal-shell'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { sendSafely } from '~/ui/send-safely'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * -010200 (spec 1 sections 4 and 8): the provider's e-mail already has an account. Yes binds the
 * provider to that account and signs in; no goes back to /login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = (await getSession(request, context)).get('pendingIdentity')
  if (!pending) throw redirect('/login')
  return { platform: pending.platform, email: pending.profile.email ?? '', title: getInstance(context).t('oauth.confirmTitle') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await getSession(request, context)
  const pending = session.get('pendingIdentity')
  session.unset('pendingIdentity')
  const yes = (await readForm(request)).get('answer') === 'yes'
  const userId = yes && pending?.profile.email && pending.profile.emailVerified ? await teacherWithEmail(db, pending.profile.email) : null
  if (pending && userId) {
    const bound = await bindIdentity(db, userId, pending.platform, pending.profile)
    if (bound === BIND_RESULT.ok) throw await signInAs(request, context, userId)
    throw await redirectWithToast(request, session, '/login', { kind: 'error', key: bound === BIND_RESULT.duplicate ? 'oauth.bindDuplicate' : 'oauth.bindFailed' })
  }
  throw redirect('/login', { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function OauthConfirmPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const provider = t(`oauth.${loaderData.platform}`)
  return (
    <PortalShell>
      <main id="main" className="portal-main">
        <div className="confirm edit-dialog login-card" role="dialog" aria-labelledby="bind-title">
          <h2 id="bind-title">{t('oauth.confirmTitle')}</h2>
          <p>{t('oauth.confirmText', { email: loaderData.email, provider })}</p>
          <Form method="post" className="form-actions">
            <button type="submit" name="answer" value="yes" className="button">
              {t('oauth.confirmYes')}
            </button>
            <button type="submit" name="answer" value="no" className="button secondary">
              {t('oauth.confirmNo')}
            </button>
          </Form>
        </div>
      </main>
    </PortalShell>
  )
}
