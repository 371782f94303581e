import { z } from 'zod/mini'
import { atMost, cleanText, secretText } from '~/shared/text'

const address = z.string({ error: 'validation.required' }).check(
  ...cleanText,
  z.minLength(1, 'validation.required'),
  atMost(300),
  z.refine((v) => {
    try {
      return ['https:', 'http:'].includes(new URL(v).protocol)
    } catch {
      return false
    }
  }, 'roster.badAddress'),
)

/** The OneRoster service form (decision 0076): its address, token address, client id and secret (kept when left empty). */
export const RosterSourceSchema = z.object({
  intent: z.literal('saveSource'),
  baseUrl: address,
  tokenUrl: address,
  clientId: z.string({ error: 'validation.required' }).check(...cleanText, z.minLength(1, 'validation.required'), atMost(200)),
  clientSecret: z.optional(z.string().check(...secretText, atMost(500))),
  nightly: z.optional(z.literal('on')),
})
