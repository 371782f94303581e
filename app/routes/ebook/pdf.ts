import { data } from 'react-router'
import type { Route } from './+types/pdf'
import { db } from '~/db/db.server'
import { requireBook } from '~/features/ebooks/access.server'
import { exportedPdf, pdfResponse } from '~/features/ebooks/export.server'

/** /ebook/{id}/book.pdf: the book's PDF as it is now, named after the book; 404 until it is made. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const pdf = await exportedPdf(db, book.id)
  if (!pdf?.pdf) throw data(null, { status: 404 })
  return pdfResponse(pdf)
}
