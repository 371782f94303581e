import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import type { BellData } from '~/features/notifications/view.server'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'
import { useHydrated } from '~/ui/hydrated'
import { useCloseOnNavigation } from '~/ui/use-close-on-navigation'
import { NotificationItems } from './notification-items'

/** How often, with JavaScript, the count is read again without a reload. */
const POLL_MS = 30_000

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
      <path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
    </svg>
  )
}

/**
 * The bell of the top bar (decision 0037). Without JavaScript: a link to /notification with the
 * unread count. With it: a drop-down of the newest (read when opened) with "Show all", and the count
 * read again every 30 s from a small resource route (one index count).
 */
export function Bell({ unread }: { unread: number }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const poll = useFetcher<BellData>()
  const list = useFetcher<BellData>()
  const menu = useRef<HTMLDetailsElement>(null)
  const count = list.data?.count ?? poll.data?.count ?? unread

  useEffect(() => {
    const id = window.setInterval(() => {
      if (document.visibilityState === 'visible') poll.load('/notification/latest?count=1')
    }, POLL_MS)
    return () => window.clearInterval(id)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fetcher's load is stable for the page's life
  }, [])
  // A navigation (a link in the drop-down, or elsewhere) closes it.
  useCloseOnNavigation(menu)

  const label = count >= 100 ? t('notification.bellUnreadMany') : count ? t('notification.bellUnread', { count }) : t('notification.bell')
  const face = (
    <>
      <BellIcon />
      {count ? <span className="count">{count > 99 ? '99+' : count}</span> : null}
    </>
  )
  if (!hydrated) {
    return (
      <a className="bell" href="/notification" aria-label={label}>
        {face}
      </a>
    )
  }
  return (
    <details
      className="bell-menu"
      ref={menu}
      onToggle={(e) => {
        if (e.currentTarget.open) list.load('/notification/latest')
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && menu.current?.open) {
          menu.current.removeAttribute('open')
          menu.current.querySelector('summary')?.focus()
        }
      }}
    >
      <summary className="bell" aria-label={label}>
        {face}
      </summary>
      <div className="bell-drop">
        {list.data?.items?.length ? <NotificationItems items={list.data.items} /> : list.data ? <p className="empty">{t('notification.none')}</p> : null}
        <FastLink to="/notification" className="show-all">
          {t('notification.showAll')}
        </FastLink>
      </div>
    </details>
  )
}
