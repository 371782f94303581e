import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { TFunction } from 'i18next'
import { data, Link, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/diary'
import { requireFunction, requireNotLocked, requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { requireJournal } from '~/features/journals/access.server'
import { MEMBERSHIP_STATUS, JOIN_CODES } from '~/features/journals/constants'
import { joinAsTeacher } from '~/features/journals/join.server'
import { consoleHome } from '~/features/team/roles'
import { duplicateJournal } from '~/features/journals/lifecycle.server'
import { archivedJournals, joinedJournals, ownJournals, type JournalCard } from '~/features/journals/list.server'
import { JoinSchema } from '~/features/journals/schema'
import { startFromSampleCode } from '~/features/samples/books.server'
import { SampleCodeSchema } from '~/features/samples/schema'
import { studentsInOwnJournals } from '~/features/plans/charge-plan.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate } from '~/shared/dates'
import { ErrorList, TextField } from '~/ui/field'
import { useServerForm } from '~/ui/server-form'
import { SupportContact } from '~/ui/support-contact'
import type { SessionValues } from '~/shared/session-values'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { casesOf } from '~/features/alerts/cases.server'
import { collectionOf, readableJournalNames } from '~/features/posts/lists.server'
import { setStarred, setWatching } from '~/features/posts/marks.server'
import { CasesTable, PostsTable } from '~/features/posts/components/list-tables'
import { Pager } from '~/ui/pager'
import { listParams } from '~/shared/lists'
import { PayNotice } from '~/ui/pay'
import { redirectWithToast } from '~/auth/toast.server'
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

const TABS = ['mine', 'joined', 'followup', 'collections', 'archived'] as const
type Tab = (typeof TABS)[number]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  // A counsellor runs no journals of the team: their console is the alerts escalated to them (decision 0067).
  if (consoleHome(user) !== '/diary') throw redirect(consoleHome(user))
  const asked = new URL(request.url).searchParams.get('tab')
  const tab: Tab = TABS.find((t) => t === asked) ?? 'mine'
  // With the plan's homework lock the own list is empty and the joined and archived lists are not loaded.
  const locked = user.isHomeworkLock
  const journals = locked || tab === 'archived' ? [] : tab === 'mine' ? await ownJournals(db, user.userId) : await joinedJournals(db, user.userId)
  const archived = !locked && tab === 'archived' ? await archivedJournals(db, user.userId) : []
  const i18n = getInstance(context)
  return {
    tab,
    locked,
    journals,
    archived,
    marks: locked ? null : await marksTab(request, tab, user),
    usage: { used: await studentsInOwnJournals(db, user.userId), limit: user.studentLimit },
    title: i18n.t('console.journals'),
  } as const
}

/**
 * The follow-up (watched students, f4) and collections (starred posts, f5) tabs: searched by name,
 * follow-up also by journal, 10 a page. Without the pay function: the notice and no data.
 */
async function marksTab(request: Request, tab: Tab, user: SessionValues) {
  if (tab !== 'followup' && tab !== 'collections') return null
  const fn = tab === 'followup' ? PAY_FUNCTIONS.cases : PAY_FUNCTIONS.collection
  if (!hasFunction(user, fn)) return { paid: false as const }
  const params = new URL(request.url).searchParams
  const { q, page } = listParams(request.url)
  const journalId = Number(params.get('journal')) || undefined
  if (tab === 'collections') return { paid: true as const, q, page, journalId, journals: [], collection: await collectionOf(db, { userId: user.userId, q: q || undefined, page }), cases: null }
  const [journals, cases] = await Promise.all([readableJournalNames(db, user.userId), casesOf(db, { teacherId: user.userId, journalId, q: q || undefined, page })])
  return { paid: true as const, q, page, journalId, journals, cases, collection: null }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const form = await readForm(request)
  requireNotLocked(user)
  const args: IntentArgs = { request, context, session, user, form }
  switch (form.get('intent')) {
    case 'join':
      return joinAction(args)
    case 'sample-code':
      return sampleCodeAction(args)
    case 'unwatch':
      return unwatchAction(args)
    case 'unstar':
      return unstarAction(args)
    case 'duplicate':
      return duplicateAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  context: Route.ActionArgs['context']
  session: Awaited<ReturnType<typeof requireUser>>['session']
  user: Awaited<ReturnType<typeof requireUser>>['user']
  form: FormData
}

/** Asks to co-teach a journal by its teacher invitation code. */
async function joinAction({ request, session, user, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: JoinSchema })
  if (submission.status !== 'success') return data({ join: submission.reply() }, 400)
  const joined = await joinAsTeacher(db, user.userId, submission.value.code)
  if (!joined.ok) {
    const key = joined.code === JOIN_CODES.codeError ? 'journal.joinCodeError' : 'journal.joinError'
    return data({ join: submission.reply({ fieldErrors: { code: [key] } }) }, 400)
  }
  return await redirectWithToast(request, session, '/diary?tab=joined', { kind: 'success', key: 'journal.joinRequested' })
}

/** Starts a journal from a sample book's or a contest's code. */
async function sampleCodeAction({ request, session, user, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: SampleCodeSchema })
  if (submission.status !== 'success') return data({ sampleCode: submission.reply() }, 400)
  const taken = await startFromSampleCode(db, { userId: user.userId, planLimit: user.studentLimit }, submission.value)
  if (!taken.ok) return data({ sampleCode: submission.reply({ fieldErrors: { [taken.field]: [taken.error] } }) }, 400)
  return await redirectWithToast(request, session, taken.contest ? `/contest/${taken.journalId}/edit?new=1` : `/diary/homework/${taken.journalId}/info`, { kind: 'success', key: 'journal.created' })
}

