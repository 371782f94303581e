import { data } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/list'
import { requireUser } from '~/auth/guards.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { NOTIFICATION_MAX, NOTIFICATION_PAGE } from '~/features/notifications/constants'
import { markAllRead, notificationList } from '~/features/notifications/list.server'
import type { NotificationType } from '~/features/notifications/notify.server'
import { itemView } from '~/features/notifications/view.server'
import { readForm } from '~/http/form.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { FastLink } from '~/ui/fast-link'
import { NotificationItems } from '~/features/notifications/components/notification-items'
import { pageMeta } from '~/ui/page-title'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const TABS = [
  { tab: '', type: null, labelKey: 'notification.tabAll' },
  { tab: 'd', type: 'd', labelKey: 'notification.tabJournal' },
  { tab: 'c', type: 'c', labelKey: 'notification.tabComment' },
] as const
const tabOf = (params: URLSearchParams) => TABS.find((t) => t.tab === (params.get('tab') ?? '')) ?? TABS[0]

/** /notification (spec 3): tabs All, Journal, Comment; newest first; "Show more" adds a page (a link: no JavaScript needed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const params = new URL(request.url).searchParams
  const tab = tabOf(params)
  const limit = Math.min(NOTIFICATION_MAX, Math.max(NOTIFICATION_PAGE, Number.parseInt(params.get('limit') ?? '', 10) || NOTIFICATION_PAGE))
  const i18n = getInstance(context)
  const list = await notificationList(db, user.userId, { type: tab.type, limit })
  return { title: i18n.t('notification.title'), tab: tab.tab, limit, more: list.more && limit < NOTIFICATION_MAX, items: list.items.map((n) => itemView(n, i18n)) }
}

/** Mark all of the tab read (one is read on its target's GET: each is a link, opened.server.ts). */
export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const { user, session } = await requireUser(request, context)
  const intent = form.get('intent')
  if (intent === 'all') {
    const tab = TABS.find((t) => t.tab === form.get('tab')) ?? TABS[0]
    await markAllRead(db, user.userId, tab.type as NotificationType | null)
    return redirectWithToast(request, session, `/notification${tab.tab ? `?tab=${tab.tab}` : ''}`, { kind: 'success', key: 'notification.markedAll', snackbar: true })
  }
  throw data(null, { status: 400 })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { tab, items, more, limit } = loaderData
  const query = (extra: Record<string, string>) => `?${new URLSearchParams({ ...(tab ? { tab } : {}), ...extra })}`
  return (
    <>
      <div className="page-head">
        <h1>{t('notification.title')}</h1>
        <Form method="post">
          <input type="hidden" name="tab" value={tab} />
          <button className="button secondary" type="submit" name="intent" value="all" disabled={!items.some((n) => n.unread)}>
            {t('notification.markAll')}
          </button>
        </Form>
      </div>
      <nav className="tabs" aria-label={t('notification.tabs')}>
        {TABS.map((x) => (
          <FastLink key={x.tab} to={x.tab ? `?tab=${x.tab}` : '?'} aria-current={x.tab === tab ? 'page' : undefined}>
            {t(x.labelKey)}
          </FastLink>
        ))}
      </nav>
      {items.length === 0 ? <p className="empty">{tab ? t('notification.noneHere') : t('notification.none')}</p> : <NotificationItems items={items} />}
      {more ? (
        <p>
          <FastLink className="button secondary" to={query({ limit: String(limit + NOTIFICATION_PAGE) })} preventScrollReset>
            {t('notification.more')}
          </FastLink>
        </p>
      ) : null}
    </>
  )
}
