import { useEffect } from 'react'
import { useT } from '~/i18n/use-t'
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import { DEFAULT_LOCALE, type Locale } from './i18n/config'
import { getSession, sessionMiddleware } from './auth/session.server'
import { i18nextMiddleware } from './auth/locale.server'
import { getInstance, getLocale } from './i18n/middleware.server'
import { loadClientLocale, type DictionaryPart } from './i18n/client-resources'
import stylesheet from './styles/app.css?url'
import { ErrorNotice } from './ui/error-notices'
import { useNonce } from './ui/nonce'
import { Stylesheet } from './ui/stylesheet'
import { useFastLinks } from './ui/fast-link'
import { useFocusOnNavigate } from './ui/focus-on-navigate'
import { Toast } from './ui/toast'
import { takeToast } from './auth/toast.server'
import { schoolZoneMiddleware } from './auth/school-zone.server'
import { browserTimeZone, requestTimeZone } from './time-zone.server'
import { formatDateTime } from './shared/dates'
import { DEFAULT_TIME_ZONE, setTimeZoneSource, TIME_ZONE_HINT_SCRIPT, type RequestZones } from './shared/time-zone'

// In the browser, dates are written in the school's zone the page was rendered with, so hydration matches.
let pageTimeZone = DEFAULT_TIME_ZONE
if (typeof document !== 'undefined') setTimeZoneSource(() => pageTimeZone)

export const middleware: Route.MiddlewareFunction[] = [sessionMiddleware, schoolZoneMiddleware, i18nextMiddleware]

// The school's zone changes with the page's journal or post, i.e. with the URL's params: the root's
// data (the zone below) is read again whenever they change (React Router's default revalidation).

// On an error page the boundary gives the title (ErrorNotice).
export const meta: Route.MetaFunction = ({ loaderData, error }) => (error ? [] : [{ title: loaderData?.appName }])

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }]

export async function loader({ request, context }: Route.LoaderArgs) {
  // A message flashed by the action before (redirectWithToast) is read here, once, for every page.
  const { toast, headers } = await takeToast(request, context)
  // The product's name ends every page's title (ui/page-title.ts); alone, it titles the error pages.
  // The browser's own zone is only named, when its clock differs from the school's (ui/zone-note.tsx).
  const timeZone = requestTimeZone()
  const browser = browserTimeZone(request)
  const now = new Date().toISOString()
  const zones: RequestZones = { timeZone, browserZone: browser && formatDateTime(now, browser) !== formatDateTime(now, timeZone) ? browser : null }
  // The seed of this page's forms' one-time keys (ui/form.tsx): new on every request.
  const onceSeed = crypto.randomUUID()
  // Whose drafts the browser keeps and offers (ui/drafts.ts): the signed-in person, teacher or student, or the e-book's.
  const session = await getSession(request, context)
  const drafter = session.get('userId') ?? session.get('studentId') ?? session.get('ebookUser')?.userId
  const draftOwner = drafter ? `u${drafter}` : null
  return data({ locale: getLocale(context) as Locale, appName: getInstance(context).t('app.name'), ...zones, toast, onceSeed, draftOwner }, { headers })
}

/** Client navigation can change the language (after sign-in): load that locale and switch. */
function useLocaleSync(locale: Locale) {
  const { i18n } = useT()
  useEffect(() => {
    if (i18n.language === locale) return
    void loadClientLocale(locale).then((translation) => {
      i18n.addResourceBundle(locale, 'translation', translation, true, true)
      void i18n.changeLanguage(locale)
    })
  }, [i18n, locale])
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const locale = data?.locale ?? DEFAULT_LOCALE
  if (typeof document !== 'undefined' && data?.timeZone) pageTimeZone = data.timeZone
  const nonce = useNonce()
  useLocaleSync(locale)
  // The page's scripts have taken over its forms and links (an error page's too): tests wait for this before they click.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  // The signed-in areas' layouts and pages name the dictionary parts they need: the first load fetches them too.
  const parts = [...new Set(useMatches().flatMap((m) => (m.handle as { dictionary?: DictionaryPart | DictionaryPart[] } | undefined)?.dictionary ?? []))]
  return (
    <html lang={locale} data-dictionary={parts.length ? parts.join(' ') : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First in the head: written into the page on a first visit, else the one render-blocking
            request, which React (a precedence) puts ahead of the module preloads <Scripts /> adds. */}
        <Stylesheet href={stylesheet} />
        <Meta />
        <Links />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: TIME_ZONE_HINT_SCRIPT }} />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  useFastLinks()
  useFocusOnNavigate()
  const { toast } = loaderData
  return (
    <>
      <Outlet />
      <Toast key={toast?.id ?? 'none'} toast={toast} />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // Server errors are logged once by handleError (entry.server.tsx), which skips aborted requests.
  return <ErrorNotice status={isRouteErrorResponse(error) ? error.status : 500} />
}
