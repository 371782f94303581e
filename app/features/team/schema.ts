import { z } from 'zod/mini'
import { CLOSED_DATES_MAX, parseClosedDates } from '~/features/team/school-hours'
import { isCalendarDate } from '~/shared/dates'
import { atMost, cleanText } from '~/shared/text'
import { isTimeZone } from '~/shared/time-zone'

const hour = (max: number) => z.string({ error: 'validation.required' }).check(...cleanText, z.regex(/^\d{1,2}$/, 'team.hourRange'), z.refine((v) => Number(v) <= max, 'team.hourRange'))

/**
 * The school's calendar (decision 0046): its school days, the hours of a school day, and the dates it is
 * closed. Alerts nobody opened escalate after school hours counted in it.
 */
export const CalendarSchema = z
  .object({
    intent: z.literal('calendar'),
    // The school's zone (decision 0044's one clock): its teachers' pages outside a journal, and new journals.
    timeZone: z.string({ error: 'validation.required' }).check(...cleanText, z.maxLength(64, 'team.timeZoneUnknown'), z.refine(isTimeZone, 'team.timeZoneUnknown')),
    days: z.array(z.enum(['1', '2', '3', '4', '5', '6', '7'], { error: 'validation.notAChoice' }), { error: 'team.chooseDays' }).check(z.minLength(1, 'team.chooseDays')),
    startHour: hour(23),
    endHour: hour(24),
    closed: z.optional(
      z.string().check(
        ...cleanText,
        atMost(4000),
        z.refine((v) => v.split(/[\s,，、]+/).filter(Boolean).every(isCalendarDate), 'team.closedDatesFormat'),
        z.refine((v) => parseClosedDates(v).length <= CLOSED_DATES_MAX, 'team.closedDatesTooMany'),
      ),
    ),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        if (Number(v.endHour) <= Number(v.startHour)) ctx.addIssue({ code: 'custom', message: 'team.endAfterStart', path: ['endHour'], input: v })
      },
      { when: (p) => typeof (p.value as { startHour?: unknown }).startHour === 'string' && typeof (p.value as { endHour?: unknown }).endHour === 'string' },
    ),
  )

/** Retention (decision 0047): off, or delete diaries older than 1 to 12 school years; the month a school year starts. */
export const RetentionSchema = z.object({
  intent: z.literal('retention'),
  years: z.optional(z.string().check(...cleanText, z.regex(/^$|^\d{1,2}$/, 'team.retentionRange'), z.refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= 12), 'team.retentionRange'))),
  startMonth: z.string({ error: 'validation.required' }).check(...cleanText, z.regex(/^\d{1,2}$/, 'validation.notAChoice'), z.refine((v) => Number(v) >= 1 && Number(v) <= 12, 'validation.notAChoice')),
})
