import { data } from 'react-router'
import type { Route } from './+types/family-pdf'
import { db } from '~/db/db.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { journalOf } from '~/auth/journal-gate.server'
import { parseId } from '~/features/lists'
import { journalStudent } from '~/features/students/list.server'

/** A family pack's PDF, for the journal's teachers (issue 36). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const student = await journalStudent(db, journal.id, params.sid)
  const packId = parseId(params.packId)
  const pack = packId === null ? undefined : await db.selectFrom('family_packs').select(['pdf', 'period_from', 'period_to']).where('id', '=', packId).where('journal_id', '=', journal.id).where('student_id', '=', student.id).executeTakeFirst()
  if (!pack) throw data(null, { status: 404 })
  return pdfDownload(pack.pdf, `${student.name} ${pack.period_from}_${pack.period_to}`)
}
