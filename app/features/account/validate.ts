import { parseWithZod } from '@conform-to/zod/v4'
import { EmailSchema, NameGenderSchema, SchoolSchema } from './schema'
import { AccountSchema, ProfileSchema } from './settings-schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
export const validateEmail = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: EmailSchema })
export const validateNameGender = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: NameGenderSchema })
export const validateSchool = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: SchoolSchema })
export const validateProfile = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: ProfileSchema })
export const validateAccount = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: AccountSchema })
