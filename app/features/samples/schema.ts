import { z } from 'zod/mini'
import { LABEL_COLORS } from '~/features/journals/constants'
import { SAMPLE_LANGS, SAMPLE_LIMITS } from './constants'
import { atMost, cleanText } from '~/shared/text'

const required = { error: 'validation.required' }
const oneOf = (values: readonly (string | number)[]) => z.enum(values.map(String) as [string, ...string[]], required)

/**
 * A sample journal (spec 2 section 5): limit 10 to 80 in tens, pronunciation zh or en, AI scoring
 * only for en. Any invalid field also shows "input incomplete" above the buttons.
 */
export const SampleSchema = z
  .object({
    name: z.string(required).check(...cleanText, z.minLength(1, required), atMost(50)),
    description: z.optional(z.string().check(...cleanText, atMost(500))),
    labelColorCode: oneOf(LABEL_COLORS),
    studentLimit: oneOf(SAMPLE_LIMITS),
    speechLang: oneOf(SAMPLE_LANGS),
    aiScoring: z.optional(z.literal('on')),
    published: z.optional(z.literal('on')),
  })
  .check(
    z.superRefine(
      (v, ctx) => {
        if (v.aiScoring && v.speechLang !== 'en') ctx.addIssue({ code: 'custom', message: 'journalSettings.aiScoringEnglishOnly', path: ['aiScoring'], input: v })
      },
      { when: () => true },
    ),
  )
export type Sample = z.output<typeof SampleSchema>

const code = (max: number) => z.string(required).check(...cleanText, z.minLength(1, required), atMost(max))

/** "From a sample code": a course-book code (or a contest code with ct_), and an optional plan exchange code. */
export const SampleCodeSchema = z.object({
  sampleCode: code(40),
  planCode: z.optional(z.string().check(...cleanText, atMost(40))),
})
