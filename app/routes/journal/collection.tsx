import { redirect } from 'react-router'
import type { Route } from './+types/collection'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { collectionOf } from '~/features/posts/lists.server'
import { setStarred } from '~/features/posts/marks.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { NameSearch, PostsTable } from '~/features/posts/components/list-tables'
import { Pager } from '~/ui/pager'
import { listParams } from '~/shared/lists'
import { PayNotice } from '~/ui/pay'
import { requireFunction } from '~/auth/guards.server'
import { hasFunction } from '~/features/plans/pay-functions'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { LISTS_HANDLE, listsDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The lists' texts are a dictionary part of their own (decision 0056).
export const handle = LISTS_HANDLE
export const clientMiddleware = listsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diary/homework/{id}/collection: the posts this teacher starred in the journal (f5). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const title = `${getInstance(context).t('lists.collection')} | ${journal.name}`
  if (!hasFunction(user, PAY_FUNCTIONS.collection)) return { title, list: null, q: '' }
  const { q, page } = listParams(request.url)
  return { title, q, list: await collectionOf(db, { userId: user.userId, journalId: journal.id, q: q || undefined, page }) }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { user } = journalOf(context)
  requireFunction(user, PAY_FUNCTIONS.collection)
  const form = await readForm(request)
  await setStarred(db, { userId: user.userId, postId: idField(form, 'postId'), on: false })
  const url = new URL(request.url)
  return redirect(url.pathname + url.search)
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, q } = loaderData
  return (
    <>
      <h1>{t('lists.collection')}</h1>
      {!list ? (
        <PayNotice />
      ) : (
        <>
          <NameSearch q={q} />
          {list.rows.length === 0 ? <p className="empty">{q ? t('students.noneFound') : t('lists.noCollection')}</p> : <PostsTable rows={list.rows} showJournal={false} withStar t={t} />}
          <Pager page={list.page} totalPages={list.totalPages} />
        </>
      )}
    </>
  )
}
