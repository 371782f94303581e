import { data, Link } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/join'
import { requireStudent } from '~/auth/student-gate.server'
import { db } from '~/db/db.server'
import { journalByStudentCode, joinAsStudent } from '~/features/students/join.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /s/join/{code}: the student link of journal info. After sign-in the student sees the journal and
 * joins with one button; the code is applied by the POST, never by opening the link.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStudent(request, context)
  const journal = await journalByStudentCode(db, params.code)
  const title = getInstance(context).t('student.joinTitle')
  if (!journal) return data({ title, journal: null }, 404)
  return { title, journal: { name: journal.name, teacher: journal.teacher, description: journal.description } }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  await readForm(request)
  const { session, studentId } = await requireStudent(request, context)
  const joined = await joinAsStudent(db, studentId, params.code)
  if (!joined.ok) return data({ error: joined.error }, 400)
  return await redirectWithToast(request, session, '/s', { kind: 'success', key: 'student.joined' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function StudentJoinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal } = loaderData
  return (
    <section className="card narrow" aria-labelledby="join-title">
      <h1 id="join-title">{journal ? t('student.joinJournal', { name: journal.name }) : t('student.joinTitle')}</h1>
      {journal ? (
        <>
          <p>{t('student.teacher', { name: journal.teacher })}</p>
          {journal.description ? <p className="hint">{journal.description}</p> : null}
          {actionData?.error ? (
            <p className="field-error" role="alert">
              {t(actionData.error)}
            </p>
          ) : null}
          <Form method="post" className="form-actions">
            <button className="button" type="submit">
              {t('student.join')}
            </button>
            <Link to="/s">{t('journal.cancel')}</Link>
          </Form>
        </>
      ) : (
        <>
          <p role="alert">{t('student.linkInvalid')}</p>
          <Link to="/s">{t('student.homeTitle')}</Link>
        </>
      )}
    </section>
  )
}
