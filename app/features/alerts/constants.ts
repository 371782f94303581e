import { addDays, todayDate } from '~/shared/dates'

// The alert forms' limits and choices, apart from their zod schemas (schema.ts) so that the pages
// that show them load no zod: the forms are checked by the server (decision 0055).

/** How far ahead an alert may be snoozed, and how long a resolution note may be. */
export const SNOOZE_MAX_DAYS = 90
export const RESOLVE_NOTE_MAX = 500

/** The school's today and the last day a snooze may reach: a snooze ends on a later day than today. */
export const snoozeWindow = (today = todayDate()) => ({ min: addDays(today, 1), max: addDays(today, SNOOZE_MAX_DAYS) })

/** The resolving teacher's word on the alert: the share of false alarms is what the school learns from. */
export const VERDICTS = ['right', 'false_alarm', 'missed'] as const

/**
 * What goes to families (decision 0063): a post under an open alert, or under one
 * resolved less than this many days ago (not as a false alarm), is held back from a class's e-books,
 * the parent-meeting pack and a family pack unless the teacher puts it back.
 */
export const HOLD_BACK_DAYS = 30

/**
 * A school's own watch words (decision 0062): a word or phrase at most this long,
 * and at most this many on one list (a journal's or a team's), so that reading them with every post
 * stays a small query and a few patterns.
 */
export const WATCH_WORD_MAX = 40
export const WATCH_WORDS_PER_LIST = 200
