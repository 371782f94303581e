import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { redirect } from 'react-router'
import type { Route } from './+types/export-zip'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { parseId } from '~/shared/lists'
import { exportFile } from '~/features/privacy/export.server'
import { studentDataRights } from '~/features/privacy/rights.server'
import { EXPORTS_DIR } from '~/features/privacy/runner.server'
import { journalZone, recordLook } from '~/features/privacy/views.server'

/** The export's zip, streamed from disk (decision 0047); anything but a current export of this student goes to the page that says why. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  const exportId = parseId(params.exportId)
  const access = exportId === null ? null : await exportFile(db, EXPORTS_DIR, { journalId: rights.journal.id, studentId: rights.student.id, exportId })
  if (!access?.ok) return redirect(`/diary/homework/${rights.journal.id}/student/${rights.student.id}/export/${params.exportId}`)
  await recordLook(db, { viewerId: user.userId, studentIds: [rights.student.id], kind: 'exports', journalId: rights.journal.id, timeZone: await journalZone(db, rights.journal.id) })
  return new Response(Readable.toWeb(createReadStream(access.file)) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Length': String(access.size),
      'Content-Disposition': `attachment; filename="${access.name}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
