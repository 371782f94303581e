import { data, type RouterContextProvider } from 'react-router'
import { requireEbookUser, type EbookUser } from './ebook-gate.server'
import { db } from '~/db/db.server'
import { journalExists } from '~/features/journals/access.server'
import { parseId } from '~/shared/lists'
import { bookExists, bookFor, openBook } from '~/features/ebooks/books.server'
import { isStudentDataOpen } from '~/features/student-door.server'

/**
 * An e-book page's book and who asks (decision 0039, rights): a book that does not exist is a 404; one
 * that exists but is not this person's to make (another teacher, another student) a 403. Every
 * e-book page and action starts here, so the server refuses whatever the page showed.
 */
export async function requireBook(request: Request, context: Readonly<RouterContextProvider>, rawId: string | undefined) {
  const user = await requireEbookUser(request, context)
  const id = parseId(rawId)
  if (id === null) throw data(null, { status: 404 })
  const book = await bookFor(db, id, user.maker)
  if (book) return { ...user, book }
  throw data(null, { status: (await bookExists(db, id)) ? 403 : 404 })
}

/**
 * The e-book's entry: the student's book of the journal, opened (made on the first visit). A
 * journal that does not exist is a 404; one that is not this person's (or its student) a 403.
 */
export async function requireOpenedBook({ maker }: EbookUser, journalId: number, studentId: number) {
  const bookId = await openBook(db, journalId, studentId, maker)
  if (bookId !== null) return bookId
  // A student whose erasure waits, or whose account is locked, has no book to open (rule 12).
  throw data(null, { status: (await journalExists(db, journalId)) && (await isStudentDataOpen(db, studentId)) ? 403 : 404 })
}
