import { data, redirect } from 'react-router'
import type { Route } from './+types/login'
import { takeEbookWanted } from '~/auth/ebook-gate.server'
import { getSession, rememberWantedPath } from '~/auth/session.server'
import { ebooksDictionary, EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { EbookPublicShell } from '~/ui/ebook-public-shell'
import { pageMeta } from '~/ui/page-title'

export const handle = EBOOKS_HANDLE
export const clientMiddleware = ebooksDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /ebook/login, the e-book's login check (spec 3): with an e-book session, on to the saved page;
 * with a console or student session, /ebook/redirect?console=1 takes it over without a new sign-in;
 * otherwise the person signs in on the console or the student pages, and comes back here.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getSession(request, context)
  if (session.get('ebookUser')) {
    const { to, clear } = await takeEbookWanted(request)
    throw redirect(to, { headers: { 'Set-Cookie': clear } })
  }
  if (session.get('userId') || session.get('studentId')) throw redirect('/ebook/redirect?console=1')
  // Either sign-in comes back here (the console's and the student pages' saved path).
  return data({ title: getInstance(context).t('ebook.loginTitle') }, { headers: { 'Set-Cookie': await rememberWantedPath(request, session, '/ebook/login') } })
}

export default function EbookLogin() {
  const { t } = useT()
  return (
    <EbookPublicShell>
      <div className="card share-unlock">
        <h1>{t('ebook.loginTitle')}</h1>
        <p>{t('ebook.loginText')}</p>
        <p className="form-actions">
          <a className="button" href="/login/check">
            {t('ebook.loginTeacher')}
          </a>
          <a className="button secondary" href="/s/login">
            {t('ebook.loginStudent')}
          </a>
        </p>
      </div>
    </EbookPublicShell>
  )
}
