import { BEHAVIOURS, EMOTIONS } from '~/features/posts/constants'
import { TOPICS, type Topic } from '~/features/topics/lexicon'

/**
 * A post's topics, feelings and behaviours as bit masks (migration 0033, decision 0049), so the
 * Patterns figures are counted from one index instead of joining three tables row by row. A
 * topic's bit is its place in TOPICS, a feeling's its place in EMOTIONS, a behaviour's its code
 * less one: those lists only ever grow at their end, or the masks must be migrated.
 */
/** What a mask holds, in its list's order (the tests read the triggers' work with them). */
export const topicsOfMask = (mask: number): Topic[] => TOPICS.filter((_, i) => mask & (1 << i))
export const emotionsOfMask = (mask: number) => EMOTIONS.filter((_, i) => mask & (1 << i)).map((e) => e.code)
export const behavioursOfMask = (mask: number) => BEHAVIOURS.filter((b) => mask & (1 << (b.code - 1))).map((b) => b.code)

/** Every feeling outside the joy group is negative (decision 0018): the mask of those. */
export const NEGATIVE_MASK = EMOTIONS.reduce((m, e, i) => (e.group === 'joy' ? m : m | (1 << i)), 0)
