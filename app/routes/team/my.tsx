import type { SubmissionResult } from '@conform-to/react'
import { data, Link, redirect, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import { MAX_QUERY_LENGTH } from '~/shared/lists'
import type { Route } from './+types/my'
import { requireUser } from '~/auth/guards.server'
import { storeValues } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { TEAM_PLAN_STATUS } from '~/features/plans/constants'
import { can, ROLE } from '~/features/team/roles'
import { TEAM_ROLES } from '~/features/team/constants'
import {
  ADD_MEMBER,
  addMember,
  cancelTeamPlan,
  changeMember,
  findPerson,
  MEMBER_CHANGE,
  membershipOf,
  TeamForbidden,
  saveTeamCalendar,
  teamCalendar,
  teamOverview,
  teamStudents,
} from '~/features/team/team.server'
import { parseWithZod } from '@conform-to/zod/v4'
import { parseClosedDates } from '~/features/team/school-hours'
import { CalendarSchema, RetentionSchema } from '~/features/team/schema'
import { retentionPlan, saveRetention } from '~/features/privacy/retention.server'
import { RetentionForm } from '~/features/team/components/retention-form'
import { SchoolCalendarForm } from '~/features/team/components/school-calendar-form'
import { pendingErasuresOfTeam, teamLog } from '~/features/privacy/erase.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { redirectWithToast } from '~/auth/toast.server'
import { ConfirmDialog, Dialog } from '~/ui/dialog'
import { parseId } from '~/shared/lists'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_ALERTS_HANDLE, schoolAlertsDictionary } from '~/i18n/client-resources'
import { watchWordsOf } from '~/features/alerts/watch-words.server'
import { isWatchIntent, watchWordFromPage } from '~/routes/team/watch-words.server'
import { WatchWords } from '~/features/alerts/components/watch-words'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The occasional part, with the alerts' concern names the team's watch words are filed under.
export const handle = SCHOOL_ALERTS_HANDLE
export const clientMiddleware = schoolAlertsDictionary

const TABS = ['members', 'profile', 'students', 'data'] as const
type Tab = (typeof TABS)[number]
const ADD_ERRORS = {
  [ADD_MEMBER.alreadyInTeam]: 'team.alreadyInTeam',
  [ADD_MEMBER.otherTeam]: 'team.otherTeam',
  [ADD_MEMBER.noSuchPerson]: 'team.noSuchPerson',
  [ADD_MEMBER.failed]: 'team.addFailed',
  [ADD_MEMBER.full]: 'team.full',
} as const
const STATUS_KEYS: Record<number, string> = {
  [TEAM_PLAN_STATUS.notStarted]: 'team.status0',
  [TEAM_PLAN_STATUS.inProgress]: 'team.status1',
  [TEAM_PLAN_STATUS.ended]: 'team.statusEnded',
  [TEAM_PLAN_STATUS.stopped]: 'team.statusStopped',
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** Every team call answers 403 to a role without the right (features/team/roles.ts). */
async function asMember<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof TeamForbidden) throw data(null, 403)
    throw error
  }
}

