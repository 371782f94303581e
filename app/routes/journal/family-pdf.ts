import { data } from 'react-router'
import type { Route } from './+types/family-pdf'
import { db } from '~/db/db.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { journalOf } from '~/auth/journal-gate.server'
import { parseId } from '~/shared/lists'
import { journalStudent } from '~/features/students/list.server'
import { studentPack } from '~/features/privacy/family-pack.server'

/** A family pack's PDF, for the journal's teachers (decision 0047). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const student = await journalStudent(db, journal.id, params.sid)
  const packId = parseId(params.packId)
  const pack = await studentPack(db, { packId, journalId: journal.id, studentId: student.id })
  if (!pack) throw data(null, { status: 404 })
  return pdfDownload(pack.pdf, `${student.name} ${pack.period_from}_${pack.period_to}`)
}
