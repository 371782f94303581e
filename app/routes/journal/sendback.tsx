import type { Route } from './+types/sendback'
import { db } from '~/db/db.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { sentBackOf } from '~/features/posts/lists.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { NameSearch, PostsTable } from '~/features/posts/components/list-tables'
import { Pager } from '~/ui/pager'
import { listParams } from '~/shared/lists'
import { PayNotice } from '~/ui/pay'
import { hasFunction } from '~/features/plans/pay-functions'
import { pageMeta } from '~/ui/page-title'
import { LISTS_HANDLE, listsDictionary } from '~/i18n/client-resources'

// The lists' texts are a dictionary part of their own (decision 0056).
export const handle = LISTS_HANDLE
export const clientMiddleware = listsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diary/homework/{id}/sendback: the journal's posts sent back for revision (f6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const title = `${getInstance(context).t('lists.returned')} | ${journal.name}`
  if (!hasFunction(user, PAY_FUNCTIONS.returnedPosts)) return { title, list: null, q: '' }
  const { q, page } = listParams(request.url)
  return { title, q, list: await sentBackOf(db, { userId: user.userId, journalId: journal.id, q: q || undefined, page }) }
}

export default function ReturnedPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, q } = loaderData
  return (
    <>
      <h1>{t('lists.returned')}</h1>
      {!list ? (
        <PayNotice />
      ) : (
        <>
          <NameSearch q={q} />
          {list.rows.length === 0 ? <p className="empty">{q ? t('students.noneFound') : t('lists.noReturned')}</p> : <PostsTable rows={list.rows} showJournal={false} withStar={false} t={t} />}
          <Pager page={list.page} totalPages={list.totalPages} />
        </>
      )}
    </>
  )
}
