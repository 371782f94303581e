import { Outlet } from 'react-router'
import { Form } from '~/ui/form'
import { useT } from '~/i18n/use-t'
import { PortalShell } from '~/ui/portal-shell'

/**
 * The setup steps after sign-up (e-mail, profile) use the portal layout, outside the console. Each
 * offers a way out: signing out, to come back later or with another account.
 */
export default function SetupLayout() {
  const { t } = useT()
  return (
    <PortalShell>
      <main id="main" className="portal-main">
        <Outlet />
        <Form method="post" action="/logout" className="setup-signout" signsOut>
          <button type="submit" className="link-button">
            {t('app.signOut')}
          </button>
        </Form>
      </main>
    </PortalShell>
  )
}
