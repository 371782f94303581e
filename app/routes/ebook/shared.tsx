import { data, isRouteErrorResponse, redirect, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/shared'
import { clientAddressContext } from '~/context.server'
import { db } from '~/db/db.server'
import { LOGIN_LIMITS } from '~/features/auth/password-sign-in.server'
import { bookName, pagesOf } from '~/features/ebooks/books.server'
import { exportState } from '~/features/ebooks/export.server'
import { pictureVersion } from '~/features/ebooks/pages.server'
import { unlockShare } from '~/features/ebooks/share-links.server'
import { rememberUnlocked, requireSharedBook } from '~/auth/shared-book-gate.server'
import { readForm } from '~/http/form.server'
import { withoutControl } from '~/shared/text'
import { ebooksDictionary, EBOOKS_HANDLE } from '~/i18n/client-resources'
import { useT } from '~/i18n/use-t'
import { withValues } from '~/shared/error-values'
import { BookPreview } from '~/ui/book-preview'
import { EbookPublicShell } from '~/ui/ebook-public-shell'
import { ErrorList } from '~/ui/field'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { pageMeta } from '~/ui/page-title'
import { ErrorNotice } from '~/ui/error-notices'
import { MessagePage } from '~/ui/message-page'
import { usePolling } from '~/ui/polling'
import { sendSafely } from '~/ui/send-safely'

export const handle = EBOOKS_HANDLE
export const clientMiddleware = ebooksDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...pageMeta(loaderData && 'name' in loaderData ? loaderData.name : null, matches), { name: 'robots', content: 'noindex' }]

/**
 * /ebook/share/{token}: a shared book for anyone with the link (decision 0040). Nothing but the book:
 * its name, its pages and its PDF; no account data, no way into the console. A link with a password
 * asks for it first (counted like a sign-in); a stopped link is a 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const link = await requireSharedBook(request, params.token)
  if (link.locked) return { locked: true as const }
  const [name, pages] = await Promise.all([bookName(db, link.bookId), pagesOf(db, link.bookId)])
  // Opening the link starts nothing (decision 0044): the PDF is the one its maker made on step 4.
  const pdf = await exportState(db, link.bookId)
  const raw = Number(new URL(request.url).searchParams.get('page'))
  const here = `/ebook/share/${link.token}`
  return {
    locked: false as const,
    name,
    here,
    pdfReady: pdf.state === 'ready',
    pdfMaking: pdf.state === 'running' && !pdf.stale,
    page: Number.isInteger(raw) ? Math.min(Math.max(raw, 1), pages.length) : 1,
    pictures: pages.map((p) => `${here}/pages/${p.id}?v=${pictureVersion(p.updatedAt)}`),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const link = await requireSharedBook(request, params.token)
  if (!link.locked) throw redirect(`/ebook/share/${link.token}`)
  const result = await unlockShare(db, LOGIN_LIMITS(), { token: link.token, passwordHash: link.passwordHash! }, withoutControl(String(form.get('password') ?? '')), context.get(clientAddressContext))
  if (!result.ok) return data({ error: result.error === 'ebook.shareTooMany' ? withValues(result.error, { count: result.waitMinutes }) : result.error }, 400)
  throw redirect(`/ebook/share/${link.token}`, { headers: { 'Set-Cookie': await rememberUnlocked(request, link.token) } })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function SharedBook({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  const waiting = !loaderData.locked && loaderData.pdfMaking
  usePolling(waiting, 1000)
  return (
    <EbookPublicShell mainClass="shared-book">
      {loaderData.locked ? (
        <Form method="post" className="card share-unlock">
          <h1>{t('ebook.sharedLocked')}</h1>
          <div className="field">
            <label htmlFor="password">{t('ebook.sharePasswordAsk')}</label>
            <input id="password" name="password" type="password" autoComplete="off" required aria-invalid={actionData?.error ? true : undefined} aria-describedby={actionData?.error ? 'password-error' : undefined} />
            <ErrorList id="password-error" errors={actionData?.error ? [actionData.error] : undefined} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            {t('ebook.open')}
          </button>
        </Form>
      ) : (
        <>
          <h1>{loaderData.name}</h1>
          {loaderData.pdfReady ? null : (
            <p role="status" className="notice">
              {waiting ? <NoScriptRefresh seconds={2} /> : null}
              {t(waiting ? 'ebook.sharedPreparing' : 'ebook.sharedNoPdf')}
            </p>
          )}
          <BookPreview pictures={loaderData.pictures} page={loaderData.page} here={loaderData.here} pdf={loaderData.pdfReady ? `${loaderData.here}/book.pdf` : null} />
        </>
      )}
    </EbookPublicShell>
  )
}

/** A link past its day (decision 0047) says so; any other failure is the console's error page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useT()
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <MessagePage title={t('ebook.shareExpiredTitle')}>
        <p>{t('ebook.shareExpiredText')}</p>
      </MessagePage>
    )
  }
  if (isRouteErrorResponse(error) && error.status === 403 && (error.data as { consent?: string } | null)?.consent) {
    const declined = (error.data as { consent: string }).consent === 'declined'
    return (
      <MessagePage title={t(declined ? 'ebook.shareDeclinedTitle' : 'ebook.shareWaitingTitle')}>
        <p>{t(declined ? 'ebook.shareDeclinedText' : 'ebook.shareWaitingText')}</p>
      </MessagePage>
    )
  }
  return <ErrorNotice status={isRouteErrorResponse(error) ? error.status : 500} />
}
