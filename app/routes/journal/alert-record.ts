import { data } from 'react-router'
import type { Route } from './+types/alert-record'
import { db } from '~/db/db.server'
import { alertRecord } from '~/features/alerts/record.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { journalOf } from '~/auth/journal-gate.server'
import { parseId } from '~/shared/lists'
import { getInstance, getLocale } from '~/i18n/middleware.server'

/** /diary/homework/{id}/alerts/{alertId}/record.pdf: the alert's record for the school's file (decision 0046), for the journal's teachers. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const alertId = parseId(params.alertId)
  const record = alertId === null ? null : await alertRecord(db, journal.id, alertId, { userId: user.userId, name: user.userName, lang: getLocale(context), t: getInstance(context).t })
  if (!record) throw data(null, { status: 404 })
  return pdfDownload(record.pdf, record.name)
}