/** /team/my: members, team profile (name and plan history) and students (spec 1 sections 2 to 6). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const membership = await membershipOf(db, user.userId)
  // Not in a team: the page says so and how one joins, rather than "not found".
  if (!membership) return { noTeam: true as const, title: getInstance(context).t('team.title') }
  const params = new URL(request.url).searchParams
  const tab: Tab = TABS.includes(params.get('tab') as Tab) ? (params.get('tab') as Tab) : 'members'
  const overview = await asMember(() => teamOverview(db, membership.teamId, user.userId))
  const canEdit = can(membership.roleId, 'editMembers')
  // The member search: by account or by e-mail; an empty search clears the result.
  const q = params.get('q')?.trim().slice(0, MAX_QUERY_LENGTH) ?? ''
  const by = params.get('by') === 'email' ? 'email' : 'account'
  const found = canEdit && tab === 'members' && q ? await findPerson(db, by === 'email' ? { email: q } : { account: q }) : null
  const mayStudents = can(membership.roleId, 'viewTeamStudents')
  const students = tab === 'students' && mayStudents ? await asMember(() => teamStudents(db, membership.teamId, user.userId)) : null
  const calendar = tab === 'profile' ? await teamCalendar(db, membership.teamId) : null
  // The team's watch words (decision 0062): its admins' to read and change.
  const watchWords = tab === 'profile' && canEdit ? await watchWordsOf(db, { teamId: membership.teamId }) : null
  // Children's data (decision 0047): the erasures waiting and the log, for the team's admins.
  const mayData = can(membership.roleId, 'childrenData')
  const childrenData = tab === 'data' && mayData ? { pending: await pendingErasuresOfTeam(db, membership.teamId), log: await teamLog(db, { teamId: membership.teamId }), retention: await retentionPlan(db, membership.teamId) } : null
  return {
    calendar,
    watchWords,
    mayData,
    childrenData,
    tab,
    ...overview,
    canEdit,
    mayCancel: can(membership.roleId, 'cancelPlan'),
    mayStudents,
    grantable: overview.roles.filter((r) => r.id !== ROLE.superAdmin || can(membership.roleId, 'grantSuperAdmin')),
    search: { q, by, searched: Boolean(q), found: found ? { id: found.id, name: found.name ?? found.account, account: found.account, email: found.email } : null },
    students,
    cancelId: Number(params.get('cancel')) || null,
    removeId: parseId(params.get('remove')),
    title: getInstance(context).t('team.title'),
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const membership = await membershipOf(db, user.userId)
  if (!membership) throw data(null, 404)
  const form = await readForm(request)
  const intent = form.get('intent')
  // Successes and refusals show a toast, then the tab again (spec 1 section 8).
  const toast = async (tab: Tab, kind: 'success' | 'error', key: string) => {
    return await redirectWithToast(request, session, `/team/my?tab=${tab}`, { kind, key })
  }
  const args: IntentArgs = { request, session, user, membership, teamId: membership.teamId, form, toast }
  switch (intent) {
    case 'add':
      return addAction(args)
    case 'role':
      return roleAction(args)
    case 'leave':
      return leaveAction(args)
    case 'cancel-plan':
      return cancelPlanAction(args)
    case 'calendar':
      return calendarAction(args)
    case 'retention':
      return retentionAction(args)
    case 'watch-add':
    case 'watch-remove':
      return watchWordsAction(args)
    default:
      throw data(null, 400)
  }
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

type IntentArgs = Pick<Awaited<ReturnType<typeof requireUser>>, 'session' | 'user'> & {
  request: Request
  membership: NonNullable<Awaited<ReturnType<typeof membershipOf>>>
  teamId: number
  form: FormData
  toast: (tab: Tab, kind: 'success' | 'error', key: string) => Promise<Response>
}

async function addAction({ user, teamId, form, toast }: IntentArgs) {
  const result = await asMember(() => addMember(db, user.userId, teamId, idField(form, 'userId'), idField(form, 'roleId')))
  return result === ADD_MEMBER.ok ? toast('members', 'success', 'team.added') : toast('members', 'error', ADD_ERRORS[result])
}

async function roleAction(args: IntentArgs) {
  const { membership, form } = args
  const targetId = idField(form, 'userId')
  const role = form.get('roleId')
  // Removing someone asks first: the confirmation is a dialog on the page's URL.
  if (role === 'remove' && form.get('confirmed') !== '1') {
    if (!can(membership.roleId, 'editMembers')) throw data(null, 403)
    return redirect(`/team/my?tab=members&remove=${targetId}`)
  }
  return changeMemberTo(args, targetId, role === 'remove' ? null : Number(role))
}

async function leaveAction(args: IntentArgs) {
  return changeMemberTo(args, args.user.userId, null)
}

/** A member's new role, or out of the team (null). */
async function changeMemberTo({ request, session, user, teamId, toast }: IntentArgs, targetId: number, roleId: number | null) {
  const result = await asMember(() => changeMember(db, user.userId, teamId, targetId, roleId))
  // -2: the dialog saying the team has only one admin (spec 1 section 8).
  if (result === MEMBER_CHANGE.oneAdmin) return data({ oneAdmin: true }, 409)
  if (targetId === user.userId) {
    // Out of the team (or no longer an editor): the session's mode and plan follow.
    const values = await loadSessionValues(db, user.userId)
    if (values) storeValues(session, values)
    return await redirectWithToast(request, session, '/diary', { kind: 'success', key: 'team.left' })
  }
  return toast('members', 'success', roleId === null ? 'team.removed' : 'team.roleChanged')
}

