import type { AlertRule } from '~/db/schema'
import type { FlagCategory } from '~/features/posts/extreme-words'

/**
 * The concerns a post's content can raise, the most serious first (issue 48; the safeguarding
 * taxonomy of decision 0060): the
 * one ordering every summary of an alert follows. Wherever an alert is told in a line (the
 * journal's list, the counsellor's inbox, an alert's heading, the bell and the notifications, the
 * mails, the safeguarding record), the first of its categories in this list leads.
 *
 * A new category is one line here, at its place by seriousness, with its severity (high: told at
 * once; medium: the same school day), then its words in the lexicon (assess/lexicon.ts) and its name
 * in the three locales (`alerts.category_…` in alerts.json).
 */
export const CATEGORIES = [
  { category: 'suicide', severity: 'high' },
  { category: 'self_harm', severity: 'high' },
  { category: 'sexual_abuse', severity: 'high' },
  { category: 'grooming', severity: 'high' },
  // Physical abuse at home (the taxonomy's physical_abuse; its key stays "abuse" so that alerts raised before read the same).
  { category: 'abuse', severity: 'high' },
  { category: 'neglect', severity: 'high' },
  { category: 'running_away', severity: 'high' },
  { category: 'friend_at_risk', severity: 'high' },
  // Medium unless a rule marks its words urgent: violence or a threat at home, extortion or a threat of violence (decision 0060).
  { category: 'emotional_abuse', severity: 'medium' },
  { category: 'bullying', severity: 'medium' },
  { category: 'eating', severity: 'medium' },
  { category: 'hopelessness', severity: 'medium' },
] as const

export type RiskCategory = (typeof CATEGORIES)[number]['category']

/** Severity of a category: told at once (high) or the same school day (medium); decision 0042. */
export const SEVERITY = Object.fromEntries(CATEGORIES.map((c) => [c.category, c.severity])) as Record<RiskCategory, 'high' | 'medium'>

/**
 * The extreme-word lists of alerts raised before the content assessment (kept as they were recorded),
 * placed in the same ordering: their words are shown, never renamed.
 */
const LEGACY: Record<FlagCategory, RiskCategory> = { selfHarm: 'self_harm', sexual: 'abuse', violence: 'bullying' }

const RANK = new Map<string, number>(CATEGORIES.map((c, i) => [c.category, i]))
const rankOf = (category: string) => RANK.get(category) ?? RANK.get(LEGACY[category as FlagCategory]) ?? CATEGORIES.length

/** Items by the seriousness of their category, the most serious first; items of one category keep their order. */
export const bySeriousness = <T>(items: readonly T[], categoryOf: (item: T) => string): T[] =>
  items
    .map((item, i) => ({ item, i, rank: rankOf(categoryOf(item)) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.item)

/** What an alert's one line leads with, as a key of the alerts dictionary. */
export type ConcernKey = `alerts.category_${RiskCategory}` | 'alerts.concern_flagged' | `alerts.rule_${AlertRule}`
