import { redirect } from 'react-router'
import type { Route } from './+types/pdf'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { exportedPdf, pdfResponse } from '~/features/ebooks/export.server'

/** /ebook/{id}/book.pdf: the book's PDF as it is now, named after the book; until it is made, step 4 (a page, with its button). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const pdf = await exportedPdf(db, book.id)
  if (!pdf?.pdf) throw redirect(`/ebook/${book.id}/download`)
  return pdfResponse(pdf)
}
