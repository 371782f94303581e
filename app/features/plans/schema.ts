import { z } from 'zod/mini'
import { atMost, cleanText } from '~/shared/text'
import { PLAN_COMMENT_MAX } from './plan-code-status'

const required = { error: 'validation.required' }

/** A comment on a plan code (spec 3 section 5): required, at most 500 characters. */
export const CodeCommentSchema = z.object({
  intent: z.literal('comment'),
  comment: z.string(required).check(...cleanText, z.minLength(1, required), atMost(PLAN_COMMENT_MAX)),
})
