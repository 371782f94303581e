import { parseWithZod } from '@conform-to/zod/v4'
import { BasicInfoSchema } from './schema'

// The browser-side validator of the basic-info form, loaded lazily (ui/lazy-validation.ts).
export const validateBasicInfo = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: BasicInfoSchema })