async function cancelPlanAction({ session, user, teamId, form, toast }: IntentArgs) {
  const done = await asMember(() => cancelTeamPlan(db, user.userId, teamId, idField(form, 'planId')))
  // One's own plan may be the one cancelled: the menus follow at once.
  const values = done ? await loadSessionValues(db, user.userId) : null
  if (values) storeValues(session, { ...values, locale: user.locale })
  return toast('profile', done ? 'success' : 'error', done ? 'team.planCancelled' : 'team.cancelFailed')
}

async function calendarAction({ session, user, membership, teamId, form, toast }: IntentArgs) {
  // A member who does not manage the team is refused before the form is read.
  if (!can(membership.roleId, 'editMembers')) throw data(null, 403)
  // The school calendar (decision 0046): its errors show on the form and nothing is saved.
  const submission = parseWithZod(form, { schema: CalendarSchema })
  if (submission.status !== 'success') return data({ calendar: submission.reply() }, 400)
  const v = submission.value
  await asMember(() => saveTeamCalendar(db, user.userId, teamId, { days: v.days, startHour: Number(v.startHour), endHour: Number(v.endHour), closed: parseClosedDates(v.closed ?? ''), timeZone: v.timeZone }))
  // The school's zone is a session value: the admin's own pages follow at once (the others' at their next read).
  const values = await loadSessionValues(db, user.userId)
  if (values) storeValues(session, { ...values, locale: user.locale })
  return toast('profile', 'success', 'team.calendarSaved')
}

async function retentionAction({ membership, teamId, form, toast }: IntentArgs) {
  // Retention (decision 0047): the team's admins only; a change starts the 30 days' notice over.
  if (!can(membership.roleId, 'childrenData')) throw data(null, 403)
  const submission = parseWithZod(form, { schema: RetentionSchema })
  if (submission.status !== 'success') return data({ retention: submission.reply() }, 400)
  await saveRetention(db, teamId, { years: submission.value.years ? Number(submission.value.years) : null, startMonth: Number(submission.value.startMonth) })
  return toast('data', 'success', 'team.retentionSaved')
}

async function watchWordsAction({ request, session, user, membership, teamId, form }: IntentArgs) {
  // The team's watch words (decision 0062): its admins only, refused before the form is read.
  if (!can(membership.roleId, 'editMembers') || !isWatchIntent(form.get('intent'))) throw data(null, 403)
  return watchWordFromPage(request, session, form, { userId: user.userId, scope: { teamId }, backTo: '/team/my?tab=profile' })
}

export default function TeamPage({ loaderData, actionData }: Route.ComponentProps) {
  if ('noTeam' in loaderData) return <NoTeam />
  return <TeamManagement loaderData={loaderData} actionData={actionData} />
}

function NoTeam() {
  const { t } = useT()
  return (
    <section aria-labelledby="team-title" className="card narrow">
      <h1 id="team-title">{t('team.title')}</h1>
      <p>{t('team.noTeam')}</p>
      <Link to="/diary">{t('team.noTeamBack')}</Link>
    </section>
  )
}

type Data = Exclude<Route.ComponentProps['loaderData'], { noTeam: true }>

