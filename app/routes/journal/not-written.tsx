import { useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/not-written'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { idFields } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { notWritten, periodOfParam, remindingClosed, remindStudents, type NotWrittenPeriod, type RemindClosed } from '~/features/reminders/not-written.server'
import { hasFunction } from '~/features/plans/pay-functions'
import { requireFunction } from '~/auth/guards.server'
import { redirectWithToast } from '~/auth/toast.server'
import { INSIGHTS_HANDLE, insightsDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { readForm } from '~/http/form.server'
import { mailer } from '~/mail/mail.server'
import { formatDate, formatDateTime, todayDate } from '~/shared/dates'
import { questOfTheDay } from '~/features/quests/quest-posts.server'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { PayNotice } from '~/ui/pay'
import { TableHead } from '~/ui/table-head'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are the insights part's (who waits, who has not written): no other page downloads them.
export const handle = INSIGHTS_HANDLE
export const clientMiddleware = insightsDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/notWritten (decision 0052): the students who have not posted today or this week,
 * and "remind them" (a notice on their home page, an e-mail where they have one; once a school day
 * each). The journal's teachers (the gate); a student list, so the students list's pay function (f3).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const title = `${getInstance(context).t('notWritten.title')} | ${journal.name}`
  const params = new URL(request.url).searchParams
  const period = periodOfParam(params.get('period'))
  // A contest's journal has a third tab: who has not answered the quest of the day.
  const questTab = (await questOfTheDay(db, journal.id, todayDate(new Date(), journal.timeZone))) !== null
  if (!hasFunction(user, PAY_FUNCTIONS.studentList)) return { title, journalId: journal.id, period, questTab, list: null, ticked: null, closed: null }
  const [list, closed] = await Promise.all([notWritten(db, { journalId: journal.id, timeZone: journal.timeZone, period }), remindingClosed(db, journal.id)])
  return { title, journalId: journal.id, period, questTab, list, ticked: tickedOf(params.get('ticked')), closed: closed && closedText(closed, journal.timeZone) }
}

/**
 * The boxes the teacher had ticked when the form was last sent (`?ticked=3,5`): after reminding
 * some, or a refusal, the others stay as the teacher left them. Null: a first visit,
 * every box ticked.
 */
const tickedOf = (value: string | null) => (value === null ? null : value.split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0))

/** Out of school time, in the page's language: the page's note or the refusal, why, and from when (in the journal's zone). */
const CLOSED_KEYS = {
  closed: { day: 'notWritten.closedDay', hours: 'notWritten.closedHours', never: 'notWritten.closedNever' },
  refused: { day: 'notWritten.refusedDay', hours: 'notWritten.refusedHours', never: 'notWritten.refusedNever' },
} as const
const closedText = (c: RemindClosed, timeZone: string, as: keyof typeof CLOSED_KEYS = 'closed') => ({
  key: CLOSED_KEYS[as][c.why],
  values: { when: c.from ? formatDateTime(c.from, timeZone) : '', start: `${String(c.startHour).padStart(2, '0')}:00`, end: `${String(c.endHour).padStart(2, '0')}:00` },
})

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { journal, user, session } = journalOf(context)
  requireFunction(user, PAY_FUNCTIONS.studentList)
  const form = await readForm(request)
  const period = periodOfParam(String(form.get('period')))
  const studentIds = idFields(form, 'studentId')
  // Back to the page with the teacher's ticks as they were.
  const back = `/diary/homework/${journal.id}/notWritten?${new URLSearchParams({ ...(period === 'today' ? {} : { period }), ticked: studentIds.join(',') })}`
  if (studentIds.length === 0) return redirectWithToast(request, session, back, { kind: 'error', key: 'notWritten.noneChosen' })
  const done = await remindStudents(db, { journalId: journal.id, timeZone: journal.timeZone, period, teacherId: user.userId, studentIds, journalName: journal.name, teacherName: user.userName, mailer, origin: env.PUBLIC_ORIGIN })
  // Out of school time: nothing written; why, and from when.
  if (done.closed) return redirectWithToast(request, session, back, { kind: 'error', ...closedText(done.closed, journal.timeZone, 'refused') })
  // A double click's second request, or a stale tab: say what is true, not an error.
  if (done.reminded === 0) return redirectWithToast(request, session, back, done.already ? { kind: 'info', key: 'notWritten.alreadyReminded', values: { count: done.already } } : { kind: 'info', key: 'notWritten.nothingToDo' })
  return redirectWithToast(request, session, back, { kind: 'success', key: done.already ? 'notWritten.remindedSome' : 'notWritten.reminded', values: { count: done.reminded, already: done.already } })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function NotWrittenPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { list, period, journalId, questTab, ticked, closed } = loaderData
  return (
    <>
      <h1>{t('notWritten.title')}</h1>
      <p className="hint">{t('notWritten.intro')}</p>
      <PeriodTabs journalId={journalId} period={period} questTab={questTab} />
      {list ? <StudentsToRemind journalId={journalId} period={period} list={list} ticked={ticked} closed={closed} /> : <PayNotice />}
    </>
  )
}

