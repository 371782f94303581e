import { data } from 'react-router'
import type { Route } from './+types/class-pack-pdf'
import { journalOf } from '~/auth/journal-gate.server'
import { db } from '~/db/db.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { classJobFile, classJobState } from '~/features/jobs/class-jobs.server'
import { journalZone, recordLook } from '~/features/privacy/views.server'

/** The class's parent-meeting pack (decision 0053), for the journal's teachers; a look at every student in it (decision 0047). */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  const [file, job] = await Promise.all([classJobFile(db, journal.id, 'packs'), classJobState<{ from: string; to: string }, { studentId: number }>(db, journal.id, 'packs')])
  // A pack that holds a student whose data is closed now (rule 12) is not given: the page says to make it again.
  if (!file || !job || job.withheld > 0) throw data(null, { status: 404 })
  await recordLook(db, { viewerId: user.userId, studentIds: job.results.map((r) => r.studentId), kind: 'report', journalId: journal.id, timeZone: await journalZone(db, journal.id) })
  return pdfDownload(file.file, `${journal.name} ${job.settings.from}_${job.settings.to}`)
}