function TeamManagement({ loaderData, actionData }: { loaderData: Data; actionData: Route.ComponentProps['actionData'] }) {
  const { t } = useT()
  const removing = loaderData.canEdit ? loaderData.members.find((m) => m.id === loaderData.removeId && !m.isCurrentUser) : undefined
  const { tab, team, current, members } = loaderData
  return (
    <section aria-labelledby="team-title">
      <h1 id="team-title">{team.name}</h1>
      <nav className="tabs" aria-label={t('team.title')}>
        {TABS.filter((x) => (x !== 'students' || loaderData.mayStudents) && (x !== 'data' || loaderData.mayData)).map((x) => (
          <Link key={x} to={`?tab=${x}`} aria-current={tab === x ? 'page' : undefined}>
            {t(`team.tab_${x}`)}
          </Link>
        ))}
      </nav>
      {actionData && 'oneAdmin' in actionData ? (
        <Dialog title={t('team.oneAdminTitle')} closeTo="?tab=members" alert>
          <p>{t('team.oneAdmin')}</p>
          <Link to="?tab=members" className="button">
            {t('team.ok')}
          </Link>
        </Dialog>
      ) : null}
      {tab === 'members' && removing ? (
        <ConfirmDialog
          title={t('team.removeTitle', { name: removing.displayName })}
          text={t('team.removeText')}
          closeTo="?tab=members"
          confirm={t('team.remove')}
          cancel={t('journal.cancel')}
          fields={{ intent: 'role', userId: removing.id, roleId: 'remove', confirmed: '1' }}
        />
      ) : null}
      {tab === 'members' ? (
        <>
          <p className="meta">{t('team.memberCount', { count: members.length, limit: current?.numberLimit ?? '–' })}</p>
          {loaderData.canEdit ? <MemberSearch data={loaderData} /> : null}
          <MembersTable data={loaderData} />
        </>
      ) : null}
      {tab === 'profile' ? (
        <ProfileTab data={loaderData} calendarResult={actionData && 'calendar' in actionData ? actionData.calendar : undefined} watchWordResult={actionData && 'watchWord' in actionData ? actionData.watchWord : undefined} />
      ) : null}
      {tab === 'students' && loaderData.students ? <StudentsTab data={loaderData} /> : null}
      {tab === 'data' && loaderData.childrenData ? <ChildrenDataTab data={loaderData.childrenData} retentionResult={actionData && 'retention' in actionData ? actionData.retention : undefined} /> : null}
    </section>
  )
}


function RoleName({ id }: { id: number }) {
  const { t } = useT()
  const key = TEAM_ROLES.find((r) => r.id === id)?.key ?? 'generalAccount'
  return <>{t(`team.role_${key}` as 'team.role_admin')}</>
}

