import { redirect } from 'react-router'
import type { Route } from './+types/case'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { casesOf } from '~/features/alerts/cases.server'
import { setWatching } from '~/features/posts/marks.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { CasesTable, NameSearch } from '~/features/posts/components/list-tables'
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

/** /diary/homework/{id}/case: the students this teacher watches in the journal (f4). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const title = `${getInstance(context).t('lists.cases')} | ${journal.name}`
  if (!hasFunction(user, PAY_FUNCTIONS.cases)) return { title, list: null, q: '' }
  const { q, page } = listParams(request.url)
  return { title, q, list: await casesOf(db, { teacherId: user.userId, journalId: journal.id, q: q || undefined, page }) }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { journal, user } = journalOf(context)
  requireFunction(user, PAY_FUNCTIONS.cases)
  const form = await readForm(request)
  await setWatching(db, { teacherId: user.userId, journalId: journal.id, studentId: idField(form, 'studentId'), on: false })
  const url = new URL(request.url)
  return redirect(url.pathname + url.search)
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function CasesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, q } = loaderData
  return (
    <>
      <h1>{t('lists.cases')}</h1>
      {!list ? (
        <PayNotice />
      ) : (
        <>
          <NameSearch q={q} />
          {list.rows.length === 0 ? <p className="empty">{q ? t('students.noneFound') : t('lists.noCases')}</p> : <CasesTable rows={list.rows} showJournal={false} t={t} />}
          <Pager page={list.page} totalPages={list.totalPages} />
        </>
      )}
    </>
  )
}
