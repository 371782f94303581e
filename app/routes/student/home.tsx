import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'
import type { z } from 'zod/mini'
import type { Route } from './+types/home'
import { requireStudent } from '~/auth/student-guard.server'
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

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /s: the student's journals and a box for a teacher's invite code. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  return { journals: await studentJournals(db, studentId), title: getInstance(context).t('student.homeTitle') }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, studentId } = await requireStudent(request, context)
  const submission = parseWithZod(await readForm(request), { schema: JoinSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const joined = await joinAsStudent(db, studentId, submission.value.code)
  if (!joined.ok) return data({ result: submission.reply({ fieldErrors: { code: [joined.error] } }) }, 400)
  return await redirectWithToast(request, session, '/s', { kind: 'success', key: 'student.joined' })
}

export default function StudentHome({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journals } = loaderData
  return (
    <>
      <h1>{t('student.homeTitle')}</h1>
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
      <h2>{t('student.joinTitle')}</h2>
      <TextField field={fields.code} label={t('student.code')} hint={t('student.codeHint')} inputProps={{ autoComplete: 'off', autoCapitalize: 'characters' }} />
      <ErrorList errors={form.errors} />
      <button className="button" type="submit" disabled={busy}>
        {t('student.join')}
      </button>
    </Form>
  )
}
