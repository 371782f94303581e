import i18next from 'i18next'
import { ensureDictionaryPart, SIGNED_IN_HANDLE } from '~/i18n/client-resources'
import { useT } from '~/i18n/use-t'
import { Form, Outlet, useLocation } from 'react-router'
import type { Route } from './+types/layout'
import { requireUser } from '~/auth/guards.server'
import { activeItem, menuFor } from '~/features/console/menu'
import { Brand } from '~/ui/brand'
import { FastLink } from '~/ui/fast-link'
import { LanguageSwitcher } from '~/ui/language-switcher'

// These pages need the signed-in part of the dictionary: fetched with the first page (root) or, on
// a client navigation from a public page, before this layout's pages render.
export const handle = SIGNED_IN_HANDLE
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    await ensureDictionaryPart(i18next, 'signedIn')
    return next()
  },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  return {
    user: {
      userName: user.userName,
      mode: user.mode,
      teamModeAvailable: user.teamModeAvailable,
      planName: user.planName,
      isHomeworkLock: user.isHomeworkLock,
    },
    menu: menuFor(user.mode, user.payfunctionMap),
  }
}

/** The console: top bar with the user menu, the main menu, and the page. */
export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { user, menu } = loaderData
  const current = activeItem(menu, useLocation().pathname)
  const modeLabel = user.mode === 'team' ? t('console.modeTeam') : t('console.modePersonal')
  return (
    <div className="console">
      <a className="skip-link" href="#main">{t('app.skip')}</a>
      <header className="console-top">
        <Brand to="/diary" full />
        <span className="mode-badge">{modeLabel}</span>
        <span className="spacer" />
        <LanguageSwitcher />
        <details className="user-menu">
          <summary aria-label={t('console.userMenu')}>{user.userName}</summary>
          <div className="menu">
            <p className="meta">{t('console.plan', { plan: t(`plans.${user.planName}` as 'plans.free') })}</p>
            {user.teamModeAvailable ? <FastLink discover to="/mode">{t('console.switchMode')}</FastLink> : null}
            <FastLink discover to="/voucher">{t('console.vouchers')}</FastLink>
            <FastLink discover to="/invite">{t('console.invite')}</FastLink>
            <FastLink discover to="/setting/user">{t('console.settings')}</FastLink>
            <Form method="post" action="/logout">
              <button type="submit">{t('console.logout')}</button>
            </Form>
          </div>
        </details>
      </header>
      <div className="console-body">
        <nav className="main-menu" aria-label={t('nav.menu')}>
          <ul>
            {menu.map((item) => (
              <li key={item.to}>
                {/* A journal's pages under /diary/homework stay in "My journals". */}
                <FastLink discover to={item.to} aria-current={item.to === current ? 'page' : undefined}>
                  {t(item.labelKey)}
                </FastLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="console-main">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
