import { data, redirect, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/page-list'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { printBlock, pagesOf } from '~/features/ebooks/books.server'
import { EBOOK_POLL_S } from '~/features/ebooks/constants'
import { drawInBackground } from '~/features/ebooks/drawing.server'
import { addPage, pictureUrl } from '~/features/ebooks/pages.server'
import { idField } from '~/features/form-ids.server'
import { readForm } from '~/http/form.server'
import { EBOOKS_HANDLE } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { usePageName } from '~/features/ebooks/components/ebook-page-name'
import { EbookSteps } from '~/features/ebooks/components/ebook-steps'
import { FastLink } from '~/ui/fast-link'
import { NoScriptRefresh } from '~/ui/no-script-refresh'
import { pageMeta } from '~/ui/page-title'
import { usePolling } from '~/ui/polling'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = EBOOKS_HANDLE
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * Step 3, /ebook/{id}/list: every page's picture in book order. A page still being drawn shows as
 * processing and the list asks again every 5 s until all exist (spec 3); opening the list starts
 * the drawing again if it was cut short.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const pages = await pagesOf(db, book.id)
  if (pages.some((p) => !p.drawn)) drawInBackground(book.id)
  const posts = pages.filter((p, i) => p.postId !== null && pages.findIndex((q) => q.postId === p.postId) === i).map((p) => ({ id: p.postId!, title: p.postTitle ?? '' }))
  return {
    title: `${getInstance(context).t('ebook.stepPages')} | ${book.student}`,
    bookId: book.id,
    block: printBlock(book, pages),
    pages: pages.map((p) => ({ ...p, picture: p.drawn ? pictureUrl(book.id, p) : null })),
    posts,
  }
}

/** "Add page": one more page for a chosen post, opened in the editor. */
export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const form = await readForm(request)
  const pageId = await addPage(db, book, idField(form, 'postId'))
  if (pageId === null) throw data(null, { status: 404 })
  drawInBackground(book.id)
  return redirect(`/ebook/${book.id}/edit?qpage_id=${pageId}`)
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function PageList({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const pageName = usePageName()
  const { bookId, block, pages, posts } = loaderData
  const pending = pages.filter((p) => !p.picture).length
  const busy = useNavigation().state === 'submitting'
  // With JavaScript, the list asks the server again every 5 s while a page is being drawn.
  usePolling(pending > 0, EBOOK_POLL_S * 1000)
  return (
    <>
      {pending > 0 ? <NoScriptRefresh seconds={EBOOK_POLL_S} /> : null}
      <EbookSteps bookId={bookId} current={3} block={block} />
      <h1>{t('ebook.pagesTitle')}</h1>
      <p className="hint" role="status">
        {pending > 0 ? t('ebook.drawing', { count: pending }) : t('ebook.pagesCount', { count: pages.length })}
      </p>
      <ol className="ebook-pages">
        {pages.map((p, i) => (
          <li key={p.id}>
            <FastLink to={`/ebook/${bookId}/edit?qpage_id=${p.id}`} className="page-card">
              {p.picture ? (
                <img src={p.picture} alt="" width={150} height={210} loading={i < 8 ? 'eager' : 'lazy'} />
              ) : (
                <span className="page-processing">{t('ebook.processing')}</span>
              )}
              <span className="page-caption">
                <span className="page-n">{i + 1}</span> {pageName(p)}
                <span className="visually-hidden">: {t('ebook.editPage')}</span>
              </span>
            </FastLink>
          </li>
        ))}
      </ol>
      {posts.length ? (
        <Form method="post" className="card add-page">
          <h2>{t('ebook.addPage')}</h2>
          <div className="field">
            <label htmlFor="add-post">{t('ebook.addPageFor')}</label>
            <select id="add-post" name="postId" aria-describedby="add-hint">
              {posts.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.title}
                </option>
              ))}
            </select>
            <p id="add-hint" className="hint">
              {t('ebook.addPageHint')}
            </p>
          </div>
          <button type="submit" className="button secondary" disabled={busy}>
            {t('ebook.addPage')}
          </button>
        </Form>
      ) : (
        <p className="notice">
          {t('ebook.choosePostsFirst')} <FastLink to={`/ebook/${bookId}/posts`}>{t('ebook.stepPosts')}</FastLink>
        </p>
      )}
    </>
  )
}
