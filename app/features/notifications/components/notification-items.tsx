import type { NotificationView } from '~/features/notifications/view.server'
import { useT } from '~/i18n/use-t'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'

/**
 * Notifications as a list: each one a link to its target (a new tab, a copied address), whose GET
 * marks it read (decision 0044); its picture (who caused it), message and how long ago; unread ones
 * highlighted.
 */
export function NotificationItems({ items }: { items: NotificationView[] }) {
  const { t } = useT()
  return (
    <ul className="notification-items">
      {items.map((n) => (
        <li key={n.id} className={n.unread ? 'unread' : undefined}>
          <FastLink to={n.href}>
            {n.actor?.avatarUrl ? <img className="avatar" src={n.actor.avatarUrl} alt="" width={36} height={36} /> : n.actor ? <Avatar name={n.actor.name} seed={n.actor.id} /> : <span className="avatar" aria-hidden>🔔</span>}
            <span className="text">
              {n.unread ? <span className="visually-hidden">{t('notification.unread')}: </span> : null}
              <span className="msg">{n.message}</span>
              <time className="hint" dateTime={n.at}>
                {n.ago}
              </time>
            </span>
          </FastLink>
        </li>
      ))}
    </ul>
  )
}
