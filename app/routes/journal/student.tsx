import { data, Link, redirect, useLocation, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/student'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { journalOf } from '~/auth/journal-gate.server'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { setStarred, isStudentPost } from '~/features/posts/marks.server'
import { archiveStudent, journalStudent, studentPosts } from '~/features/students/list.server'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { Pager } from '~/ui/pager'
import { pageParam } from '~/shared/lists'
import { FastLink } from '~/ui/fast-link'
import { reportPath } from '~/features/reports/tabs'
import { redirectWithToast } from '~/auth/toast.server'
import { requireFunction } from '~/auth/guards.server'
import { hasFunction } from '~/features/plans/pay-functions'
import { ConfirmDialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { Avatar } from '~/ui/avatar'
import { readForm } from '~/http/form.server'
import { TableHead } from '~/ui/table-head'
import { studentPatterns } from '~/features/insights/student-patterns.server'
import { StudentPatterns } from '~/features/insights/components/student-patterns'
import { STUDENT_PAGE_HANDLE, studentPageDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The patterns section's texts (decision 0049) come with the page.
export const handle = STUDENT_PAGE_HANDLE
export const clientMiddleware = studentPageDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.student.name, matches)

/** /diary/homework/{id}/student/{sid}: one student of the journal and their posts (spec 2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { journal, user, role } = journalOf(context)
  const student = await journalStudent(db, journal.id, params.sid)
  const page = pageParam(new URL(request.url).searchParams)
  const [posts, patterns] = await Promise.all([
    studentPosts(db, { journalId: journal.id, studentId: student.id, teacherId: user.userId, page }),
    // The reports' pay function covers the patterns too: without it the section shows the notice and no data.
    hasFunction(user, PAY_FUNCTIONS.report) ? studentPatterns(db, journal, student.id) : null,
  ])
  await recordLook(db, { viewerId: user.userId, studentIds: [student.id], kind: 'posts', journalId: journal.id, timeZone: await journalZone(db, journal.id) })
  return { journalId: journal.id, student, posts, page, patterns, isOwner: role === 'owner', canStar: hasFunction(user, PAY_FUNCTIONS.collection) }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const gate = journalOf(context)
  const student = await journalStudent(db, gate.journal.id, params.sid)
  const form = await readForm(request)
  const args: IntentArgs = { request, gate, student, form }
  switch (form.get('intent')) {
    case 'archive':
      return archiveAction(args)
    case 'star':
      return starAction(args, true)
    case 'unstar':
      return starAction(args, false)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  gate: ReturnType<typeof journalOf>
  student: Awaited<ReturnType<typeof journalStudent>>
  form: FormData
}

/** Archiving a student is the owner's, like archiving the journal. */
async function archiveAction({ request, gate: { journal, role, session }, student }: IntentArgs) {
  if (role !== 'owner') throw data(null, { status: 403 })
  await archiveStudent(db, journal.id, student.id)
  return await redirectWithToast(request, session, `/diary/homework/${journal.id}/news`, { kind: 'success', key: 'students.archived', values: { name: student.name }, snackbar: true })
}

/** Stars or unstars one of the student's posts (the collection), and stays on the page. */
async function starAction({ request, gate: { journal, user }, student, form }: IntentArgs, on: boolean) {
  requireFunction(user, PAY_FUNCTIONS.collection)
  const postId = idField(form, 'postId')
  if (!(await isStudentPost(db, { postId, journalId: journal.id, studentId: student.id }))) throw data(null, { status: 404 })
  await setStarred(db, { userId: user.userId, postId, on })
  const back = new URL(request.url)
  return redirect(`${back.pathname}${back.search}`)
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

/** Score (spec 2 student detail): a dash for a video, "scoring" while below 1, otherwise the number. */
function Score({ score, isVideo }: { score: number | null; isVideo: number }) {
  const { t } = useT()
  if (isVideo) return <>–</>
  if (score === null || score < 1) return <span className="hint">{t('students.scoring')}</span>
  return <>{score}</>
}

export default function StudentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const location = useLocation()
  const [params] = useSearchParams()
  const { student, posts, isOwner, canStar, journalId } = loaderData
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('console.breadcrumb')}>
        <Link to={`/diary/homework/${journalId}/student`}>{t('students.title')}</Link> › <span>{student.name}</span>
      </nav>
      <nav className="tabs" aria-label={student.name}>
        <FastLink to={`/diary/homework/${journalId}/student/${student.id}`} aria-current="page">
          {t('report.diaryTab')}
        </FastLink>
        <FastLink to={reportPath(journalId, student.id)}>{t('report.reportTab')}</FastLink>
      </nav>
      <div className="page-head">
        <div className="who-cell">
          <Avatar name={student.name} seed={student.id} large />
          <div>
            <h1>{student.name}</h1>
            <p className="hint">
              {t('students.nickname')}: {student.nickname || '–'} · {t('students.email')}: {student.email || '–'}
            </p>
          </div>
        </div>
        <FastLink className="button secondary" to={`/diary/homework/${journalId}/student/${student.id}/ebook`}>
          {t('students.createEbook')}
        </FastLink>
        <FastLink className="button secondary" to={`/diary/homework/${journalId}/student/${student.id}/family`}>
          {t('students.familyPack')}
        </FastLink>
        {isOwner ? (
          <>
            <FastLink className="button secondary" to={`/diary/homework/${journalId}/student/${student.id}/export`}>
              {t('students.dataExport')}
            </FastLink>
            <FastLink className="button secondary" to={`/diary/homework/${journalId}/student/${student.id}/erase`}>
              {t('students.dataErase')}
            </FastLink>
          </>
        ) : null}
        {isOwner ? (
          <Link className="button danger" to="?archive=1" preventScrollReset>
            {t('students.archive')}
          </Link>
        ) : null}
      </div>
      {isOwner && params.get('archive') ? (
        <ConfirmDialog title={t('students.archiveTitle', { name: student.name })} text={t('students.archiveText')} closeTo="?" confirm={t('students.archive')} cancel={t('journal.cancel')} fields={{ intent: 'archive' }} />
      ) : null}
      <h2>{t('students.posts')}</h2>
      {posts.posts.length === 0 ? (
        <p className="empty">{t('diary.noPosts')}</p>
      ) : (
        <table className="table">
          <TableHead columns={[t('students.star'), t('news.diaryDate'), t('students.postTitle'), <>{t('news.place')} / {t('news.time')}</>, t('students.score'), t('students.created'), { hidden: t('lists.openPost') }]} />
          <tbody>
            {posts.posts.map((p) => (
              <tr key={p.id}>
                <td>
                  {canStar ? (
                    <Form method="post" action={`${location.pathname}${location.search}`}>
                      <input type="hidden" name="postId" value={p.id} />
                      <button type="submit" name="intent" value={p.starred ? 'unstar' : 'star'} className="star-button" aria-pressed={p.starred} aria-label={t('students.starPost', { title: p.title })}>
                        {p.starred ? '★' : '☆'}
                      </button>
                    </Form>
                  ) : (
                    '–'
                  )}
                </td>
                <td className="nowrap">{p.diaryDate}</td>
                <td>
                  {p.unread ? <span className="dot" role="img" aria-label={t('students.unread')} /> : null} {p.title}
                  {p.status === 4 ? <span className="badge">{t('news.sentBack')}</span> : null}
                </td>
                <td>
                  {p.location || '–'} / {p.happenTime || '–'}
                </td>
                <td>
                  <Score score={p.score} isVideo={p.isVideo} />
                </td>
                <td className="nowrap">{formatDate(p.createdAt)}</td>
                <td>
                  {p.isVideo ? (
                    <button className="button small secondary" type="button" disabled>
                      {t('students.viewed')}
                    </button>
                  ) : (
                    <FastLink className="button small secondary" to={`/diary/diaryPost/${p.id}`}>
                      {t('lists.openPost')}
                    </FastLink>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={posts.page} totalPages={posts.totalPages} />
      <StudentPatterns journalId={journalId} student={{ id: student.id, name: String(student.name) }} data={loaderData.patterns} />
      <p className="hint">{student.lastLogin ? t('students.lastLoginAt', { at: formatDateTime(student.lastLogin) }) : null}</p>
    </>
  )
}
