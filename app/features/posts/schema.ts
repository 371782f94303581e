import { z } from 'zod/mini'
import { atMost, cleanText } from '~/shared/text'

const required = { error: 'validation.required' }

/** A comment's text: required, at most 200 characters (spec 2 sections 5 and 9). */
export const commentText = z.string(required).check(...cleanText, z.minLength(1, required), atMost(200))

/** The post page's comment form: add a comment, or put the text in the library. */
export const CommentSchema = z.object({
  intent: z.enum(['add', 'library-add']),
  comment: commentText,
  type: z.enum(['1', '2', '3', '4'], { error: 'comment.chooseType' }),
})

export const EditCommentSchema = z.object({ intent: z.literal('edit'), commentId: z.string().check(...cleanText), comment: commentText })
