import { parseWithZod } from '@conform-to/zod/v4'
import { LoginSchema, SignupSchema } from './schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
export const validateLogin = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: LoginSchema })
export const validateSignup = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: SignupSchema })
