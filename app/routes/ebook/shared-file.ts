import { data } from 'react-router'
import type { Route } from './+types/shared-file'
import { db } from '~/db/db.server'
import { exportedPdf, pdfResponse } from '~/features/ebooks/export.server'
import { pagePicture, svgResponse } from '~/features/ebooks/pages.server'
import { requireSharedBook } from '~/features/ebooks/shared-access.server'
import { parseId } from '~/features/lists'

/** A shared book's PDF (/ebook/share/{token}/book.pdf) and page pictures (/pages/{id}), for whoever unlocked the link. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const link = await requireSharedBook(request, params.token)
  if (link.locked) throw data(null, { status: 404 })
  if (!params.pageId) {
    const pdf = await exportedPdf(db, link.bookId)
    if (!pdf?.pdf) throw data(null, { status: 404 })
    return pdfResponse(pdf)
  }
  const pageId = parseId(params.pageId)
  const page = pageId === null ? undefined : await pagePicture(db, link.bookId, pageId)
  if (!page?.picture) throw data(null, { status: 404 })
  return svgResponse(request, page)
}
