import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { redirect } from 'react-router'
import type { Route } from './+types/class-books-zip'
import { journalOf } from '~/auth/journal-gate.server'
import { db } from '~/db/db.server'
import { writeClassBooksZip } from '~/features/ebooks/class-books.server'
import { zipWriter } from '~/features/jobs/zip.server'

/**
 * The PDFs of the class's last job, one zip named by student (decision 0053): written to a temporary
 * file as it is made (forty books never sit in memory together), streamed, then removed. Without a
 * book to send, back to the page that says why.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'class-books-'))
  const file = path.join(dir, 'books.zip')
  const zip = await zipWriter(file)
  let books = 0
  try {
    books = await writeClassBooksZip(db, journal.id, zip)
    await zip.close()
  } catch (error) {
    zip.abort()
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
  if (books === 0) {
    rmSync(dir, { recursive: true, force: true })
    return redirect(`/diary/homework/${journal.id}/classBooks`)
  }
  const stream = createReadStream(file)
  stream.on('close', () => rmSync(dir, { recursive: true, force: true }))
  const name = `${journal.name} e-books.zip`
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(statSync(file).size),
      'Content-Disposition': `attachment; filename="e-books.zip"; filename*=UTF-8''${encodeURIComponent(name.replace(/[\\/:*?"<>|]+/g, ' '))}`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
