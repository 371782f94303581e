import { EBOOKS_HANDLE, ebooksDictionary } from '~/i18n/client-resources'
import { Outlet } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/layout'
import { requireEbookUser } from '~/auth/ebook-gate.server'
import { useT } from '~/i18n/use-t'
import { Brand } from '~/ui/brand'
import { FastLink } from '~/ui/fast-link'
import { LanguageSwitcher } from '~/ui/language-switcher'

export const handle = EBOOKS_HANDLE
export const clientMiddleware = ebooksDictionary

/**
 * The e-book layout (spec 3): its own bar with the product's name, the E-Book badge, the user's
 * name, the way back (the console's journals or the student's home) and sign-out. Teachers and
 * students both make books here (auth/ebook-gate.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { name, home, maker } = await requireEbookUser(request, context)
  return { name, home, student: maker.kind === 'student' }
}

export default function EbookLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { name, home, student } = loaderData
  return (
    <div className="ebook-app">
      <a className="skip-link" href="#main">
        {t('app.skip')}
      </a>
      <header className="console-top ebook-top">
        <Brand to={home} full />
        <span className="mode-badge">{t('ebook.badge')}</span>
        <span className="spacer" />
        <FastLink to="/ebook" className="top-link">
          {t('ebook.listTitle')}
        </FastLink>
        <FastLink to={home} className="top-link">
          {t(student ? 'ebook.backToDiary' : 'ebook.backToConsole')}
        </FastLink>
        <LanguageSwitcher />
        <Form method="post" action="/ebook/logout" className="ebook-signout" signsOut>
          <span className="who">{name}</span>
          <button type="submit" className="link-button">
            {t('ebook.signOut')}
          </button>
        </Form>
      </header>
      <main id="main" className="ebook-main">
        <Outlet />
      </main>
    </div>
  )
}
