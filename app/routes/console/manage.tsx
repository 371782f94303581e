import { data, Link } from 'react-router'
import type { Route } from './+types/manage'
import { requireUser } from '~/auth/guards.server'
import { storeValues } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { archiveJournal, isOwnActiveJournal } from '~/features/journals/lifecycle.server'
import { ownJournals } from '~/features/journals/list.server'
import { studentsInOwnJournals } from '~/features/plans/charge-plan.server'
import { studentsInOwnJournalsList } from '~/features/plans/manage.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate } from '~/shared/dates'
import { UpgradeButton } from '~/ui/pay'
import { redirectWithToast } from '~/auth/toast.server'
import { ConfirmDialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The plan's page is one a teacher opens now and then: its texts are in the occasional part (decision 0056).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /manage, the plan-locked page (spec 1 section 2): how many students the plan counts against its
 * limit, an upgrade button, and the journals and students behind the count. Archiving a journal
 * here frees its students, so a locked teacher has a way out besides upgrading (decision 0021).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const params = new URL(request.url).searchParams
  const tab = params.get('tab') === 'students' ? 'students' : 'journals'
  const journals = (await ownJournals(db, user.userId)).map((j) => ({ id: j.id, name: j.name, studentCount: j.studentCount, createdAt: j.createdAt }))
  return {
    tab,
    // Archiving frees students, so it lifts an over-limit lock but never an expired plan's.
    lock: !user.isHomeworkLock ? null : user.planEndDate !== null && user.planEndDate < new Date().toISOString() ? ('expired' as const) : ('overLimit' as const),
    usage: { used: await studentsInOwnJournals(db, user.userId), limit: user.studentLimit },
    journals,
    students: tab === 'students' ? await studentsInOwnJournalsList(db, user.userId) : [],
    archiveId: Number(params.get('archive')) || null,
    title: getInstance(context).t('manage.title'),
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const journalId = idField(await readForm(request), 'journalId')
  if (!(await isOwnActiveJournal(db, user.userId, journalId))) throw data(null, 403)
  await archiveJournal(db, journalId)
  // The lock may lift now: the session's plan values are reloaded.
  const values = await loadSessionValues(db, user.userId)
  if (values) storeValues(session, values)
  return await redirectWithToast(request, session, values && !values.isHomeworkLock ? '/diary' : '/manage', { kind: 'success', key: values && !values.isHomeworkLock ? 'manage.unlocked' : 'manage.archived' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ManagePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { tab, usage, journals, students, lock, archiveId } = loaderData
  return (
    <section aria-labelledby="manage-title">
      <h1 id="manage-title">{t('manage.title')}</h1>
      <div className={`card usage ${lock ? 'over' : ''}`}>
        <p className="usage-figure">
          {t('manage.usage')} <strong>{t('manage.usageValue', usage)}</strong>
        </p>
        <p>{t(lock === 'expired' ? 'manage.expiredText' : lock === 'overLimit' ? 'manage.lockedText' : 'manage.okText')}</p>
        <UpgradeButton>{t('manage.upgrade')}</UpgradeButton>
      </div>
      <nav className="tabs" aria-label={t('manage.title')}>
        <Link to="/manage" aria-current={tab === 'journals' ? 'page' : undefined}>
          {t('manage.tabJournals')}
        </Link>
        <Link to="/manage?tab=students" aria-current={tab === 'students' ? 'page' : undefined}>
          {t('manage.tabStudents')}
        </Link>
      </nav>
      {tab === 'journals' ? (
        journals.length === 0 ? (
          <p className="empty">{t('manage.noJournals')}</p>
        ) : (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('manage.journal')}</th>
                <th scope="col">{t('manage.created')}</th>
                <th scope="col">{t('manage.students')}</th>
                <th scope="col">{t('manage.action')}</th>
              </tr>
            </thead>
            <tbody>
              {journals.map((j) => (
                <tr key={j.id}>
                  <td>{j.name}</td>
                  <td>{formatDate(j.createdAt)}</td>
                  <td>{j.studentCount}</td>
                  <td>
                    {archiveId === j.id ? (
                      <ConfirmDialog title={t('manage.archiveConfirm', { name: j.name })} closeTo="/manage" confirm={t('manage.archive')} cancel={t('journal.cancel')} fields={{ journalId: j.id }} />
                    ) : (
                      <Link to={`/manage?archive=${j.id}`} className="button small secondary">
                        {t('manage.archive')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : students.length === 0 ? (
        <p className="empty">{t('manage.noStudents')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('manage.student')}</th>
              <th scope="col">{t('manage.account')}</th>
              <th scope="col">{t('manage.journals')}</th>
            </tr>
          </thead>
          <tbody>
            {students.map((s) => (
              <tr key={s.id}>
                <td>{s.name}</td>
                <td>{s.account}</td>
                <td>{s.journals.join(', ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
