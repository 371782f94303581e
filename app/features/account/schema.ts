import { z } from 'zod/mini'
import { atMost, cleanText } from '~/shared/text'

const required = { error: 'validation.required' }
const text = (max: number) => z.string(required).check(...cleanText, z.minLength(1, required), atMost(max))
// The "standard e-mail pattern" of spec 1 section 5: something@domain.tld, no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
export const email = z.string(required).check(...cleanText, atMost(254), z.regex(EMAIL_PATTERN, 'validation.emailFormat'))

export const EmailSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('send'), email, code: z.optional(z.string().check(...cleanText)) }),
  z.object({ intent: z.literal('validate'), email, code: z.string(required).check(...cleanText, z.regex(/^\d{6}$/, 'validation.codeFormat')) }),
])

export const NameGenderSchema = z.object({
  name: text(50),
  gender: z.enum(['m', 'f'], { error: 'validation.gender' }),
})

export const SchoolSchema = z.object({
  country: text(100),
  school: text(100),
  position: text(50),
  inviteCode: z.optional(z.string().check(...cleanText, atMost(20))),
  // Set when the user confirmed a "did you mean" suggestion.
  confirmed: z.optional(z.literal('1')),
})
