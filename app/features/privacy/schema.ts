import { z } from 'zod/mini'
import { isCalendarDate } from '~/shared/dates'
import { atMost, cleanText, secretText } from '~/shared/text'

/**
 * The erasure's confirmation (decision 0047): the student's account typed again (so a slip of the mouse
 * erases no one) and the box that says what it means.
 */
export const EraseSchema = (account: string) =>
  z.object({
    intent: z.literal('erase'),
    account: z.string({ error: 'validation.required' }).check(...cleanText, z.minLength(1, 'validation.required'), z.refine((v) => v.toLowerCase() === account.toLowerCase(), 'privacy.accountMismatch')),
    understood: z.literal('on', { error: 'privacy.tickUnderstood' }),
  })

/** Bounds of a family pack's form (kept here, the browser's side of the rules). */
export const PACK = { postsMax: 12, noteMax: 1000, daysDefault: 7, daysMax: 30, passwordMin: 6, passwordMax: 64 } as const

const postIds = z.optional(z.array(z.string().check(...cleanText, z.regex(/^\d{1,10}$/, 'validation.notAChoice'))))

/**
 * A family pack (decision 0047): one to twelve posts, those chosen and those put back under an alert
 * together; an optional note; a share link when asked for, for 1 to 30 days behind a
 * password of 6 to 64 characters.
 */
export const FamilyPackSchema = z
  .object({
    intent: z.literal('make'),
    posts: postIds,
    putBack: postIds,
    note: z.optional(z.string().check(...cleanText, atMost(PACK.noteMax))),
    share: z.optional(z.literal('on')),
    days: z.optional(z.string().check(...cleanText)),
    password: z.optional(z.string().check(...secretText)),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path], input: v })
        const chosen = (v.posts?.length ?? 0) + (v.putBack?.length ?? 0)
        if (chosen === 0) fail('posts', 'familyPack.choosePosts')
        else if (chosen > PACK.postsMax) fail('posts', 'familyPack.tooManyPosts')
        if (!v.share) return
        const days = Number(v.days || PACK.daysDefault)
        if (!/^\d{0,2}$/.test(v.days ?? '') || days < 1 || days > PACK.daysMax) fail('days', 'familyPack.daysRange')
        if (!v.password) fail('password', 'validation.required')
        else if (v.password.length < PACK.passwordMin || v.password.length > PACK.passwordMax) fail('password', 'familyPack.passwordRule')
      },
      { when: () => true },
    ),
  )

/**
 * The parent-meeting pack's period (decisions 0053 and 0063): two real dates, the start not after the end,
 * the end not after the school's today. Each error is the field's: the form keeps what was typed.
 */
export const ClassPackSchema = (today: string) =>
  z
    .object({
      from: z.string({ error: 'validation.required' }).check(...cleanText, z.refine(isCalendarDate, 'classPack.badDate')),
      to: z.string({ error: 'validation.required' }).check(...cleanText, z.refine(isCalendarDate, 'classPack.badDate'), z.refine((v) => v <= today, 'classPack.afterToday')),
    })
    .check(
      z.refine((v) => !isCalendarDate(v.from) || !isCalendarDate(v.to) || v.from <= v.to, { message: 'classPack.endBeforeStart', path: ['to'], when: () => true }),
    )
