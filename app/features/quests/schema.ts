import { z } from 'zod/mini'
import { LABEL_COLORS } from '~/features/journals/constants'
import { atMost, cleanText } from '~/shared/text'
import { isCalendarDate } from '~/shared/dates'
import { withValues } from '~/shared/error-values'
import { BEHAVIOUR_SLOTS, EXAMPLE_MAX, FRAME_TITLE_MAX, PICK_TYPES, QUEST_DESCRIPTION_MAX, QUEST_LANGS, QUEST_TITLE_MAX } from './constants'

const required = { error: 'validation.required' }
const oneOf = (values: readonly (string | number)[]) =>
  z.enum(values.map(String) as [string, ...string[]], { error: (issue) => (issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.notAChoice') })
const text = (max: number) => z.string(required).check(...cleanText, z.minLength(1, required), atMost(max))
const optionalText = (max: number) => z.optional(z.string().check(...cleanText, atMost(max)))

/**
 * A contest journal's settings (spec 3): name, description and start date required; the start
 * date's window and the once-only rule need the database (contest.server.ts).
 */
export const ContestSettingsSchema = z.object({
  name: text(50),
  description: text(500),
  coverColor: oneOf(LABEL_COLORS),
  startDate: z.string(required).check(...cleanText, z.refine(isCalendarDate, 'validation.dateFormat')),
  pickType: oneOf(PICK_TYPES),
})
export type ContestSettings = z.output<typeof ContestSettingsSchema>

// Example texts: one a line in a textarea; empty lines are dropped (spec 2 frame edit).
const examples = optionalText(EXAMPLE_MAX * 5)
export const SLOT_FIELDS = Array.from({ length: BEHAVIOUR_SLOTS }, (_, i) => `behaviorSlot${i + 1}` as const)

/**
 * A sample quest (spec 2 quest edit): title and description required, the description at most 200
 * characters; a quest has its three frames (event, story, behaviour), each with a title, and the
 * message names every frame that is missing. A behaviour frame's examples come in ten slots.
 */
export const QuestSchema = z
  .object({
    lang: oneOf(QUEST_LANGS),
    title: text(QUEST_TITLE_MAX),
    description: text(QUEST_DESCRIPTION_MAX),
    eventTitle: optionalText(FRAME_TITLE_MAX),
    eventExamples: examples,
    storyTitle: optionalText(FRAME_TITLE_MAX),
    storyExamples: examples,
    behaviorTitle: optionalText(FRAME_TITLE_MAX),
    ...Object.fromEntries(SLOT_FIELDS.map((f) => [f, examples])) as Record<(typeof SLOT_FIELDS)[number], typeof examples>,
  })
  .check(
    // Runs even when another field failed, so every message shows at once.
    z.superRefine(
      (v, ctx) => {
        const missing = (['event', 'story', 'behavior'] as const).filter((f) => !v[`${f}Title`])
        if (missing.length) ctx.addIssue({ code: 'custom', input: v, path: [], message: withValues('quest.missingFrames', { parts: missing.join(',') }) })
      },
      { when: () => true },
    ),
  )
export type QuestInput = z.output<typeof QuestSchema>

/** Example lines of a textarea: trimmed, empty ones dropped, at most `max` of them kept. */
export const exampleLines = (value: string | undefined, max = 5) =>
  (value ?? '')
    .split('\n')
    .map((l) => l.trim().slice(0, EXAMPLE_MAX))
    .filter(Boolean)
    .slice(0, max)
