import { parseWithZod } from '@conform-to/zod/v4'
import { CommentSchema, EditCommentSchema } from './schema'

// Browser-side validators, loaded lazily by the forms (ui/lazy-validation.ts).
export const validateComment = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: CommentSchema })
export const validateEditComment = ({ formData }: { formData: FormData }) => parseWithZod(formData, { schema: EditCommentSchema })
