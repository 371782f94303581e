import { db } from '~/db/db.server'
import { emotionName } from '~/features/posts/names'
import { translatorOf } from '~/i18n/middleware.server'
import { drawPendingPages } from './books.server'
import { claimExport, runExport } from './export.server'
import { runClassBooks } from './class-books.server'
import { classJobInBackground } from '~/features/jobs/class-jobs.server'

/** A post's feelings on its page, named in the book's language (the journal's). */
export const feelingInBook = (code: string, lang: string) => emotionName(code, translatorOf(lang))

// The books this process is drawing now: one run per book at a time.
const drawing = new Map<number, Promise<number>>()

/**
 * Draws a book's pages still without a picture, in the background (decision 0039): the
 * page list shows them as processing and polls until they exist. The list starts it again when a
 * run was cut short (a restart), and a page's picture is stored only if the page did not change
 * meanwhile, so two processes drawing one book store the same pictures.
 */
export function drawInBackground(bookId: number) {
  if (drawing.has(bookId)) return
  const run = drawPendingPages(db, bookId, feelingInBook)
    .catch((error: unknown) => {
      console.error(`e-book ${bookId}: drawing pages failed`, error)
      return 0
    })
    .finally(() => drawing.delete(bookId))
  drawing.set(bookId, run)
}

/** Draws now and waits: a saved page shows its new picture when the editor comes back. */
export async function drawNow(bookId: number) {
  await drawing.get(bookId)
  return drawPendingPages(db, bookId, feelingInBook)
}

// The exports this process is running now.
const exporting = new Map<number, Promise<void>>()

/**
 * Starts making the book's PDF unless it is ready, running, or claimed elsewhere (decision 0040): the
 * claim is in the database, so two requests, or two processes, make it once; a job whose process
 * stopped (a restart) is taken over by the next page that asks.
 */
export async function exportInBackground(bookId: number) {
  if (exporting.has(bookId) || !(await claimExport(db, bookId))) return
  const run = runExport(db, bookId, feelingInBook)
    .catch((error: unknown) => console.error(`e-book ${bookId}: the PDF failed`, error))
    .finally(() => exporting.delete(bookId))
  exporting.set(bookId, run)
}

/** Makes the class's books in the background of this process (decision 0053). */
export const classBooksInBackground = (journalId: number) => classJobInBackground(journalId, 'books', () => runClassBooks(db, journalId, feelingInBook))
