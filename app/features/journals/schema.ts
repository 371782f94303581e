import { z } from 'zod/mini'
import { email } from '~/features/account/schema'
import { todayDate } from '~/shared/dates'
import { EXPIRE_TYPE, GRADES, LABEL_COLORS, NOTIFY_SUBMIT_TIMES, NOTIFY_TIMES, SPEECH_LANGS, SUBMIT_MODES } from './constants'
import { atMost, cleanText } from '~/shared/text'
import { ESCALATE_HOURS_MAX } from '~/features/team/school-hours'

/** Who must agree before a family link is shared (decision 0047). */
export const SHARE_CONSENT_RULES = ['under13', 'always', 'never'] as const
import { isCalendarDate } from '~/shared/dates'

const required = { error: 'validation.required' }
// Nothing chosen is "required"; a value that is not one of the options (a forged or stale form) says so.
const oneOf = (values: readonly (string | number)[]) =>
  z.enum(values.map(String) as [string, ...string[]], { error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.notAChoice') })
const checkbox = z.optional(z.literal('on'))

/** The three notification switches, each with the time it needs when on (spec 2 section 5). */
export const NOTIFICATIONS = [
  { switch: 'notifySubmit', time: 'notifySubmitTime', times: NOTIFY_SUBMIT_TIMES },
  { switch: 'notifyStat', time: 'notifyStatTime', times: NOTIFY_TIMES },
  { switch: 'notifyExtreme', time: 'notifyExtremeTime', times: NOTIFY_TIMES },
] as const

/**
 * The journal settings form (spec 2 sections 3 and 5). Rules that need the database (the student
 * limit against the plan's tickets and the students already in) are checked by settings.server.ts.
 */
export const JournalSettingsSchema = z
  .object({
    name: z.string(required).check(...cleanText, z.minLength(1, required), atMost(50)),
    description: z.optional(z.string().check(...cleanText, atMost(500))),
    labelColorCode: oneOf(LABEL_COLORS),
    classes: z.optional(z.string().check(...cleanText, atMost(200))),
    grade: z.optional(oneOf(GRADES)),
    speechLang: oneOf(SPEECH_LANGS),
    display: z.enum(['calendar', 'list'], required),
    aiScoring: checkbox,
    assessment: checkbox,
    expireType: oneOf(Object.values(EXPIRE_TYPE)),
    expireDate: z.optional(z.string().check(...cleanText, z.refine(isCalendarDate, 'validation.dateFormat'))),
    expireTime: z.optional(z.string().check(...cleanText, z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.timeFormat'))),
    studentLimit: z.string(required).check(...cleanText, z.regex(/^\d{1,6}$/, 'journalSettings.limitInteger')),
    notifySubmit: checkbox,
    notifySubmitTime: z.optional(oneOf(NOTIFY_SUBMIT_TIMES)),
    notifyStat: checkbox,
    notifyStatTime: z.optional(oneOf(NOTIFY_TIMES)),
    notifyExtreme: checkbox,
    notifyExtremeTime: z.optional(oneOf(NOTIFY_TIMES)),
    shareType: oneOf(SUBMIT_MODES),
    // Decision 0046: school hours a high alert may wait unopened before it escalates by itself (1 to 40; 4 when left empty).
    // Decision 0047: whether a student agrees before a link to their diary is shared (under 13 when left out).
    shareConsent: z.optional(oneOf(SHARE_CONSENT_RULES)),
    escalateAfterHours: z.optional(z.string().check(...cleanText, z.regex(/^$|^\d{1,2}$/, 'journalSettings.escalateHoursRange'), z.refine((v) => v === '' || (Number(v) >= 1 && Number(v) <= ESCALATE_HOURS_MAX), 'journalSettings.escalateHoursRange'))),
  })
  .check(
    // Cross-field rules run even when a field failed, so every message shows at once (`when`).
    z.superRefine(
      (v, ctx) => {
        const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: v })
        if (Number(v.studentLimit) < 1) fail('studentLimit', 'journalSettings.limitAtLeastOne')
        if (v.expireType === String(EXPIRE_TYPE.at)) {
          if (!v.expireDate) fail('expireDate', 'validation.required')
          else if (v.expireDate < todayDate()) fail('expireDate', 'journalSettings.expireBeforeToday')
          if (!v.expireTime) fail('expireTime', 'validation.required')
        }
        for (const n of NOTIFICATIONS) if (v[n.switch] && !v[n.time]) fail(n.time, 'validation.required')
        if (v.aiScoring && v.speechLang !== 'en') fail('aiScoring', 'journalSettings.aiScoringEnglishOnly')
      },
      { when: () => true },
    ),
  )
export type JournalSettings = z.output<typeof JournalSettingsSchema>

export const JoinSchema = z.object({
  code: z.string(required).check(...cleanText, z.minLength(1, required), atMost(40)),
})

/** The e-mail invitation to a fellow teacher: required, a basic e-mail pattern (spec 2 section 5). */
export const InviteEmailSchema = z.object({ email })
