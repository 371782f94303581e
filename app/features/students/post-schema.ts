import { z } from 'zod/mini'
import { BEHAVIOURS, EMOTIONS } from '~/features/posts/constants'
import { atMost, cleanText } from '~/shared/text'
import { isCalendarDate } from '~/shared/dates'

const required = { error: 'validation.required' }
const text = (max: number) => z.string(required).check(...cleanText, z.minLength(1, required), atMost(max))
const optionalText = (max: number) => z.optional(z.string().check(...cleanText, atMost(max)))
const EMOTION_CODES = EMOTIONS.map((e) => e.code) as [string, ...string[]]

/**
 * A student's post (decision 0011): title, diary date, place and time; an event frame, an emotion frame
 * with one to three emotions, and a behaviour frame with one of the ten behaviours.
 */
export const StudentPostSchema = z.object({
  title: text(50),
  diaryDate: z.string(required).check(...cleanText, z.refine(isCalendarDate, 'validation.dateFormat')),
  location: optionalText(30),
  happenTime: optionalText(30),
  event: text(500),
  emotions: z.array(z.enum(EMOTION_CODES)).check(z.minLength(1, 'write.chooseEmotion'), z.maxLength(3, 'write.tooManyEmotions')),
  behaviour: z.enum(BEHAVIOURS.map((b) => String(b.code)) as [string, ...string[]], { error: 'write.chooseBehaviour' }),
  behaviourText: optionalText(500),
  // A quest journal's post: the quest it answers and its story frame (kept with the emotion frame).
  story: optionalText(500),
  questId: z.optional(z.string().check(...cleanText, z.regex(/^\d{1,9}$/, 'validation.notAChoice'))),
  // The picture is checked on the server by content (features/posts/pictures.server.ts); a picture
  // stored on an earlier, refused try comes back as keptPicture.
  picture: z.optional(z.any()),
  keptPicture: z.optional(z.string().check(...cleanText)),
})
export type StudentPost = z.output<typeof StudentPostSchema>
