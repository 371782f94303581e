import { type SubmissionResult } from '@conform-to/react'
import type { ReactNode } from 'react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/home'
import { requireStudent } from '~/auth/student-gate.server'
import { db } from '~/db/db.server'
import { JoinSchema } from '~/features/journals/schema'
import { joinAsStudent, studentJournals } from '~/features/students/join.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { ErrorList, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { idField } from '~/features/form-ids.server'
import { studentReminders } from '~/features/reminders/not-written.server'
import { answerConsent, answerEbookConsent, consentRequests, ebookConsentRequests } from '~/features/privacy/family-pack.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /s: the student's journals and a box for a teacher's invite code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  const [journals, asked, books, reminders] = await Promise.all([studentJournals(db, studentId), consentRequests(db, studentId), ebookConsentRequests(db, studentId), studentReminders(db, studentId)])
  return { journals, asked, books, reminders, title: getInstance(context).t('student.homeTitle') }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, studentId } = await requireStudent(request, context)
  const form = await readForm(request)
  switch (form.get('intent')) {
    case 'join':
      return joinAction(request, session, studentId, form)
    case 'consent':
      return consentAction(request, session, studentId, form)
    default:
      throw data(null, { status: 400 })
  }
})

type StudentSession = Awaited<ReturnType<typeof requireStudent>>['session']

/** Joins a journal by its code. */
async function joinAction(request: Request, session: StudentSession, studentId: number, form: FormData) {
  const submission = parseWithZod(form, { schema: JoinSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const joined = await joinAsStudent(db, studentId, submission.value.code)
  if (!joined.ok) return data({ result: submission.reply({ fieldErrors: { code: [joined.error] } }) }, 400)
  return await redirectWithToast(request, session, '/s', { kind: 'success', key: 'student.joined' })
}

/** The student's answer to a teacher who wants to share their diary with the family (decision 0047). */
async function consentAction(request: Request, session: StudentSession, studentId: number, form: FormData) {
  const answer = form.get('answer')
  if (answer !== 'agree' && answer !== 'decline') throw data(null, { status: 400 })
  const done = form.get('kind') === 'ebook' ? await answerEbookConsent(db, studentId, idField(form, 'bookId'), answer === 'agree') : await answerConsent(db, studentId, idField(form, 'packId'), answer === 'agree')
  return await redirectWithToast(request, session, '/s', done === 'ok' ? { kind: 'success', key: answer === 'agree' ? 'student.consentAgreed' : 'student.consentDeclined' } : { kind: 'error', key: 'student.consentStale' })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function StudentHome({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journals, asked, books, reminders } = loaderData
  return (
    <>
      <h1>{t('student.homeTitle')}</h1>
      {/* A teacher's reminder to write (decision 0052): until the student writes in that journal, for a day. */}
      {reminders.map((r) => (
        <section key={r.journalId} className="card notice" aria-labelledby={`reminder-${r.journalId}`}>
          <h2 id={`reminder-${r.journalId}`}>{t('student.reminderTitle', { teacher: r.teacher ?? '' })}</h2>
          <p>{t('student.reminderText', { journal: r.journal })}</p>
          <Link className="button" to={`/s/journal/${r.journalId}/new`}>
            {t('student.reminderWrite')}
          </Link>
        </section>
      ))}
      {asked.map((a) => (
        <ConsentCard key={a.id} id={`consent-${a.id}`} title={t('student.consentTitle', { teacher: a.teacher })} text={t('student.consentText', { teacher: a.teacher, journal: a.journal, count: a.posts.length, from: a.from, to: a.to })} fields={{ packId: a.id }}>
          {/* What the family would see (decision 0063): the posts by title, and the teacher's note. */}
          <h3 id={`consent-${a.id}-posts`}>{t('student.consentPosts')}</h3>
          <ul className="consent-posts" aria-labelledby={`consent-${a.id}-posts`}>
            {a.posts.map((p) => (
              <li key={p.id}>
                <span className="nowrap">{p.diaryDate}</span> · {p.title}
              </li>
            ))}
          </ul>
          <h3>{t('student.consentNote', { teacher: a.teacher })}</h3>
          {a.note ? <blockquote className="consent-note">{a.note}</blockquote> : <p className="hint">{t('student.consentNoNote')}</p>}
        </ConsentCard>
      ))}
      {books.map((b) => (
        <ConsentCard key={`book-${b.id}`} id={`consent-book-${b.id}`} title={t('student.consentBookTitle', { teacher: b.teacher ?? '' })} text={t('student.consentBookText', { name: b.name, journal: b.journal })} fields={{ kind: 'ebook', bookId: b.id }} />
      ))}
      {journals.length === 0 ? <p className="empty">{t('student.noJournals')}</p> : null}
      <ul className="student-journals">
        {journals.map((j) => (
          <li key={j.id} className="journal-card">
            <div className={`cover label-${j.labelColorCode}`} />
            <div className="body">
              <h2>
                <Link to={`/s/journal/${j.id}`}>{j.name}</Link>
              </h2>
              <p className="hint">{t('student.teacher', { name: j.teacher })}</p>
              <p className="hint">{t('journal.posts', { count: j.posts })}</p>
            </div>
          </li>
        ))}
      </ul>
      <JoinForm lastResult={actionData?.result} />
    </>
  )
}

const loadJoinValidator = () => import('~/features/journals/validate').then((m) => m.validateJoin)

function JoinForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof JoinSchema>>({ id: 'student-join', lastResult, load: loadJoinValidator })
  return (
    <Form method="post" className="card" {...formProps}>
      <input type="hidden" name="intent" value="join" />
      <h2>{t('student.joinTitle')}</h2>
      <TextField field={fields.code} label={t('student.code')} hint={t('student.codeHint')} inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }} />
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('student.join')}
      </button>
    </Form>
  )
}

/** A teacher asks to share the student's posts or e-book with the family (decision 0047): agree or not. */
function ConsentCard({ id, title, text, fields, children }: { id: string; title: string; text: string; fields: Record<string, string | number>; children?: ReactNode }) {
  const { t } = useT()
  return (
    <section className="card consent-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{text}</p>
      {children}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="consent" />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button className="button" type="submit" name="answer" value="agree">
          {t('student.consentAgree')}
        </button>
        <button className="button secondary" type="submit" name="answer" value="decline">
          {t('student.consentDecline')}
        </button>
      </Form>
    </section>
  )
}
