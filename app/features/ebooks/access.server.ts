import { data, type RouterContextProvider } from 'react-router'
import { requireEbookUser } from '~/auth/ebook-guard.server'
import { db } from '~/db/db.server'
import { parseId } from '~/features/lists'
import { bookFor } from './books.server'

/**
 * An e-book page's book and who asks (issue 23, rights): a book that does not exist is a 404; one
 * that exists but is not this person's to make (another teacher, another student) a 403. Every
 * e-book page and action starts here, so the server refuses whatever the page showed.
 */
export async function requireBook(request: Request, context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const user = await requireEbookUser(request, context)
  const id = parseId(rawId)
  if (id === null) throw data(null, { status: 404 })
  const book = await bookFor(db, id, user.maker)
  if (book) return { ...user, book }
  const exists = await db.selectFrom('ebooks').select('id').where('id', '=', id).executeTakeFirst()
  throw data(null, { status: exists ? 403 : 404 })
}
