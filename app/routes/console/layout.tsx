import { useEffect, useRef } from 'react'
import { SIGNED_IN_HANDLE, signedInDictionary } from '~/i18n/client-resources'
import { useT } from '~/i18n/use-t'
import { Outlet, useLocation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/layout'
import { requireUser } from '~/auth/guards.server'
import { activeItem, menuFor } from '~/features/console/menu'
import { Brand } from '~/ui/brand'
import { FastLink } from '~/ui/fast-link'
import { LanguageSwitcher } from '~/ui/language-switcher'
import { Bell } from '~/features/notifications/components/bell'
import { ZoneNote } from '~/ui/zone-note'
import { useCloseOnNavigation } from '~/ui/use-close-on-navigation'
import { db } from '~/db/db.server'
import { unreadCount } from '~/features/notifications/list.server'
import { notificationOpenedMiddleware } from '~/http/notification-opened.server'

// These pages need the signed-in part of the dictionary: fetched with the first page (root) or, on
// a client navigation from a public page, before this layout's pages render.
export const handle = SIGNED_IN_HANDLE
// A notification's link marks it read on its target's GET (every target is a console page).
export const middleware: Route.MiddlewareFunction[] = [notificationOpenedMiddleware]
export const clientMiddleware = signedInDictionary

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  return {
    unread: await unreadCount(db, user.userId),
    user: {
      userName: user.userName,
      mode: user.mode,
      teamModeAvailable: user.teamModeAvailable,
      planName: user.planName,
      isHomeworkLock: user.isHomeworkLock,
    },
    menu: menuFor(user.mode, user.payfunctionMap, user.teamRoleId ?? null),
  }
}

/**
 * The user menu (a <details>, so it opens without JavaScript): with JavaScript it closes after a
 * navigation (a client navigation keeps the layout's DOM), on Escape, and when focus leaves it.
 */
function useUserMenu() {
  const ref = useRef<HTMLDetailsElement>(null)
  useCloseOnNavigation(ref)
  useEffect(() => {
    const menu = ref.current
    if (!menu) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !menu.open) return
      menu.removeAttribute('open')
      menu.querySelector('summary')?.focus()
    }
    const onFocusOut = (e: FocusEvent) => {
      if (!menu.contains(e.relatedTarget as Node | null)) menu.removeAttribute('open')
    }
    menu.addEventListener('keydown', onKey)
    menu.addEventListener('focusout', onFocusOut)
    return () => {
      menu.removeEventListener('keydown', onKey)
      menu.removeEventListener('focusout', onFocusOut)
    }
  }, [])
  return ref
}

/** The console: top bar with the user menu, the main menu, and the page. */
export default function ConsoleLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { user, menu } = loaderData
  const location = useLocation()
  const current = activeItem(menu, location.pathname)
  const userMenu = useUserMenu()
  const modeLabel = user.mode === 'team' ? t('console.modeTeam') : t('console.modePersonal')
  return (
    <div className="console">
      <a className="skip-link" href="#main">{t('app.skip')}</a>
      <header className="console-top">
        <Brand to="/diary" full />
        <span className="mode-badge">{modeLabel}</span>
        <span className="spacer" />
        <LanguageSwitcher />
        <Bell unread={loaderData.unread} />
        <details className="user-menu" ref={userMenu}>
          {/* Named by what it is and, as seen, by the user's name (the visible text stays in the name). */}
          <summary>
            <span className="visually-hidden">{t('console.userMenu')}: </span>
            <span className="user-name">{user.userName}</span>
          </summary>
          <div className="menu">
            <p className="meta">{t('console.plan', { plan: t(`plans.${user.planName}` as 'plans.free') })}</p>
            {user.teamModeAvailable ? (
              // One click switches and lands on /diary (spec 1: change-mode, then /diary); a POST, as a change of state.
              <Form method="post" action="/mode">
                <button type="submit">{t('mode.switchTo', { mode: user.mode === 'team' ? t('console.modePersonal') : t('console.modeTeam') })}</button>
              </Form>
            ) : null}
            <FastLink discover to="/voucher">{t('console.vouchers')}</FastLink>
            <FastLink discover to="/invite">{t('console.invite')}</FastLink>
            <FastLink discover to="/setting/user">{t('console.settings')}</FastLink>
            <Form method="post" action="/logout" signsOut>
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
          <ZoneNote />
        </main>
      </div>
    </div>
  )
}
