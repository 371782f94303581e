import { Readable } from 'node:stream'
import { redirect } from 'react-router'
import type { Route } from './+types/export-file'
import { db } from '~/db/db.server'
import { checkExport, exportRequestOf, exportWorkbook, writersOf } from '~/features/export/export.server'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { journalOf } from '~/auth/journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { getInstance } from '~/i18n/middleware.server'
import { todayDate } from '~/shared/dates'
import { hasFunction } from '~/features/plans/pay-functions'

/** The export file, streamed (f7). A request the check refuses goes back to the page and its dialog. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  if (!hasFunction(user, PAY_FUNCTIONS.export)) return new Response(null, { status: 403 })
  const params = new URL(request.url).searchParams
  const asked = await exportRequestOf(db, params, journal.id, todayDate())
  const back = () => redirect(`/diary/homework/${journal.id}/export?${params}&go=1`)
  if (!asked.ok) return back()
  const check = await checkExport(db, asked.request)
  if (check.code !== '13000' && check.code !== '13001') return back()
  await recordLook(db, { viewerId: user.userId, studentIds: await writersOf(db, asked.request), kind: 'exports', journalId: journal.id, timeZone: await journalZone(db, journal.id) })
  const t = getInstance(context).t
  const name = `${journal.name} - ${asked.request.format === 'raw' ? t('export.rawSheet') : t('export.bcardSheet')} ${asked.request.start}_${asked.request.end}.xlsx`.replace(/[\\/:*?"<>|]+/g, ' ')
  const body = Readable.toWeb(exportWorkbook(db, asked.request, t)) as ReadableStream<Uint8Array>
  return new Response(body, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
