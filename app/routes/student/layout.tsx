import { STUDENT_AREA_HANDLE, studentAreaDictionary } from '~/i18n/client-resources'
import { Outlet } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/layout'
import { getSession } from '~/auth/session.server'
import { useT } from '~/i18n/use-t'
import { Brand } from '~/ui/brand'
import { LanguageSwitcher } from '~/ui/language-switcher'

// These pages need the signed-in and student parts of the dictionary: fetched with the first page
// (root) or, on a client navigation from a public page, before this layout's pages render.
export const handle = STUDENT_AREA_HANDLE
export const clientMiddleware = studentAreaDictionary

/**
 * The student pages (/s): outside the console, one column for phones. The sign-in page shares the
 * shell; the others require a student session (auth/student-gate.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context)
  const student = session.get('studentId') ? { name: session.get('studentName') ?? '' } : null
  return { student }
}

export default function StudentLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { student } = loaderData
  return (
    <div className="student-app">
      <a className="skip-link" href="#main">{t('app.skip')}</a>
      <header className="topbar">
        <Brand to="/s" />
        <span className="spacer" />
        <LanguageSwitcher />
        {student ? (
          <Form method="post" action="/s/logout" className="student-signout" signsOut>
            <span className="who">{student.name}</span>
            <button type="submit" className="link-button">
              {t('student.signOut')}
            </button>
          </Form>
        ) : null}
      </header>
      <main id="main" className="student-main">
        <Outlet />
      </main>
    </div>
  )
}
