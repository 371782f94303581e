/**
 * What the content assessment looks for (decision 0042), in the three languages: the word lists are
 * data, in features/text/lexicon/<language>/ (one file per category, one rule a line; the format is
 * in its README.md), read and checked when the server starts (features/text/lexicon.server.ts).
 * Here: the categories and how soon each is told.
 */
import type { RiskCategory } from '~/features/text/lexicon.server'

export { LEXICONS, PATTERN_GAP, type Lexicon, type RiskCategory, type Rule, type RuleCategory } from '~/features/text/lexicon.server'

/** Severity of a category: told at once (high) or the same school day (medium); decision 0042. */
export const SEVERITY: Record<RiskCategory, 'high' | 'medium'> = {
  suicide: 'high', self_harm: 'high', abuse: 'high', sexual_abuse: 'high', grooming: 'high', neglect: 'high', running_away: 'high', friend_at_risk: 'high',
  emotional_abuse: 'medium', bullying: 'medium', eating: 'medium', hopelessness: 'medium',
}
