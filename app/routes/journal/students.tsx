import { useLocation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/students'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { setWatching } from '~/features/posts/marks.server'
import { pendingErasuresOfJournal } from '~/features/privacy/erase.server'
import { journalStudents } from '~/features/students/list.server'
import { NameWithKana } from '~/ui/roster-view'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { Pager } from '~/ui/pager'
import { listParams } from '~/shared/lists'
import { PayNotice } from '~/ui/pay'
import { LatestPostCell, NameSearch } from '~/features/posts/components/list-tables'
import { FastLink } from '~/ui/fast-link'
import { redirectWithToast } from '~/auth/toast.server'
import { requireFunction } from '~/auth/guards.server'
import { hasFunction } from '~/features/plans/pay-functions'
import { pageMeta } from '~/ui/page-title'
import { Avatar } from '~/ui/avatar'
import { readForm } from '~/http/form.server'
import { TableHead } from '~/ui/table-head'
import { LISTS_HANDLE, listsDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The lists' texts are a dictionary part of their own (decision 0056).
export const handle = LISTS_HANDLE
export const clientMiddleware = listsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diary/homework/{id}/student: the journal's students (pay function f3). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user, role } = journalOf(context)
  const title = `${getInstance(context).t('students.title')} | ${journal.name}`
  const paid = hasFunction(user, PAY_FUNCTIONS.studentList)
  const canWatch = hasFunction(user, PAY_FUNCTIONS.cases)
  // The students whose erasure waits are off the list (rule 12): the owner, who asked it or may undo it, sees them here.
  const erasures = role === 'owner' ? await pendingErasuresOfJournal(db, journal.id) : []
  if (!paid) return { title, journalId: journal.id, paid, canWatch, q: '', list: null, erasures }
  const { q, page } = listParams(request.url)
  const list = await journalStudents(db, { journalId: journal.id, teacherId: user.userId, q: q || undefined, page })
  return { title, journalId: journal.id, paid, canWatch, q, list, page, erasures }
}

/** Watch or stop watching a student (adds to the cases, pay function f4). */
export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { journal, user, session } = journalOf(context)
  requireFunction(user, PAY_FUNCTIONS.cases)
  const form = await readForm(request)
  const on = form.get('intent') === 'watch'
  await setWatching(db, { teacherId: user.userId, journalId: journal.id, studentId: idField(form, 'studentId'), on })
  const back = new URL(request.url)
  return redirectWithToast(request, session, `${back.pathname}${back.search}`, { kind: 'success', key: on ? 'students.watched' : 'students.unwatched', snackbar: true })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function StudentsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const location = useLocation()
  const { list, q, journalId, canWatch, erasures } = loaderData
  return (
    <>
      <div className="page-head">
        <h1>{t('students.title')}</h1>
        <span className="row-actions">
          <FastLink className="button secondary small" to={`/diary/homework/${journalId}/classBooks`}>
            {t('students.classBooks')}
          </FastLink>
          <FastLink className="button secondary small" to={`/diary/homework/${journalId}/parentPacks`}>
            {t('students.classPack')}
          </FastLink>
        </span>
      </div>
      {!list ? (
        <PayNotice />
      ) : (
        <>
          <NameSearch q={q} />
          <p className="hint">{t('students.count', { count: list.total })}</p>
          {list.students.length === 0 ? (
            <p className="empty">{q ? t('students.noneFound') : t('students.none')}</p>
          ) : (
            <table className="table">
              <TableHead columns={[{ hidden: t('students.unread') }, t('students.student'), t('students.latestPost'), t('students.lastLogin'), t('students.watch'), { hidden: t('students.detail') }]} />
              <tbody>
                {list.students.map((s) => (
                  <tr key={s.id}>
                    <td>{s.latest?.unread ? <span className="dot" role="img" title={t('students.unread')} aria-label={t('students.unread')} /> : null}</td>
                    <td>
                      <span className="who-cell">
                        <Avatar name={s.name} seed={s.id} />
                        <span>
                          <strong>
                            <NameWithKana name={s.name} kana={s.nameKana ?? undefined} />
                          </strong>
                          <br />
                          <span className="hint">{s.account}</span>
                        </span>
                      </span>
                    </td>
                    <LatestPostCell post={s.latest} t={t} />
                    <td className="nowrap">{s.lastLogin ? formatDateTime(s.lastLogin) : '–'}</td>
                    <td>
                      {canWatch ? (
                        <Form method="post" action={`${location.pathname}${location.search}`} preventScrollReset>
                          <input type="hidden" name="studentId" value={s.id} />
                          <button type="submit" name="intent" value={s.watching ? 'unwatch' : 'watch'} className="check-button" aria-pressed={s.watching} aria-label={t('students.watchName', { name: s.name })}>
                            {s.watching ? '☑' : '☐'}
                          </button>
                        </Form>
                      ) : (
                        <span className="hint">–</span>
                      )}
                    </td>
                    <td>
                      <FastLink className="button small secondary" to={`/diary/homework/${journalId}/student/${s.id}`}>
                        {t('students.detail')}
                      </FastLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager page={list.page} totalPages={list.totalPages} />
        </>
      )}
      {erasures.length ? (
        <section aria-labelledby="erasures-waiting" className="card">
          <h2 id="erasures-waiting">{t('students.erasuresWaiting')}</h2>
          <ul>
            {erasures.map((e) => (
              <li key={e.id}>
                <FastLink to={`/diary/homework/${journalId}/student/${e.studentId}/erase`}>{e.student}</FastLink> {t('students.erasureDue', { date: formatDate(e.dueAt) })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}
