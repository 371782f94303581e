import { useT } from '~/i18n/use-t'
import { Link, redirect } from 'react-router'
import type { Route } from './+types/landing'
import { optionalUserId } from '~/auth/guards.server'
import { getInstance } from '~/i18n/middleware.server'
import { PortalShell } from '~/ui/portal-shell'

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'description', content: loaderData?.description },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  // A signed-in user who opens the landing page is sent to the console.
  if (await optionalUserId(request, context)) throw redirect('/diary')
  const t = getInstance(context).t
  return { title: t('app.name'), description: t('landing.text') }
}

export default function Landing() {
  const { t } = useT()
  return (
    <PortalShell>
      <main id="main">
        <section className="hero">
          <div className="hero-inner">
            <h1>{t('landing.title')}</h1>
            <p>{t('landing.text')}</p>
            <Link to="/login/check" className="button">
              {t('landing.login')}
            </Link>
          </div>
        </section>
        <section className="features">
          {(['f1', 'f2', 'f3'] as const).map((f) => (
            <article key={f} className="card">
              <h2>{t(`landing.${f}Title`)}</h2>
              <p>{t(`landing.${f}Text`)}</p>
            </article>
          ))}
        </section>
      </main>
    </PortalShell>
  )
}
