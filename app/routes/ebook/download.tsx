import { data, Link, redirect, useNavigation, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/download'
import { formatDateTime } from '~/shared/dates'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { env } from '~/env.server'
import { requireBook } from '~/auth/book-gate.server'
import { pagesOf, printBlock } from '~/features/ebooks/books.server'
import { exportInBackground } from '~/features/ebooks/drawing.server'
import { exportState } from '~/features/ebooks/export.server'
import { pictureUrl } from '~/features/ebooks/pages.server'
import { SHARE_DAYS, SHARE_PASSWORD } from '~/features/ebooks/constants'
import { shareBook, shareOf, stopSharing } from '~/features/ebooks/share-links.server'
import { needsConsent } from '~/features/privacy/family-pack.server'
import { readForm } from '~/http/form.server'
import { withoutControl } from '~/shared/text'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { withValues } from '~/shared/error-values'
import { BookPreview } from '~/ui/book-preview'
import { CopyButton } from '~/ui/copy-button'
import { Dialog, DialogFooter } from '~/ui/dialog'
import { EbookSteps } from '~/features/ebooks/components/ebook-steps'
import { ErrorList } from '~/ui/field'
import { FastLink } from '~/ui/fast-link'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { pageMeta } from '~/ui/page-title'
import { usePolling } from '~/ui/polling'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** While the PDF is made, the page asks again this often (with JavaScript; without, it reloads). */
const POLL_MS = 1000

/**
 * Step 4, /ebook/{id}/download: the preview of the page pictures, and the PDF made with the same
 * renderer when the teacher presses "Make the PDF" (never by opening the page, decision 0044); the
 * overlay shows the real progress. Then the download, and the share link with its optional password.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book, pages } = await requirePrintable(request, context, params.bookId)
  const title = `${getInstance(context).t('ebook.stepPrint')} | ${book.student}`
  if (pages === null) return { title, bookId: book.id, ready: false as const }
  const state = await exportState(db, book.id)
  // A job whose process stopped (a restart) is shown as failed: "Try again" takes it over.
  const pdf = state.state === 'running' && state.stale ? { state: 'failed' as const } : state
  const raw = Number(new URL(request.url).searchParams.get('page'))
  const page = Number.isInteger(raw) ? Math.min(Math.max(raw, 1), pages.length) : 1
  const share = await shareOf(db, book.id)
  return {
    title,
    bookId: book.id,
    ready: true as const,
    name: book.name,
    pdf,
    page,
    pictures: pages.map((p) => pictureUrl(book.id, p)),
    share: share && { url: `${env.PUBLIC_ORIGIN}/ebook/share/${share.token}`, hasPassword: share.hasPassword, expiresAt: share.expiresAt, expired: share.expired, consent: share.consent },
  }
}

/**
 * Step 4 is closed until the book may print (printBlock): without its basic info, its URL sends the
 * teacher back to step 2, which says why; while a page is not drawn, `pages` is null (the page says
 * so). Its actions are refused the same way.
 */
async function requirePrintable(request: Request, context: Route.LoaderArgs['context'], rawId: string | undefined) {
  const found = await requireBook(request, context, rawId)
  const pages = await pagesOf(db, found.book.id)
  const block = printBlock(found.book, pages)
  if (block === 'basicInfo') throw redirect(`/ebook/${found.book.id}/basicinfo?needed=print`)
  return { ...found, pages: block === null ? pages : null }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request)
  const printable = await requirePrintable(request, context, params.bookId)
  if (printable.pages === null) throw data(null, { status: 409 })
  const args: IntentArgs = { request, printable, form, here: `/ebook/${printable.book.id}/download` }
  switch (form.get('intent')) {
    case 'generate':
      return generateAction(args)
    case 'stop':
      return stopAction(args)
    case 'share':
      return shareAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  printable: Awaited<ReturnType<typeof requirePrintable>>
  form: FormData
  here: string
}

/** Makes the book's PDF in the background. */
async function generateAction({ request, printable: { book, session }, here }: IntentArgs) {
  await exportInBackground(book.id)
  return await redirectWithToast(request, session, here, { kind: 'info', key: 'ebook.generating' })
}

async function stopAction({ request, printable: { book, session }, here }: IntentArgs) {
  await stopSharing(db, book.id)
  return await redirectWithToast(request, session, here, { kind: 'success', key: 'ebook.sharingStopped' })
}

/** Shares the book behind a password for some days. */
async function shareAction({ request, printable: { book, session, maker }, form, here }: IntentArgs) {
  const password = withoutControl(String(form.get('password') ?? ''))
  if (password && (password.length < SHARE_PASSWORD.min || password.length > SHARE_PASSWORD.max)) return data({ error: withValues('ebook.sharePasswordRule', { min: SHARE_PASSWORD.min, count: SHARE_PASSWORD.max }) }, 400)
  // How long the link works (decision 0047): 1 to 30 days, 7 when left empty.
  const rawDays = String(form.get('days') ?? '').trim()
  const days = rawDays === '' ? SHARE_DAYS.default : /^\d{1,2}$/.test(rawDays) ? Number(rawDays) : 0
  if (days < 1 || days > SHARE_DAYS.max) return data({ daysError: withValues('ebook.shareDaysRule', { max: SHARE_DAYS.max }) }, 400)
  // A teacher's link to the student's book waits for the student where the journal asks (decision 0047).
  const consentNeeded = maker.kind === 'teacher' && (await needsConsent(db, book.journalId, book.studentId))
  await shareBook(db, book.id, password || null, days, { consentNeeded })
  return await redirectWithToast(request, session, `${here}?share=1`, { kind: 'success', key: 'ebook.shared' })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function Download({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const [params] = useSearchParams()
  const busy = useNavigation().state === 'submitting'
  const running = loaderData.ready && loaderData.pdf.state === 'running'
  // With JavaScript, the page asks for the progress every second while the PDF is made.
  usePolling(running, POLL_MS)
  if (!loaderData.ready) {
    return (
      <>
        <EbookSteps bookId={loaderData.bookId} current={4} block="pages" />
        <h1>{t('ebook.printTitle')}</h1>
        <p className="notice">
          {t('ebook.notReadyYet')} <FastLink to={`/ebook/${loaderData.bookId}/list`}>{t('ebook.stepPages')}</FastLink>
        </p>
      </>
    )
  }
  const { bookId, pdf, page, pictures, share, name } = loaderData
  const here = `/ebook/${bookId}/download`
  return (
    <>
      <EbookSteps bookId={bookId} current={4} block={null} />
      <div className="page-head">
        <h1>{t('ebook.printTitle')}</h1>
        <p className="share-state">
          {t('ebook.sharing')}: <strong className={share ? 'on' : 'off'}>{t(share ? 'ebook.sharingOn' : 'ebook.sharingOff')}</strong>{' '}
          <Link className="button secondary small" to="?share=1" preventScrollReset>
            {t('ebook.share')}
          </Link>
        </p>
      </div>
      {pdf.state === 'running' ? (
        <div className="ebook-overlay" role="status">
          <NoScriptRefresh seconds={2} />
          <div className="card">
            <h2>{t('ebook.making', { name })}</h2>
            {/* Until the job has counted the pages, say so, with a bar that moves without a figure. */}
            {pdf.total > 0 ? <progress max={pdf.total} value={pdf.done} aria-label={t('ebook.makingProgress')} /> : <progress aria-label={t('ebook.makingProgress')} />}
            <p>{pdf.total > 0 ? t('ebook.pagesDone', { done: pdf.done, count: pdf.total }) : t('ebook.makingStarts')}</p>
          </div>
        </div>
      ) : null}
      {pdf.state === 'ready' ? null : (
        <Form method="post" className="notice print-start">
          <input type="hidden" name="intent" value="generate" />
          <p>{t(pdf.state === 'failed' ? 'ebook.failed' : 'ebook.makeHint')}</p>
          <button type="submit" className="button" disabled={busy || pdf.state === 'running'}>
            {t(pdf.state === 'failed' ? 'ebook.tryAgain' : 'ebook.makePdf')}
          </button>
        </Form>
      )}
      <BookPreview pictures={pictures} page={page} here={here} pdf={pdf.state === 'ready' ? `/ebook/${bookId}/book.pdf` : null} />
      {params.has('share') ? (
        <Dialog title={t('ebook.shareTitle')} closeTo={here}>
          {share ? (
            <>
              <div className="field">
                <label htmlFor="share-url">{t('ebook.shareLink')}</label>
                <input id="share-url" readOnly value={share.url} />
              </div>
              <p className="hint">{t(share.hasPassword ? 'ebook.shareHasPassword' : 'ebook.shareNoPassword')}</p>
              {share.expiresAt ? <p className="hint">{t(share.expired ? 'ebook.shareExpired' : 'ebook.shareUntil', { date: formatDateTime(share.expiresAt) })}</p> : null}
              {share.consent === 'needed' || share.consent === 'declined' ? <p className="notice">{t(share.consent === 'needed' ? 'ebook.shareAwaitsStudent' : 'ebook.shareStudentDeclined')}</p> : null}
              <DialogFooter closeTo={here} close={t('ebook.close')}>
                <CopyButton text={share.url} labels={{ copy: t('ebook.copy'), copied: t('ebook.copied') }} />
                <Form method="post">
                  <input type="hidden" name="intent" value="stop" />
                  <button type="submit" className="button danger" disabled={busy}>
                    {t('ebook.stopSharing')}
                  </button>
                </Form>
              </DialogFooter>
            </>
          ) : (
            <Form method="post" noValidate>
              <input type="hidden" name="intent" value="share" />
              <div className="field">
                <label htmlFor="share-password">{t('ebook.sharePassword')}</label>
                <input id="share-password" name="password" type="password" autoComplete="new-password" aria-describedby="share-password-hint" aria-invalid={actionData && 'error' in actionData && actionData.error ? true : undefined} />
                <p id="share-password-hint" className="hint">
                  {t('ebook.sharePasswordHint', { min: SHARE_PASSWORD.min, count: SHARE_PASSWORD.max })}
                </p>
                <ErrorList errors={actionData && 'error' in actionData && actionData.error ? [actionData.error] : undefined} />
              </div>
              <div className="field">
                <label htmlFor="share-days">{t('ebook.shareDays')}</label>
                <input id="share-days" name="days" type="number" inputMode="numeric" min={1} max={SHARE_DAYS.max} defaultValue={SHARE_DAYS.default} aria-describedby="share-days-hint" aria-invalid={actionData && 'daysError' in actionData ? true : undefined} />
                <p id="share-days-hint" className="hint">
                  {t('ebook.shareDaysHint', { max: SHARE_DAYS.max })}
                </p>
                <ErrorList errors={actionData && 'daysError' in actionData && actionData.daysError ? [actionData.daysError] : undefined} />
              </div>
              <DialogFooter closeTo={here} close={t('ebook.close')}>
                <button type="submit" className="button" disabled={busy}>
                  {t('ebook.createLink')}
                </button>
              </DialogFooter>
            </Form>
          )}
        </Dialog>
      ) : null}
    </>
  )
}
