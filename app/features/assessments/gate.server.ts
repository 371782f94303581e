import { data } from 'react-router'
import { hasSubType, SUB_TYPE } from '~/features/journals/constants'
import { PAY_FUNCTIONS } from '~/features/plans/constants'

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