function MemberSearch({ data: d }: { data: Data }) {
  const { t } = useT()
  const { search, grantable } = d
  return (
    <div className="card">
      <h2>{t('team.addTitle')}</h2>
      <Form method="get" className="inline-form">
        <input type="hidden" name="tab" value="members" />
        <div className="field">
          <label htmlFor="team-by">{t('team.searchBy')}</label>
          <select id="team-by" name="by" defaultValue={search.by}>
            <option value="account">{t('team.byAccount')}</option>
            <option value="email">{t('team.byEmail')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="team-q">{t('team.searchFor')}</label>
          <input id="team-q" name="q" type="search" defaultValue={search.q} />
        </div>
        <button type="submit" className="button secondary">
          {t('team.search')}
        </button>
      </Form>
      {search.searched && !search.found ? <p role="status">{t('team.noSuchPerson')}</p> : null}
      {search.found ? (
        <Form method="post" className="inline-form">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="userId" value={search.found.id} />
          <p>
            <strong>{search.found.name}</strong> · {search.found.account} {search.found.email ? `· ${search.found.email}` : ''}
          </p>
          <div className="field">
            <label htmlFor="team-role">{t('team.role')}</label>
            {/* The role defaults to the first in the list (spec 1 section 5). */}
            <select id="team-role" name="roleId" defaultValue={grantable[0]?.id}>
              {grantable.map((r) => (
                <option key={r.id} value={r.id}>
                  {t(`team.role_${r.key}` as 'team.role_admin')}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            {t('team.add')}
          </button>
        </Form>
      ) : null}
    </div>
  )
}

function MembersTable({ data: d }: { data: Data }) {
  const { t } = useT()
  const navigation = useNavigation()
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t('team.name')}</th>
          <th scope="col">{t('team.account')}</th>
          <th scope="col">{t('team.role')}</th>
        </tr>
      </thead>
      <tbody>
        {d.members.map((m) => {
          // Others' roles: a dropdown with removal, for editors; a super admin's only for a super admin.
          const editable = d.canEdit && !m.isCurrentUser && (m.roleId !== ROLE.superAdmin || d.grantable.some((r) => r.id === ROLE.superAdmin))
          return (
            <tr key={m.id}>
              <td>{m.displayName}</td>
              <td>{m.account}</td>
              <td>
                {editable ? (
                  <Form method="post" className="row-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="userId" value={m.id} />
                    <label className="visually-hidden" htmlFor={`role-${m.id}`}>
                      {t('team.roleOf', { name: m.displayName })}
                    </label>
                    <select id={`role-${m.id}`} name="roleId" defaultValue={m.roleId}>
                      {d.grantable.map((r) => (
                        <option key={r.id} value={r.id}>
                          {t(`team.role_${r.key}` as 'team.role_admin')}
                        </option>
                      ))}
                      <option value="remove">{t('team.remove')}</option>
                    </select>
                    <button type="submit" className="button small secondary" disabled={navigation.state === 'submitting'}>
                      {t('team.apply')}
                    </button>
                  </Form>
                ) : m.isCurrentUser ? (
                  <Form method="post" className="row-form">
                    <RoleName id={m.roleId} /> <span className="meta">({t('team.you')})</span>
                    <input type="hidden" name="intent" value="leave" />
                    <button type="submit" className="button small secondary">
                      {t('team.leave')}
                    </button>
                  </Form>
                ) : (
                  <RoleName id={m.roleId} />
                )}
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

function ProfileTab({ data: d, calendarResult, watchWordResult }: { data: Data; calendarResult?: SubmissionResult<string[]>; watchWordResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  return (
    <>
      <dl className="settings-list card">
        <div className="settings-row">
          <dt>{t('team.teamName')}</dt>
          <dd>{d.team.name}</dd>
        </div>
      </dl>
      {d.calendar ? (
        <>
          <h2>{t('team.calendarTitle')}</h2>
          <SchoolCalendarForm calendar={d.calendar} editable={d.canEdit} lastResult={calendarResult} />
        </>
      ) : null}
      {d.watchWords ? <WatchWords scope="team" words={d.watchWords} editable lastResult={watchWordResult} /> : null}
      <h2>{t('team.planHistory')}</h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('team.plan')}</th>
            <th scope="col">{t('team.period')}</th>
            <th scope="col">{t('team.days')}</th>
            <th scope="col">{t('team.limits')}</th>
            <th scope="col">{t('team.status')}</th>
          </tr>
        </thead>
        <tbody>
          {d.history.map((p) => (
            <tr key={p.id}>
              <td>{t(`plans.${p.planCode}` as 'plans.free')}</td>
              <td>
                {formatDate(p.startDate)} – {formatDate(p.endDate)}
              </td>
              <td>{p.days}</td>
              <td>{t('team.limitsValue', { count: p.numberLimit, students: p.studentLimit })}</td>
              <td>
                {t((STATUS_KEYS[p.status] ?? 'team.statusCancelled') as 'team.status1')}
                {p.status === TEAM_PLAN_STATUS.inProgress && d.mayCancel ? (
                  d.cancelId === p.id ? (
                    <ConfirmDialog title={t('team.cancelConfirm')} closeTo="?tab=profile" confirm={t('team.cancelPlan')} cancel={t('team.keep')} fields={{ intent: 'cancel-plan', planId: p.id }} />
                  ) : (
                    <>
                      {' '}
                      <Link to={`?tab=profile&cancel=${p.id}`} className="button small secondary">
                        {t('team.cancelPlan')}
                      </Link>
                    </>
                  )
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

function StudentsTab({ data: d }: { data: Data }) {
  const { t } = useT()
  const students = d.students!
  return (
    <>
      <p className="meta">{t('team.usage', { used: students.used, limit: d.current?.studentLimit ?? '–' })}</p>
      {students.rows.length === 0 ? (
        <p className="empty">{t('team.noStudents')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('team.name')}</th>
              <th scope="col">{t('team.email')}</th>
              <th scope="col">{t('team.lastLogin')}</th>
              <th scope="col">{t('team.journal')}</th>
              {d.mayData ? <th scope="col">{t('team.dataColumn')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {students.rows.map((s) => (
              <tr key={`${s.id}-${s.journalId}`}>
                <td>{s.name ?? s.account}</td>
                <td>{s.email ?? '–'}</td>
                <td>{s.lastLogin ? formatDateTime(s.lastLogin) : '–'}</td>
                <td>
                  <Link to={`/diary/homework/${s.journalId}`}>{s.journalName}</Link>
                </td>
                {d.mayData ? (
                  <td>
                    <Link to={`/diary/homework/${s.journalId}/student/${s.id}/export`} aria-label={t('team.dataOf', { name: s.name ?? s.account })}>
                      {t('team.dataLink')}
                    </Link>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}

type ChildrenData = NonNullable<Data['childrenData']>
const COUNT_KEYS = ['posts', 'pictures', 'comments', 'notifications', 'alerts', 'quizAnswers', 'ebooks', 'sessions', 'tickets', 'exports', 'journals', 'views'] as const

/** The team's duties to children's data (decision 0047): erasures waiting (each undoable on its page) and the log of what was done, in counts. */
function ChildrenDataTab({ data: d, retentionResult }: { data: ChildrenData; retentionResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  return (
    <>
      <h2>{t('team.retentionTitle')}</h2>
      <RetentionForm plan={d.retention} lastResult={retentionResult} />
      <h2>{t('team.pendingErasures')}</h2>
      {d.pending.length === 0 ? (
        <p className="empty">{t('team.noPendingErasures')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('team.name')}</th>
              <th scope="col">{t('team.journal')}</th>
              <th scope="col">{t('team.erasedOn')}</th>
              <th scope="col">{t('team.askedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {d.pending.map((e) => (
              <tr key={e.id}>
                <td>
                  <Link to={`/diary/homework/${e.journalId}/student/${e.studentId}/erase`}>{e.student}</Link>
                </td>
                <td>{e.journal ?? '–'}</td>
                <td className="nowrap">{formatDate(e.dueAt)}</td>
                <td>
                  {e.by ?? '–'} <span className="hint">{formatDateTime(e.requestedAt)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="hint">{t('team.personalErasures')}</p>
      <h2>{t('team.log')}</h2>
      {d.log.length === 0 ? (
        <p className="empty">{t('team.logEmpty')}</p>
      ) : (
        <ul className="team-log">
          {d.log.map((l) => {
            const counts = (l.details.counts ?? {}) as Record<string, number>
            return (
              <li key={l.id}>
                <time dateTime={l.at}>{formatDateTime(l.at)}</time>{' '}
                {l.kind === 'roster' ? (
                  <Link to={`/roster?report=${l.id}`}>{t('team.logRoster', { via: t(`roster.via_${String(l.details.via) as 'csv'}`) })}</Link>
                ) : l.kind === 'erasure'
                  ? t('team.logErasure', { journal: String(l.details.journal ?? '–'), counts: COUNT_KEYS.filter((k) => counts[k]).map((k) => t(`team.count_${k}`, { count: counts[k] })).join(', ') || '0' })
                  : t('team.logRetention', { count: Number(l.details.posts ?? 0), journals: Number(l.details.journals ?? 0), before: String(l.details.before ?? '') })}
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
