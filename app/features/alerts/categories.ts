import type { AlertRule } from '~/db/schema'
import type { FlagCategory } from '~/features/posts/extreme-words'
import { CATEGORIES, type RiskCategory } from '~/features/text/taxonomy'

// The categories, their order of seriousness and severity: the taxonomy (features/text/taxonomy.ts).
export { CATEGORIES, SEVERITY, type RiskCategory } from '~/features/text/taxonomy'

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
