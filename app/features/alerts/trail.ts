import type { AlertStepAction } from '~/db/schema'

/** The steps whose note the trail shows as written (the page's trail and the record's alike). */
export const NOTED_STEPS: readonly AlertStepAction[] = ['resolved', 'escalated', 'noted', 'step']

/**
 * Who a step of the trail reached: an escalation, the escalations written at the same moment by the
 * same person; a note added to the escalation (decision 0059), everyone it went to.
 */
export const recipientsOf = (step: { action: AlertStepAction; at: string; userId: number | null }, escalations: { at: string; byId: number | null; to: string | null }[]) =>
  (step.action === 'noted' ? escalations : escalations.filter((e) => e.at === step.at && e.byId === step.userId)).map((e) => e.to ?? '')
