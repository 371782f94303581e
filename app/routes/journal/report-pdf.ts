import type { Route } from './+types/report-pdf'
import { journalOf } from '~/auth/journal-gate.server'
import { db } from '~/db/db.server'
import type { DocumentLang } from '~/features/documents/typst.server'
import { pdfDownload } from '~/features/documents/typst.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { hasFunction } from '~/features/plans/pay-functions'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { intervalOf, rangeOf } from '~/features/reports/range'
import { reportPdf } from '~/features/reports/report-document.server'
import { journalStudent } from '~/features/students/list.server'
import { getInstance } from '~/i18n/middleware.server'
import { todayDate } from '~/shared/dates'

/**
 * The report of a journal or of one student as a PDF (decision 0053): the range and interval of the
 * page's URL, all four charts. For the journal's teachers with the report function (f8), like the
 * page; a student's is a look at the student (decision 0047).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { journal, user } = journalOf(context)
  if (!hasFunction(user, PAY_FUNCTIONS.report)) return new Response(null, { status: 403 })
  const i18n = getInstance(context)
  const student = params.sid === undefined ? null : await journalStudent(db, journal.id, params.sid).then((s) => ({ id: s.id, name: s.name }))
  const search = new URL(request.url).searchParams
  const today = todayDate()
  const { range } = rangeOf(search, { created: journal.createdAt.slice(0, 10), today })
  if (student) await recordLook(db, { viewerId: user.userId, studentIds: [student.id], kind: 'report', journalId: journal.id, timeZone: await journalZone(db, journal.id) })
  const { pdf, title } = await reportPdf(db, { journal: { id: journal.id, name: journal.name }, student, range, interval: intervalOf(search), lang: i18n.language as DocumentLang, t: i18n.t, today })
  return pdfDownload(pdf, `${title} ${range.start}_${range.end}`)
}
