import { parseWithZod } from '@conform-to/zod/v4'
import { ForgotSchema, LoginSchema, ResetPasswordSchema, SignupSchema } from './schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
export const validateLogin = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: LoginSchema })
export const validateSignup = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: SignupSchema })
export const validateForgot = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: ForgotSchema })
export const validateReset = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: ResetPasswordSchema })
