import { z } from 'zod/mini'
import { atMost, cleanText } from '~/shared/text'
import { addDays, isCalendarDate, todayDate } from '~/shared/dates'

/** How far ahead an alert may be snoozed, and how long a resolution note may be. */
export const SNOOZE_MAX_DAYS = 90
export const RESOLVE_NOTE_MAX = 500

const required = { error: 'validation.required' }

/** The school's today and the last day a snooze may reach: a snooze ends on a later day than today. */
export const snoozeWindow = (today = todayDate()) => ({ min: addDays(today, 1), max: addDays(today, SNOOZE_MAX_DAYS) })

/**
 * An action on a risk alert (issue 22): acknowledge; snooze until a date (tomorrow at the earliest,
 * 90 days at most); resolve with a note saying what was done (required: the trail is for the next
 * adult who reads it).
 */
export const SnoozeSchema = z.object({
  intent: z.literal('snooze'),
  until: z.string(required).check(
    ...cleanText,
    z.refine(isCalendarDate, 'validation.dateFormat'),
    z.refine((d) => {
      const { min, max } = snoozeWindow()
      return !isCalendarDate(d) || (d >= min && d <= max)
    }, 'alerts.snoozeWindow'),
  ),
})
/** The resolving teacher's word on the alert: the share of false alarms is what the school learns from. */
export const VERDICTS = ['right', 'false_alarm', 'missed'] as const
export const ResolveSchema = z.object({
  intent: z.literal('resolve'),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
  verdict: z.enum(VERDICTS, { error: 'alerts.chooseVerdict' }),
})
/** A teacher's worry about a post that raised nothing: a note is optional. */
export const WorrySchema = z.object({ intent: z.literal('worry'), note: z.optional(z.string().check(...cleanText, atMost(RESOLVE_NOTE_MAX))) })
export const AlertActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('acknowledge') }), SnoozeSchema, ResolveSchema])
export type AlertAction = z.output<typeof AlertActionSchema>

/** Escalate to the counsellor (issue 36): whom (one of the journal's escalation targets) and a note saying why. */
export const EscalateSchema = z.object({
  intent: z.literal('escalate'),
  to: z.string({ error: 'alerts.chooseCounsellor' }).check(...cleanText, z.regex(/^\d{1,10}$/, 'alerts.chooseCounsellor')),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
})
export type EscalateInput = { to: number; note: string }
/** A counsellor's step: what was done, required. */
export const StepSchema = z.object({
  intent: z.literal('step'),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
})
/** The counsellor's page: take it, add a step, or resolve. */
export const CounselActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('take') }), StepSchema, ResolveSchema])
