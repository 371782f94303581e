import { useT } from '~/i18n/use-t'
import { redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/mode'
import { requireUser } from '~/auth/guards.server'
import { commitSession, storeValues } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { changeMode } from '~/features/account/mode.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { getInstance } from '~/i18n/middleware.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// A page a teacher opens now and then: its texts are in the occasional part (decision 0056).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  return { mode: user.mode, available: user.teamModeAvailable, title: getInstance(context).t('modePage.title') }
}

/** change-mode, then the session takes the new mode and its plan lock, then /diary. */
export const action = once(async function action({ request, context }: Route.ActionArgs) {
  await readForm(request)
  const { session, user } = await requireUser(request, context)
  if (!user.teamModeAvailable) throw redirect('/mode')
  await changeMode(db, user.userId)
  const values = await loadSessionValues(db, user.userId)
  if (!values) throw redirect('/login')
  storeValues(session, values)
  return redirect('/diary', { headers: { 'Set-Cookie': await commitSession(request, session) } })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ModePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const current = loaderData.mode === 'team' ? t('console.modeTeam') : t('console.modePersonal')
  const other = loaderData.mode === 'team' ? t('console.modePersonal') : t('console.modeTeam')
  return (
    <section className="card narrow">
      <h1>{t('modePage.title')}</h1>
      <p>{t('modePage.current', { mode: current })}</p>
      {loaderData.available ? (
        <Form method="post">
          <button type="submit" className="button">
            {t('mode.switchTo', { mode: other })}
          </button>
        </Form>
      ) : (
        <p className="form-error">{t('modePage.unavailable')}</p>
      )}
    </section>
  )
}
