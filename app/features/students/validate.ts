import { parseWithZod } from '@conform-to/zod/v4'
import { StudentPostSchema } from './post-schema'

// Browser-side validator, loaded lazily by the form (ui/lazy-validation.ts).
export const validateStudentPost = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: StudentPostSchema })
