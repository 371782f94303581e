// The safeguarding taxonomy (decision 0060) as the text module reads it: no imports, so the word
// lists' loader and every area that sums up an alert share it from the bottom of the house.

/**
 * The concerns a post's content can raise, the most serious first (decision 0059; the safeguarding
 * taxonomy of decision 0060): the
 * one ordering every summary of an alert follows. Wherever an alert is told in a line (the
 * journal's list, the counsellor's inbox, an alert's heading, the bell and the notifications, the
 * mails, the safeguarding record), the first of its categories in this list leads.
 *
 * A new category is one line here, at its place by seriousness, with its severity (high: told at
 * once; medium: the same school day), then its words in the word lists (lexicon/<language>/) and its
 * name in the three locales (`alerts.category_…` in alerts.json).
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
