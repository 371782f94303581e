/**
 * What the content assessment looks for (decision 0042), in the three languages: the word lists are
 * data, in features/text/lexicon/<language>/ (one file per category, one rule a line; the format is
 * in its README.md), read and checked when the server starts (features/text/lexicon.server.ts).
 * The categories, their order of seriousness and how soon each is told are written once
 * (../categories.ts, the safeguarding taxonomy of decision 0060).
 */
export { LEXICONS, PATTERN_GAP, type Lexicon, type Rule, type RuleCategory } from '~/features/text/lexicon.server'
export { SEVERITY, type RiskCategory } from '../categories'
