import { z } from 'zod/mini'
import { atMost, cleanText, secretText } from '~/shared/text'

// One schema per form, shared by the browser (conform) and the action. Messages are locale keys.
// zod/mini keeps the browser bundle small (docs/decisions/0003-zod-mini-and-lazy-client-validation.md).
const required = { error: 'validation.required' }
export const newPassword = z.string(required).check(...secretText, z.minLength(8, 'validation.passwordLength'), z.maxLength(128, 'validation.passwordLength'))

export const LoginSchema = z.object({
  intent: z.literal('login'),
  email: z.string(required).check(...cleanText, z.minLength(1, required)),
  password: z.string(required).check(...secretText, z.minLength(1, required)),
})

export const SignupSchema = z
  .object({
    intent: z.literal('signup'),
    account: z.string(required).check(...cleanText, z.regex(/^\S{3,100}$/, 'validation.accountFormat')),
    password: newPassword,
    repeatPassword: z.string(required).check(...secretText),
  })
  .check(z.refine((d) => d.password === d.repeatPassword, { path: ['repeatPassword'], message: 'validation.passwordMismatch' }))

export const CheckAccountSchema = z.object({
  intent: z.literal('check-account'),
  account: z.string(required).check(...cleanText, z.minLength(1, required)),
})

// Forgot password (spec 1 section 5): the e-mail is required and must look like one.
export const ForgotSchema = z.object({
  intent: z.literal('forgot'),
  email: z.string({ error: 'errors.forgotRequired' }).check(
    ...cleanText,
    z.minLength(1, 'errors.forgotRequired'),
    atMost(254),
    z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'validation.emailFormat'),
  ),
})

export const ResetPasswordSchema = z
  .object({ password: newPassword, repeatPassword: z.string(required).check(...secretText) })
  .check(z.refine((d) => d.password === d.repeatPassword, { path: ['repeatPassword'], message: 'validation.passwordMismatch' }))
