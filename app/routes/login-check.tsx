import { useT } from '~/i18n/use-t'
import { Link, redirect } from 'react-router'
import type { Route } from './+types/login-check'
import { safeRedirectPath } from '~/auth/guards.server'
import { commitSession, destroySession, getSession, storeValues } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { consoleHome } from '~/features/team/roles'
import { MessagePage } from '~/ui/message-page'

/** The six steps of spec 1 section 4 that decide where a user goes after sign-in. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context)
  const userId = session.get('userId')
  // 1. No user: sign in first (the wanted path stays saved).
  if (!userId) throw redirect('/login', { headers: session.id ? { 'Set-Cookie': await commitSession(request, session) } : undefined })
  // 2. The account is gone: clear the session and sign in again.
  const values = await loadSessionValues(db, userId)
  if (!values) throw redirect('/login', { headers: { 'Set-Cookie': await destroySession(session) } })
  // 3. Store the pay-function map and the other values.
  storeValues(session, values)
  let to: string
  if (values.emailVerified === '0') to = '/setting/email' // 4.
  else if (values.infoSet === '0') to = '/setting/basicInfo' // 5.
  else {
    // 6. Go to the saved path, once.
    to = safeRedirectPath(session.get('redirect_path'), consoleHome(values))
    session.unset('redirect_path')
  }
  throw redirect(to, { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

export default function LoginCheck() {
  const { t } = useT()
  return (
    <MessagePage title={t('check.loading')}>
      <Link to="/diary">{t('check.continue')}</Link>
    </MessagePage>
  )
}
