import { data } from 'react-router'
import type { Route } from './+types/image'
import { db } from '~/db/db.server'
import { requireBook } from '~/auth/book-gate.server'
import { bookImage } from '~/features/ebooks/pages.server'

/** /ebook/{id}/image/{imageId}: a picture chosen for one of the book's pages; its bytes never change. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { book } = await requireBook(request, context, params.bookId)
  const image = /^[0-9a-f-]{36}$/.test(params.imageId) ? await bookImage(db, book.id, params.imageId) : undefined
  if (!image) throw data(null, { status: 404 })
  return new Response(new Uint8Array(image.data), {
    headers: { 'Content-Type': image.content_type, 'Cache-Control': 'private, max-age=31536000, immutable', 'X-Content-Type-Options': 'nosniff' },
  })
}
