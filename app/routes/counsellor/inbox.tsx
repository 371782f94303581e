import type { Route } from './+types/inbox'
import { db } from '~/db/db.server'
import { requireCounsellor } from '~/auth/counsel-gate.server'
import { counsellorInbox } from '~/features/counsellor/inbox.server'
import { InboxTable } from '~/features/counsellor/components/inbox-table'
import { listParams } from '~/shared/lists'
import { COUNSEL_HANDLE, counselDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { pageMeta } from '~/ui/page-title'
import { Pager } from '~/ui/pager'

export const handle = COUNSEL_HANDLE
export const clientMiddleware = counselDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /counsellor (decision 0046): the alerts escalated to the signed-in counsellor, open first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireCounsellor(request, context)
  const { page } = listParams(request.url)
  const list = await counsellorInbox(db, user.userId, page)
  return { title: getInstance(context).t('counsel.title'), page, list }
}

export default function CounsellorInbox({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, page } = loaderData
  return (
    <>
      <h1>{t('counsel.title')}</h1>
      <p className="hint">{t('counsel.intro')}</p>
      {list.rows.length === 0 ? (
        <p className="empty">{t('counsel.none')}</p>
      ) : (
        <InboxTable rows={list.rows} />
      )}
      <Pager page={page} totalPages={list.totalPages} />
    </>
  )
}
