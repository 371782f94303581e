import { z } from 'zod/mini'
import { atMost, cleanText } from '~/shared/text'
import { EBOOK_NAME_MAX, EBOOK_TEXT_MAX } from './constants'

const required = { error: 'validation.required' }
const text = (max: number) => z.string(required).check(...cleanText, z.minLength(1, required), atMost(max))

/**
 * An e-book's basic info (spec 3): the book's name must not be empty; the author intro, thanks and
 * postscript are shown on every book, so each is required, at most 100 characters; the message
 * board is a switch.
 */
export const BasicInfoSchema = z.object({
  name: text(EBOOK_NAME_MAX),
  aboutAuthor: text(EBOOK_TEXT_MAX),
  thanks: text(EBOOK_TEXT_MAX),
  postscript: text(EBOOK_TEXT_MAX),
  messageBoard: z.optional(z.literal('on')),
})
export type BasicInfo = z.output<typeof BasicInfoSchema>
