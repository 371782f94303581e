import { data } from 'react-router'
import type { Route } from './+types/looks-csv'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { studentDataRights } from '~/features/privacy/rights.server'
import { looksCsv } from '~/features/privacy/looks-csv.server'
import { getInstance } from '~/i18n/middleware.server'

/** /diary/homework/{id}/student/{sid}/looks.csv (decision 0047): who looked at the student, for the team's admin (the owner of a personal journal). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const rights = await studentDataRights(db, params.id, params.sid, user.userId)
  if (!rights.mayAudit) throw data(null, { status: 403 })
  return new Response(await looksCsv(db, rights.student.id, getInstance(context).t), {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="looks-${rights.student.id}.csv"`, 'Cache-Control': 'private, no-store' },
  })
}
