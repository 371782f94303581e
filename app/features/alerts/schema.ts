import { z } from 'zod/mini'
import { atMost, cleanText } from '~/shared/text'
import { isCalendarDate } from '~/shared/dates'
import { CATEGORIES, type RiskCategory } from './categories'
import { RESOLVE_NOTE_MAX, snoozeWindow, VERDICTS, WATCH_WORD_MAX } from './constants'

const required = { error: 'validation.required' }

/**
 * An action on a risk alert (decision 0037): acknowledge; snooze until a date (tomorrow at the earliest,
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
export const ResolveSchema = z.object({
  intent: z.literal('resolve'),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
  verdict: z.enum(VERDICTS, { error: 'alerts.chooseVerdict' }),
})
/** A teacher's worry about a post that raised nothing: a note is optional. */
export const WorrySchema = z.object({ intent: z.literal('worry'), note: z.optional(z.string().check(...cleanText, atMost(RESOLVE_NOTE_MAX))) })
export const AlertActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('acknowledge') }), SnoozeSchema, ResolveSchema])
export type AlertAction = z.output<typeof AlertActionSchema>

/** Escalate to the counsellor (decision 0046): whom (one of the journal's escalation targets) and a note saying why. */
export const EscalateSchema = z.object({
  intent: z.literal('escalate'),
  to: z.string({ error: 'alerts.chooseCounsellor' }).check(...cleanText, z.regex(/^\d{1,10}$/, 'alerts.chooseCounsellor')),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
})
export type EscalateInput = { to: number; note: string }
/** A note added to an alert already escalated (by a teacher or by itself: decision 0059): told to whom it went. */
export const EscalationNoteSchema = z.object({
  intent: z.literal('escalationNote'),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
})
/** A counsellor's step: what was done, required. */
export const StepSchema = z.object({
  intent: z.literal('step'),
  note: z.string(required).check(...cleanText, z.minLength(1, required), atMost(RESOLVE_NOTE_MAX)),
})
/** The counsellor's page: take it, add a step, or resolve. */
export const CounselActionSchema = z.discriminatedUnion('intent', [z.object({ intent: z.literal('take') }), StepSchema, ResolveSchema])

/**
 * A school's watch word (decision 0062): a word or phrase of at most
 * WATCH_WORD_MAX characters with a letter or a digit in it, and the safeguarding category a post
 * that holds it is told under. Whether it is on the list already is the feature's check.
 */
export const WatchWordSchema = z.object({
  intent: z.literal('watch-add'),
  phrase: z.string(required).check(...cleanText, z.minLength(1, required), atMost(WATCH_WORD_MAX), z.refine((v) => v === '' || /[\p{L}\p{N}]/u.test(v), 'watchWords.noLetters')),
  category: z.enum(CATEGORIES.map((c) => c.category) as [RiskCategory, ...RiskCategory[]], { error: 'watchWords.chooseCategory' }),
})
