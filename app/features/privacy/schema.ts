import { z } from 'zod/mini'
import { cleanText } from '~/shared/text'

/**
 * The erasure's confirmation (issue 36): the student's account typed again (so a slip of the mouse
 * erases no one) and the box that says what it means.
 */
export const EraseSchema = (account: string) =>
  z.object({
    intent: z.literal('erase'),
    account: z.string({ error: 'validation.required' }).check(...cleanText, z.minLength(1, 'validation.required'), z.refine((v) => v.toLowerCase() === account.toLowerCase(), 'privacy.accountMismatch')),
    understood: z.literal('on', { error: 'privacy.tickUnderstood' }),
  })
