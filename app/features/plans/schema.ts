import { z } from 'zod/mini'
import { cleanText } from '~/shared/text'

const required = { error: 'validation.required' }

/** How long a plan code's comment may be. */
export const CODE_COMMENT_MAX = 500

/** A comment on a plan code (spec 3 section 5): required, at most 500 characters. */
export const CodeCommentSchema = z.object({
  intent: z.literal('comment'),
  comment: z.string(required).check(...cleanText, z.minLength(1, required), z.maxLength(CODE_COMMENT_MAX, 'validation.tooLong')),
})