function PeriodTabs({ journalId, period, questTab }: { journalId: number; period: NotWrittenPeriod; questTab: boolean }) {
  const { t } = useT()
  const base = `/diary/homework/${journalId}/notWritten`
  return (
    <nav className="tabs" aria-label={t('notWritten.period')}>
      <FastLink to={base} aria-current={period === 'today' ? 'page' : undefined}>
        {t('notWritten.today')}
      </FastLink>
      <FastLink to={`${base}?period=week`} aria-current={period === 'week' ? 'page' : undefined}>
        {t('notWritten.week')}
      </FastLink>
      {questTab || period === 'quest' ? (
        <FastLink to={`${base}?period=quest`} aria-current={period === 'quest' ? 'page' : undefined}>
          {t('notWritten.quest')}
        </FastLink>
      ) : null}
    </nav>
  )
}

type List = NonNullable<Route.ComponentProps['loaderData']['list']>

type Loaded = Route.ComponentProps['loaderData']

function StudentsToRemind({ journalId, period, list, ticked, closed }: { journalId: number; period: NotWrittenPeriod; list: List; ticked: Loaded['ticked']; closed: Loaded['closed'] }) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const since = formatDate(`${list.since}T12:00:00Z`, 'UTC')
  if (list.enrolled === 0) return <p className="empty">{t('notWritten.noStudents')}</p>
  if (period === 'quest' && !list.quest) return <p className="empty">{t('notWritten.noQuest')}</p>
  if (list.students.length === 0) return <p className="card summary" role="status">{t(period === 'today' ? 'notWritten.allToday' : period === 'week' ? 'notWritten.allWeek' : 'notWritten.allQuest')}</p>
  const waiting = list.students.filter((s) => !s.remindedAt)
  return (
    <Form method="post" className="not-written">
      <input type="hidden" name="period" value={period} />
      <p className="card summary" role="status">
        {period === 'quest'
          ? t('notWritten.countQuest', { count: list.students.length, enrolled: list.enrolled, quest: list.quest?.title ?? '' })
          : t(period === 'today' ? 'notWritten.countToday' : 'notWritten.countWeek', { count: list.students.length, enrolled: list.enrolled, since })}
      </p>
      <table className="table">
        <TableHead columns={[{ hidden: t('notWritten.choose') }, t('notWritten.student'), t('notWritten.lastPost'), t('notWritten.reminder')]} />
        <tbody>
          {list.students.map((s) => (
            <tr key={s.id}>
              <td>
                {s.remindedAt ? null : (
                  // Keyed by its default: the page that comes back after the form (with JavaScript too) shows the ticks the teacher sent.
                  <input key={`${s.id}-${String(ticked?.includes(s.id) ?? true)}`} type="checkbox" name="studentId" value={s.id} defaultChecked={ticked?.includes(s.id) ?? true} aria-label={t('notWritten.chooseName', { name: s.name })} />
                )}
              </td>
              <td>
                <span className="who-cell">
                  <Avatar name={s.name} seed={s.id} />
                  <span>
                    <FastLink to={`/diary/homework/${journalId}/student/${s.id}`}>{s.name}</FastLink>
                    <br />
                    <span className="hint">{s.account}</span>
                  </span>
                </span>
              </td>
              <td className="nowrap">{s.lastPost ?? t('notWritten.never')}</td>
              <td>{s.remindedAt ? t('notWritten.remindedAt', { time: formatDateTime(s.remindedAt).slice(11), teacher: s.remindedBy ?? '' }) : <span className="hint">–</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {waiting.length ? (
        <p className="actions">
          <button type="submit" className="button" name="intent" value="remind" disabled={busy}>
            {t('notWritten.remind')}
          </button>
          <span className="hint">{closed ? t(closed.key, closed.values) : t('notWritten.remindHint')}</span>
        </p>
      ) : (
        <p className="hint">{t('notWritten.allReminded')}</p>
      )}
    </Form>
  )
}
