import { data, redirect } from 'react-router'
import type { Route } from './+types/shared-file'
import { db } from '~/db/db.server'
import { exportedPdf, pdfResponse } from '~/features/ebooks/export.server'
import { pagePicture, svgResponse } from '~/features/ebooks/pages.server'
import { requireSharedBook } from '~/auth/shared-book-gate.server'
import { parseId } from '~/shared/lists'

/** A shared book's PDF (/ebook/share/{token}/book.pdf) and page pictures (/pages/{id}), for whoever unlocked the link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!params.pageId) return pdfOf(request, params.token)
  const link = await requireSharedBook(request, params.token)
  if (link.locked) throw data(null, { status: 404 })
  const pageId = parseId(params.pageId)
  const page = pageId === null ? undefined : await pagePicture(db, link.bookId, pageId)
  if (!page?.picture) throw data(null, { status: 404 })
  return svgResponse(request, page)
}

/**
 * The PDF is what a person opens from a link or a bookmark (decision 0044): when it cannot be given (the
 * password not given yet, no PDF made, a stopped link) they are sent to the book's page, which asks
 * for the password, says the PDF is not made, or is the not-found page.
 */
async function pdfOf(request: Request, token: string) {
  const link = await requireSharedBook(request, token).catch(() => null)
  const pdf = link && !link.locked ? await exportedPdf(db, link.bookId) : null
  if (!pdf?.pdf) throw redirect(`/ebook/share/${encodeURIComponent(token)}`)
  return pdfResponse(pdf)
}
