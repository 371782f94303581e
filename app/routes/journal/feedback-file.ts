import type { Route } from './+types/feedback-file'
import { feedbackWorkbook } from '~/features/insights/feedback-file.server'
import { insightsScope } from '~/auth/insights-gate.server'
import { xlsxResponse } from '~/features/insights/workbook.server'
import { getInstance } from '~/i18n/middleware.server'

/**
 * /diary/homework/{id}/feedback.xlsx (decision 0048): the Feedback page's tables for its period, every
 * student on one sheet. The journal's teachers only (the gate); 403 without the reports' pay
 * function.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const scope = await insightsScope(context, request)
  if (scope.locked) return new Response(null, { status: 403 })
  const { file, name } = await feedbackWorkbook(scope, getInstance(context).t)
  return xlsxResponse(file, name)
}
