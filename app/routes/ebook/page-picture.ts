import { data } from 'react-router'
import type { Route } from './+types/page-picture'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { pagePicture, svgResponse } from '~/features/ebooks/pages.server'
import { parseId } from '~/shared/lists'

/**
 * /ebook/{id}/pages/{pageId}/picture: a page's picture (SVG drawn by the renderer; its text as
 * outlines, its pictures inside), for whoever may open the book; 404 while it is being drawn. The
 * SVG never runs anything: it is served with a policy that allows no script.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const pageId = parseId(params.pageId)
  const page = pageId === null ? undefined : await pagePicture(db, book.id, pageId)
  if (!page?.picture) throw data(null, { status: 404 })
  return svgResponse(request, page)
}
