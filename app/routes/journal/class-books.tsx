import { useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/class-books'
import { journalOf } from '~/auth/journal-gate.server'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { claimStaleClassBooks, classBookJob, startClassBooks } from '~/features/ebooks/class-books.server'
import { classStudents } from '~/features/students/list.server'
import { CLASS_BOOK_DESIGNS, CLASS_BOOK_NEWEST, CLASS_BOOK_RULES, EBOOK_POSTS, type ClassBookRule } from '~/features/ebooks/constants'
import { classBooksInBackground } from '~/features/ebooks/drawing.server'
import { idFields } from '~/features/form-ids.server'
import { readForm } from '~/http/form.server'
import { CLASS_BOOKS_HANDLE, classBooksDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { ClassJobHead, ClassJobProgress } from '~/ui/class-job'
import { pageMeta } from '~/ui/page-title'
import { HeldBackFieldset, LeftOutList, type HeldBackView } from '~/ui/held-back'
import { heldBackPosts, namedLeftOut } from '~/features/alerts/held-back.server'
import { HOLD_BACK_DAYS } from '~/features/alerts/constants'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are the e-book part's (no other journal page downloads them), with the privacy part's
// held-back posts (decision 0063).
export const handle = CLASS_BOOKS_HANDLE
export const clientMiddleware = classBooksDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** How many of the newest posts a book may take: a choice, so no number can be out of range. */
const NEWEST_CHOICES = [5, 10, 15, CLASS_BOOK_NEWEST, EBOOK_POSTS.max] as const

/**
 * /diary/homework/{id}/classBooks (decision 0053): every chosen student's e-book and its
 * PDF in one job, with progress per student, the reason for a student left without a book, and one
 * zip of the PDFs. The journal's teachers (the gate); one job per journal at a time.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  // A job whose process went quiet (a restart) goes on here: the first page to see it takes it over.
  if (await claimStaleClassBooks(db, journal.id)) classBooksInBackground(journal.id)
  const [students, job, held] = await Promise.all([classStudents(db, journal.id), classBookJob(db, journal.id), heldBackPosts(db, journal.id)])
  // The posts each book left out under an alert, named again (decision 0063).
  const leftOut = job ? await namedLeftOut(db, journal.id, job.results.flatMap((r) => r.leftOut ?? [])) : []
  return { title: `${getInstance(context).t('classBooks.title')} | ${journal.name}`, journalId: journal.id, students, job, heldBack: [...held.values()], leftOut }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { journal, user, session } = journalOf(context)
  const form = await readForm(request)
  const back = `/diary/homework/${journal.id}/classBooks`
  const studentIds = idFields(form, 'studentId')
  if (studentIds.length === 0) return redirectWithToast(request, session, back, { kind: 'error', key: 'classBooks.noneChosen' })
  const rule = (CLASS_BOOK_RULES as readonly string[]).includes(String(form.get('rule'))) ? (String(form.get('rule')) as ClassBookRule) : 'newest'
  const newest = (NEWEST_CHOICES as readonly number[]).includes(Number(form.get('newest'))) ? Number(form.get('newest')) : CLASS_BOOK_NEWEST
  const design = (CLASS_BOOK_DESIGNS as readonly string[]).includes(String(form.get('design'))) ? String(form.get('design')) : CLASS_BOOK_DESIGNS[0]
  // The held-back posts the teacher put back knowingly (decision 0063).
  const putBack = idFields(form, 'putBack')
  const started = await startClassBooks(db, { journalId: journal.id, teacherId: user.userId, studentIds, rule, newest, design, putBack })
  // A second click, or another teacher's, while the job runs: the page shows that job, not an error.
  if (started === 'running') return redirectWithToast(request, session, back, { kind: 'info', key: 'classBooks.alreadyRunning' })
  classBooksInBackground(journal.id)
  return redirectWithToast(request, session, back, { kind: 'success', key: 'classBooks.started' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ClassBooksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { job, students, journalId, heldBack, leftOut } = loaderData
  const running = job?.status === 'running'
  return (
    <>
      <ClassJobHead journalId={journalId} studentsLabel={t('classBooks.students')} title={t('classBooks.title')} intro={t('classBooks.intro')} running={running} />
      {job ? <JobState job={job} journalId={journalId} leftOut={leftOut} /> : null}
      {running ? null : students.length === 0 ? <p className="empty">{t('classBooks.noStudents')}</p> : <StartForm students={students} again={Boolean(job)} heldBack={heldBack} journalId={journalId} />}
    </>
  )
}

type Job = NonNullable<Route.ComponentProps['loaderData']['job']>

function JobState({ job, journalId, leftOut }: { job: Job; journalId: number; leftOut: HeldBackView[] }) {
  const { t } = useT()
  const made = job.results.filter((r) => 'bookId' in r).length
  return (
    <section className="card class-books-job" aria-labelledby="job-title">
      <h2 id="job-title">{t('classBooks.jobTitle')}</h2>
      <p role="status">
        {job.status === 'running' ? (
          <>
            {t('classBooks.progress', { done: job.done, count: job.total })}
            {job.current ? ` · ${t(job.current.printing ? 'classBooks.printing' : 'classBooks.preparing', { name: job.current.name })}` : ''}
          </>
        ) : job.status === 'failed' ? (
          t('classBooks.failed')
        ) : (
          t('classBooks.done', { count: made, time: job.finishedAt ? formatDateTime(job.finishedAt) : '' })
        )}
      </p>
      {job.status === 'running' ? <ClassJobProgress done={job.done} total={job.total} label={t('classBooks.progress', { done: job.done, count: job.total })} /> : null}
      {job.status !== 'running' && made > 0 ? (
        <p>
          <a className="button" href={`/diary/homework/${journalId}/classBooks/books.zip`} download>
            {t('classBooks.zip', { count: made })}
          </a>
        </p>
      ) : null}
      {job.results.length ? (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('classBooks.student')}</th>
              <th scope="col">{t('classBooks.result')}</th>
            </tr>
          </thead>
          <tbody>
            {job.results.map((r) => (
              <tr key={r.studentId}>
                <td>
                  <span className="who-cell">
                    <Avatar name={r.name} seed={r.studentId} />
                    <span>{r.name}</span>
                  </span>
                </td>
                <td>
                  {'bookId' in r ? <FastLink to={`/ebook/${r.bookId}/list`}>{t('classBooks.open')}</FastLink> : <span className="hint">{t(`classBooks.skip_${r.reason}`)}</span>}
                  <LeftOutList posts={leftOut.filter((p) => p.studentId === r.studentId)} journalId={journalId} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

function StartForm({ students, again, heldBack, journalId }: { students: { id: number; name: string }[]; again: boolean; heldBack: HeldBackView[]; journalId: number }) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const names = Object.fromEntries(students.map((s) => [s.id, s.name]))
  return (
    <Form method="post" className="card class-books-form">
      <h2>{t(again ? 'classBooks.again' : 'classBooks.make')}</h2>
      <fieldset>
        <legend>{t('classBooks.students')}</legend>
        <ul className="choice-grid">
          {students.map((s) => (
            <li key={s.id}>
              <label>
                <input type="checkbox" name="studentId" value={s.id} defaultChecked /> {s.name}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset>
        <legend>{t('classBooks.rule')}</legend>
        {CLASS_BOOK_RULES.map((rule) => (
          <label key={rule} className="choice">
            <input type="radio" name="rule" value={rule} defaultChecked={rule === 'newest'} /> {t(`classBooks.rule_${rule}`)}
          </label>
        ))}
      </fieldset>
      <HeldBackFieldset posts={heldBack} journalId={journalId} names={names} hint={t('heldBack.hint_books', { count: HOLD_BACK_DAYS })} />
      <div className="field">
        <label htmlFor="class-books-newest">{t('classBooks.newest')}</label>
        <select id="class-books-newest" name="newest" defaultValue={CLASS_BOOK_NEWEST}>
          {NEWEST_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="class-books-design">{t('classBooks.design')}</label>
        <select id="class-books-design" name="design" defaultValue={CLASS_BOOK_DESIGNS[0]}>
          {CLASS_BOOK_DESIGNS.map((d) => (
            <option key={d} value={d}>
              {t(`classBooks.design_${d}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t('classBooks.start')}
        </button>
      </p>
    </Form>
  )
}