async function unwatchAction({ request, user, form }: IntentArgs) {
  requireFunction(user, PAY_FUNCTIONS.cases)
  await setWatching(db, { teacherId: user.userId, journalId: idField(form, 'journalId'), studentId: idField(form, 'studentId'), on: false })
  const url = new URL(request.url)
  return redirect(url.pathname + url.search)
}

async function unstarAction({ request, user, form }: IntentArgs) {
  requireFunction(user, PAY_FUNCTIONS.collection)
  await setStarred(db, { userId: user.userId, postId: idField(form, 'postId'), on: false })
  const url = new URL(request.url)
  return redirect(url.pathname + url.search)
}

/** Copies one of one's journals (its settings, no students), within the plan's places. */
async function duplicateAction({ request, context, session, user, form }: IntentArgs) {
  const { journal } = await requireJournal(db, String(form.get('id')), user.userId, { ownerOnly: true })
  const t = getInstance(context).t
  const copy = await duplicateJournal(db, journal.id, user.studentLimit, (name) => t('diary.copyName', { name }))
  return await redirectWithToast(request, session, '/diary', copy.ok ? { kind: 'success', key: 'diary.duplicated' } : { kind: 'error', key: 'diary.duplicateNoTickets' })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function DiaryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { tab, journals, archived, locked, usage } = loaderData
  const tabLabel = { mine: t('diary.tabMine'), joined: t('diary.tabJoined'), followup: t('diary.tabFollowUp'), collections: t('diary.tabCollections'), archived: t('diary.tabArchived') }
  return (
    <>
      <h1>{t('console.journals')}</h1>
      <p className="hint">{t('diary.usage', usage)}</p>
      {locked ? (
        <div className="banner" role="alert">
          <p>
            {t('diary.planExpiredBanner')} <Link to="/manage">{t('diary.manageLink')}</Link>
          </p>
          <details>
            <summary>{t('diary.contactSupport')}</summary>
            <SupportContact />
          </details>
        </div>
      ) : null}
      <nav className="tabs" aria-label={t('console.journals')}>
        {TABS.map((key) => (
          <Link key={key} to={key === 'mine' ? '/diary' : `/diary?tab=${key}`} aria-current={tab === key ? 'page' : undefined}>
            {tabLabel[key]}
          </Link>
        ))}
      </nav>
      {locked ? (
        <div className="lock" aria-disabled>
          <p className="empty">{t('diary.locked')}</p>
        </div>
      ) : loaderData.marks ? (
        <MarksTab marks={loaderData.marks} />
      ) : tab === 'archived' ? (
        archived.length === 0 ? (
          <p className="empty">{t('diary.emptyArchived')}</p>
        ) : (
          <ul className="journal-grid">
            {archived.map((j) => (
              <li key={j.id} className="journal-card archived">
                <div className={`cover label-${j.labelColorCode}`} />
                <div className="body">
                  <h3>{j.name}</h3>
                  <dl className="facts">
                    <Fact label={t('diary.factCreated')} value={formatDate(j.createdAt)} />
                    <Fact label={t('diary.factArchived')} value={formatDate(j.archivedAt!)} />
                  </dl>
                </div>
              </li>
            ))}
          </ul>
        )
      ) : (
        <ul className="journal-grid">
          {tab === 'mine' ? <CreateCard lastResult={actionData && 'sampleCode' in actionData ? actionData.sampleCode : undefined} /> : <JoinCard lastResult={actionData && 'join' in actionData ? actionData.join : undefined} />}
          {journals.map((j) => (
            <JournalCardView key={j.id} journal={j} joined={tab === 'joined'} t={t} />
          ))}
        </ul>
      )}
      {!locked && (tab === 'mine' || tab === 'joined') && journals.length === 0 ? (
        <p className="empty">{tab === 'mine' ? t('diary.emptyMine') : t('diary.emptyJoined')}</p>
      ) : null}
    </>
  )
}

type Marks = NonNullable<Route.ComponentProps['loaderData']['marks']>

