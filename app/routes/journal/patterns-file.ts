import { data } from 'react-router'
import type { Route } from './+types/patterns-file'
import { db } from '~/db/db.server'
import { patternsWorkbook } from '~/features/insights/patterns-file.server'
import { insightsScope } from '~/auth/insights-gate.server'
import { xlsxResponse } from '~/features/insights/workbook.server'
import { parseId } from '~/shared/lists'
import { journalStudent } from '~/features/students/list.server'
import { getInstance } from '~/i18n/middleware.server'

/**
 * /diary/homework/{id}/patterns.xlsx (decision 0048): the Patterns page's tables for its period, the
 * class's or a student's (`student`). The journal's teachers only (the gate); 403 without the
 * reports' pay function; 404 for a student not in the journal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = await insightsScope(context, request)
  if (scope.locked) return new Response(null, { status: 403 })
  const asked = new URL(request.url).searchParams.get('student')
  let student: { id: number; name: string } | null = null
  if (asked) {
    const s = parseId(asked) ? await journalStudent(db, scope.journal.id, asked).catch(() => null) : null
    if (!s) throw data(null, { status: 404 })
    student = { id: s.id, name: String(s.name) }
  }
  const { file, name } = await patternsWorkbook(scope, student, getInstance(context).t)
  return xlsxResponse(file, name)
}
