import { data, type RouterContextProvider } from 'react-router'
import { hasSubType, SUB_TYPE } from '~/features/journals/constants'
import { journalOf } from './journal-gate.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { hasFunction } from '~/features/plans/pay-functions'

/**
 * The pay function of the assessment pages: f3, the same as the student list (decision 0036: spec 2
 * names f3 "student list", spec 3 gates the quiz page with it; both show what students did, so one
 * function opens both).
 */
export const ASSESSMENT_FUNCTION = PAY_FUNCTIONS.studentList

/** The assessment pages exist only for a journal whose sub-types include assessment (6): else 404. */
export function requireAssessment(journal: { subType: string }) {
  if (!hasSubType(journal.subType, SUB_TYPE.assessment)) throw data(null, { status: 404 })
}

/** The journal of a teacher's assessment page (its gate passed, sub-type 6 on) and whether the reader's plan has f3. */
export function assessmentOf(context: Readonly<RouterContextProvider>) {
  const gate = journalOf(context)
  requireAssessment(gate.journal)
  return { ...gate, paid: hasFunction(gate.user, ASSESSMENT_FUNCTION) }
}
