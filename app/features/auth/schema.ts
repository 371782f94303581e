import { z } from 'zod/mini'

// One schema per form, shared by the browser (conform) and the action. Messages are locale keys.
// zod/mini keeps the browser bundle small (docs/decisions/0003-zod-mini-for-forms.md).
const required = { error: 'validation.required' }

export const LoginSchema = z.object({
  intent: z.literal('login'),
  email: z.string(required).check(z.trim(), z.minLength(1, required)),
  password: z.string(required).check(z.minLength(1, required)),
})

export const SignupSchema = z
  .object({
    intent: z.literal('signup'),
    account: z.string(required).check(z.trim(), z.regex(/^\S{3,100}$/, 'validation.accountFormat')),
    password: z.string(required).check(z.minLength(8, 'validation.passwordLength'), z.maxLength(128, 'validation.passwordLength')),
    repeatPassword: z.string(required),
  })
  .check(z.refine((d) => d.password === d.repeatPassword, { path: ['repeatPassword'], message: 'validation.passwordMismatch' }))

export const CheckAccountSchema = z.object({
  intent: z.literal('check-account'),
  account: z.string(required).check(z.trim(), z.minLength(1, required)),
})
