import type { RouterContextProvider } from 'react-router'
import { journalOf } from './journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { hasFunction } from '~/features/plans/pay-functions'
import { formatDate, todayDate } from '~/shared/dates'
import { periodOf, periodParams, type InsightsScope } from '~/features/insights/period'

/**
 * What the Feedback and Patterns pages (and their files) start from: the journal the gate let
 * through (its owner or an accepted teacher; 403 and 404 otherwise), the reports' pay gate (f8:
 * without it, no data), the school's zone and the period the URL asks for.
 */
export async function insightsScope(context: Readonly<RouterContextProvider>, request: Request): Promise<InsightsScope & { user: ReturnType<typeof journalOf>['user'] }> {
  const { journal, user } = journalOf(context)
  const locked = !hasFunction(user, PAY_FUNCTIONS.report)
  const { timeZone } = journal
  const today = todayDate(new Date(), timeZone)
  const created = formatDate(journal.createdAt, timeZone)
  const params = new URL(request.url).searchParams
  const { period, error } = periodOf(params, { created, today, timeZone })
  // The custom range's fields show what was asked for, even a refused or half-chosen range.
  const asked = { start: params.get('start') ?? (period.kind === 'custom' ? period.start : ''), end: params.get('end') ?? (period.kind === 'custom' ? period.end : '') }
  return { journal, user, locked, timeZone, today, created, period, error, asked, keep: new URLSearchParams(periodParams(period)).toString() }
}
