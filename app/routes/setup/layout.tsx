import { Outlet } from 'react-router'
import { PortalShell } from '~/ui/portal-shell'

/** The setup steps after sign-up (e-mail, profile) use the portal layout, outside the console. */
export default function SetupLayout() {
  return (
    <PortalShell>
      <main id="main" className="portal-main">
        <Outlet />
      </main>
    </PortalShell>
  )
}
