import { z } from 'zod/mini'
import { LOCALES } from '~/i18n/config'
import { newPassword } from '~/features/auth/schema'
import { birthdayOf } from './birthday'
import { atMost, cleanText, secretText } from '~/shared/text'

// The settings page's forms (spec 1 sections 2 and 5). Messages are locale keys.
const required = { error: 'validation.required' }
const optionalText = (max: number) => z.optional(z.string().check(...cleanText, atMost(max)))

export const ProfileSchema = z
  .object({
    intent: z.literal('profile'),
    name: z.string(required).check(...cleanText, z.minLength(1, required), atMost(50)),
    nickname: optionalText(50),
    birthYear: z.optional(z.string().check(...cleanText)),
    birthMonth: z.optional(z.string().check(...cleanText)),
    birthDay: z.optional(z.string().check(...cleanText)),
    gender: z.enum(['m', 'f'], { error: 'validation.gender' }),
  })
  .check(z.refine((d) => birthdayOf(d.birthYear, d.birthMonth, d.birthDay) !== undefined, { path: ['birthDay'], message: 'settings.birthdayInvalid' }))

export const AccountSchema = z
  .object({
    intent: z.literal('account'),
    account: z.string(required).check(...cleanText, z.regex(/^\S{3,100}$/, 'validation.accountFormat')),
    currentPassword: z.optional(z.string().check(...secretText)),
    password: z.optional(newPassword),
    repeatPassword: z.optional(z.string().check(...secretText)),
  })
  .check(z.refine((d) => (d.password ?? '') === (d.repeatPassword ?? ''), { path: ['repeatPassword'], message: 'settings.passwordNotMatch' }))

export const LocaleSchema = z.object({ intent: z.literal('locale'), locale: z.enum(LOCALES, { error: 'validation.required' }) })
