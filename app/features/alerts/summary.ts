import type { AlertRule } from '~/db/schema'
import { bySeriousness, type ConcernKey, type RiskCategory } from './categories'
import type { AlertReasons } from './rules'

/**
 * An alert told in one line (decision 0059): what leads it and the words behind the lead. Every summary
 * of an alert (the journal's list, the counsellor's inbox, the alert's heading, notifications, mails,
 * the record) is made from this, so the most serious concern leads everywhere by the one ordering of
 * categories (categories.ts).
 */
export interface AlertSummary {
  /** The most serious category found; else a teacher's worry; else the rule (a trend of the mood). */
  concern: ConcernKey
  /** The other categories found, most serious first, each once. */
  also: RiskCategory[]
  /** The student's own sentence behind the lead (a finding's whole sentence, or an old word in context). */
  sentence?: string
  /** Raised by a teacher ("this worries me"): who, and their note if they wrote one. */
  flagged?: { by: string; note?: string }
}

export function alertSummary(rule: AlertRule, reasons: AlertReasons): AlertSummary {
  if (reasons.rule !== 'words') return { concern: `alerts.rule_${rule}`, also: [] }
  const findings = bySeriousness(
    reasons.posts.flatMap((p) => p.findings ?? []),
    (f) => f.category,
  )
  const categories = [...new Set(findings.map((f) => f.category))]
  const teacher = reasons.posts.find((p) => p.flaggedBy)
  const flagged = teacher ? { by: teacher.flaggedBy!, ...(teacher.note ? { note: teacher.note } : {}) } : undefined
  if (findings.length) return { concern: `alerts.category_${categories[0]}`, also: categories.slice(1), sentence: findings[0].sentence, ...(flagged ? { flagged } : {}) }
  if (flagged) return { concern: 'alerts.concern_flagged', also: [], flagged }
  // Alerts raised before the content assessment: their words, the most serious list first.
  const hit = bySeriousness(
    reasons.posts.flatMap((p) => p.hits ?? []),
    (h) => h.category,
  ).at(0)
  return { concern: `alerts.rule_${rule}`, also: [], ...(hit ? { sentence: `${hit.before}${hit.word}${hit.after}` } : {}) }
}

/** The key of what leads an alert's line, from its stored reasons (JSON). */
export const concernOf = (rule: AlertRule, reasonsJson: string) => alertSummary(rule, JSON.parse(reasonsJson) as AlertReasons).concern

/** The posts an alert's reasons cite (stored JSON), in their order, each once. */
export function citedPostIds(reasonsJson: string): number[] {
  const r = JSON.parse(reasonsJson) as { rule: string; posts?: { id: number }[]; recent?: { id: number }[] }
  return [...new Set([...(r.posts ?? []), ...(r.recent ?? [])].map((p) => p.id))]
}
