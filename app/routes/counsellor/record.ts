import { data } from 'react-router'
import type { Route } from './+types/record'
import { db } from '~/db/db.server'
import { requireCounsellor } from '~/auth/counsel-gate.server'
import { mayCounsel } from '~/features/counsellor/access.server'
import { alertRecord } from '~/features/alerts/record.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { parseId } from '~/shared/lists'
import { getInstance, getLocale } from '~/i18n/middleware.server'

/** /counsellor/alerts/{alertId}/record.pdf: the record of an alert escalated to this counsellor (decision 0046); 403 for any other. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireCounsellor(request, context)
  const alertId = parseId(params.alertId)
  const access = alertId === null ? null : await mayCounsel(db, user.userId, alertId)
  if (!access) throw data(null, { status: 403 })
  const record = await alertRecord(db, access.journalId, access.id, { userId: user.userId, name: user.userName, lang: getLocale(context), t: getInstance(context).t })
  if (!record) throw data(null, { status: 404 })
  return pdfDownload(record.pdf, record.name)
}
