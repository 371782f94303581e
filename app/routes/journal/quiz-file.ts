import { redirect } from 'react-router'
import type { Route } from './+types/quiz-file'
import { db } from '~/db/db.server'
import { assessmentOf } from '~/auth/assessment-gate.server'
import { quizWorkbook } from '~/features/assessments/export.server'
import { listParams } from '~/shared/lists'
import { getInstance } from '~/i18n/middleware.server'
import { todayDate } from '~/shared/dates'

/**
 * /diary/homework/{id}/quiz.xlsx?q=: the results the list shows for the search, as a workbook (f3;
 * refused without it). Nothing to export goes back to the list with its no-data dialog.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, paid } = assessmentOf(context)
  if (!paid) return new Response(null, { status: 403 })
  const { q } = listParams(request.url)
  const t = getInstance(context).t
  const file = await quizWorkbook(db, journal.id, q, t)
  if (!file) return redirect(`/diary/homework/${journal.id}/quiz?${new URLSearchParams(q ? { q, nodata: '1' } : { nodata: '1' })}`)
  const name = `${journal.name} - ${t('quizSheet.file')} ${todayDate()}.xlsx`.replace(/[\\/:*?"<>|]+/g, ' ')
  return new Response(file, {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="assessment.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