function MarksTab({ marks }: { marks: Marks }) {
  const { t } = useT()
  if (!marks.paid) return <PayNotice />
  return (
    <>
      <Form method="get" className="feed-filter" role="search">
        <input type="hidden" name="tab" value={marks.cases ? 'followup' : 'collections'} />
        <label className="field">
          <span>{t('journal.searchName')}</span>
          <input type="search" name="q" defaultValue={marks.q} maxLength={100} />
        </label>
        {marks.cases ? (
          <label className="field">
            <span>{t('lists.filterJournal')}</span>
            <select name="journal" defaultValue={marks.journalId ?? ''}>
              <option value="">{t('lists.allJournals')}</option>
              {marks.journals.map((j) => (
                <option key={j.id} value={j.id}>
                  {j.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button className="button secondary" type="submit">
          {t('news.searchButton')}
        </button>
      </Form>
      {marks.cases ? (
        marks.cases.rows.length === 0 ? (
          <p className="empty">{t('lists.noCases')}</p>
        ) : (
          <CasesTable rows={marks.cases.rows} showJournal t={t} />
        )
      ) : marks.collection && marks.collection.rows.length > 0 ? (
        <PostsTable rows={marks.collection.rows} showJournal withStar t={t} />
      ) : (
        <p className="empty">{t('lists.noCollection')}</p>
      )}
      <Pager page={(marks.cases ?? marks.collection)?.page ?? 1} totalPages={(marks.cases ?? marks.collection)?.totalPages ?? 1} />
    </>
  )
}

/** The first card of the own list: a new journal, one from a sample code, one from a published sample. */
function CreateCard({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof SampleCodeSchema>>({ id: 'sample-code', lastResult })
  return (
    <li className="journal-card action-card">
      <div className="body">
        <h3>{t('diary.createTitle')}</h3>
        <p className="hint">{t('diary.createText')}</p>
        <Link className="button" to="/diary/homework/new">
          {t('diary.createNew')}
        </Link>
        <Link to="/diarySample">{t('diary.fromPublished')}</Link>
        <details open={lastResult ? true : undefined}>
          <summary>{t('diary.fromSampleCode')}</summary>
          <Form method="post" {...formProps}>
            <TextField field={fields.sampleCode} label={t('diary.sampleCode')} hint={t('diary.sampleCodeHint')} inputProps={{ autoComplete: 'off' }} />
            <TextField field={fields.planCode} label={t('diary.planCode')} inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }} />
            <ErrorList errors={form.errors} />
            <button className="button secondary" type="submit" disabled={busy} name="intent" value="sample-code">
              {t('diary.takeBook')}
            </button>
          </Form>
        </details>
      </div>
    </li>
  )
}

/** The first card of the joined list: a teacher invitation code from a colleague. */
function JoinCard({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useServerForm<z.input<typeof JoinSchema>>({ id: 'join-journal', lastResult })
  return (
    <li className="journal-card action-card">
      <Form method="post" className="body" {...formProps}>
        <h3>{t('diary.joinTitle')}</h3>
        <TextField field={fields.code} label={t('diary.joinCode')} hint={t('diary.joinHint')} inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }} />
        <ErrorList errors={form.errors} />
        <button className="button" type="submit" disabled={busy} name="intent" value="join">
          {t('diary.joinSubmit')}
        </button>
      </Form>
    </li>
  )
}

// `t` comes from the page: one translation hook per page rather than one per card. The facts are
// label and value pairs, so every label is a plain string (translated once per language).
function JournalCardView({ journal, joined, t }: { journal: JournalCard; joined: boolean; t: TFunction }) {
  const pending = joined && journal.drpStatus !== MEMBERSHIP_STATUS.approved
  const home = `/diary/homework/${journal.id}`
  return (
    <li className="journal-card">
      <div className={`cover label-${journal.labelColorCode}`} />
      <div className="body">
        <h3>{pending ? journal.name : <Link to={home}>{journal.name}</Link>}</h3>
        <dl className="facts">
          {joined ? <Fact label={t('diary.factOwner')} value={journal.ownerName} /> : null}
          <Fact label={t('diary.factStudents')} value={journal.studentCount} />
          <Fact label={t('diary.factPosts')} value={journal.postCount} />
          <Fact label={t('diary.factLastPost')} value={journal.lastPostAt ? formatDate(journal.lastPostAt) : t('diary.noPosts')} />
          <Fact label={t('diary.factCreated')} value={formatDate(journal.createdAt)} />
        </dl>
        {pending ? (
          <p className="status">{t('diary.pending')}</p>
        ) : (
          <div className="card-actions">
            <Link to={home}>{t('diary.view')}</Link>
            {joined ? null : (
              <>
                <Link to={`${home}/edit`}>{t('diary.edit')}</Link>
                <Form method="post">
                  <input type="hidden" name="id" value={journal.id} />
                  <button type="submit" name="intent" value="duplicate" className="link-button">
                    {t('diary.duplicate')}
                  </button>
                </Form>
                <Link to={`${home}/archive`}>{t('diary.archive')}</Link>
              </>
            )}
          </div>
        )}
      </div>
    </li>
  )
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
