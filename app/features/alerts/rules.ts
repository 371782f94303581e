import type { AlertRule, AlertSeverity } from '~/db/schema'
import type { ContentFinding } from '~/features/alerts/assess/assess.server'
import type { Opinion } from '~/features/alerts/assess/second-opinion.server'
import type { FlagCategory } from '~/features/posts/extreme-words'

/**
 * The risk-alert rules (decision 0037): pure functions of a student's posts and
 * their journal's usual mood, so they are tested on crafted sequences and replayed on the demo.
 *
 * A post's mood point: +1 when every feeling chosen is positive, -1 when every one is negative, 0
 * for a mix (or none).
 *
 * 1. words: the content assessment of the post (assess/, decision 0042) found something a
 *    counsellor would want to see: suicidal thoughts, self-harm and abuse are high; bullying and
 *    threats against the student, and hopelessness, medium.
 * 2. streak: the student's last k posts all negative, where k is how many in a row would happen by
 *    chance less than 1 time in 20 in this journal: k = ceil(log 0.05 / log p), p the journal's share
 *    of negative posts over the last 28 days, k at least 3 and at most 10. Three in a row where one
 *    post in three is sad; more where sadness is the class's usual (a grief week, a hard term).
 * 3. drop: the mean of the student's last 4 posts (within 21 days) is DROP_THRESHOLD or more below
 *    both their own mean over the 28 days before and the journal's usual mean.
 *
 * Evidence a teacher has already judged (posts before the last resolution of the same rule) does
 * not raise the rule again.
 */

export const STREAK_CHANCE = 0.05
export const STREAK_MIN = 3
export const STREAK_MAX = 10
export const DROP_THRESHOLD = 1
export const DROP_RECENT_POSTS = 4
export const DROP_RECENT_DAYS = 21
export const USUAL_DAYS = 28
/** Below this many posts in the window, the journal's usual is not known: p = 1/3, mean 0. */
export const USUAL_MIN_POSTS = 20
const DAY_MS = 86_400_000

export interface MoodPost {
  id: number
  title: string
  diaryDate: string
  createdAt: string
  emotions: string[]
  /** +1, 0 or -1 (moodPoint). */
  mood: number
  /** What the content assessment found in the post (computed before the rules run: it is asynchronous). */
  content?: { severity: AlertSeverity | null; findings: ContentFinding[]; opinion?: Opinion }
}
export interface Usual {
  /** Share of negative posts, 0 to 1. */
  negativeShare: number
  mean: number
  posts: number
}

export const moodPoint = (positive: boolean, negative: boolean) => (positive && !negative ? 1 : negative && !positive ? -1 : 0)

export const streakLength = (negativeShare: number) => {
  if (negativeShare <= 0) return STREAK_MAX
  if (negativeShare >= 1) return STREAK_MAX
  return Math.min(STREAK_MAX, Math.max(STREAK_MIN, Math.ceil(Math.log(STREAK_CHANCE) / Math.log(negativeShare))))
}

export function usualOf(points: number[]): Usual {
  if (points.length < USUAL_MIN_POSTS) return { negativeShare: 1 / 3, mean: 0, posts: points.length }
  return { negativeShare: points.filter((m) => m < 0).length / points.length, mean: mean(points), posts: points.length }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
const round2 = (x: number) => Math.round(x * 100) / 100

/** Words of an alert raised before the content assessment (the extreme-word lists), kept as they were recorded. */
export interface WordHit {
  category: FlagCategory
  word: string
  before: string
  after: string
}

export type AlertReasons =
  | { rule: 'words'; posts: { id: number; title: string; diaryDate: string; findings?: ContentFinding[]; opinion?: Opinion; hits?: WordHit[]; flaggedBy?: string; note?: string }[] }
  | { rule: 'streak'; length: number; negativeShare: number; posts: PostPoint[] }
  | { rule: 'drop'; threshold: number; recentMean: number; ownMean: number; usualMean: number; recent: PostPoint[]; earlierPosts: number }
export type PostPoint = { id: number; title: string; diaryDate: string; emotions: string[]; mood: number }

export interface Finding {
  rule: AlertRule
  severity: AlertSeverity
  reasons: AlertReasons
  /** The posts the finding rests on: none may be older than the rule's last resolution. */
  evidence: number[]
}

const point = (p: MoodPost): PostPoint => ({ id: p.id, title: p.title, diaryDate: p.diaryDate, emotions: p.emotions, mood: p.mood })

/**
 * What the student's newest post (the last of `history`, oldest first) raises. `resolvedAt` holds,
 * per rule, when the student's last alert of that rule was resolved.
 */
export function findingsFor(history: MoodPost[], usual: Usual, resolvedAt: Partial<Record<AlertRule, string>> = {}): Finding[] {
  const latest = history.at(-1)
  if (!latest) return []
  const fresh = (rule: AlertRule, posts: MoodPost[]) => !resolvedAt[rule] || posts.every((p) => p.createdAt > resolvedAt[rule]!)
  const out: Finding[] = []

  const content = latest.content
  if (content?.severity && fresh('words', [latest])) {
    out.push({
      rule: 'words',
      severity: content.severity,
      reasons: { rule: 'words', posts: [{ id: latest.id, title: latest.title, diaryDate: latest.diaryDate, findings: content.findings, ...(content.opinion ? { opinion: content.opinion } : {}) }] },
      evidence: [latest.id],
    })
  }

  const k = streakLength(usual.negativeShare)
  const run = history.slice(-k)
  if (run.length === k && run.every((p) => p.mood < 0) && fresh('streak', run)) {
    out.push({ rule: 'streak', severity: 'medium', reasons: { rule: 'streak', length: k, negativeShare: round2(usual.negativeShare), posts: run.map(point) }, evidence: run.map((p) => p.id) })
  }

  const latestAt = Date.parse(latest.createdAt)
  const recent = history.slice(-DROP_RECENT_POSTS)
  const earlier = history.slice(0, -DROP_RECENT_POSTS).filter((p) => Date.parse(p.createdAt) >= Date.parse(recent[0]?.createdAt ?? latest.createdAt) - USUAL_DAYS * DAY_MS)
  if (recent.length === DROP_RECENT_POSTS && latestAt - Date.parse(recent[0].createdAt) <= DROP_RECENT_DAYS * DAY_MS && earlier.length >= DROP_RECENT_POSTS && fresh('drop', recent)) {
    const recentMean = mean(recent.map((p) => p.mood))
    const ownMean = mean(earlier.map((p) => p.mood))
    if (ownMean - recentMean >= DROP_THRESHOLD && usual.mean - recentMean >= DROP_THRESHOLD) {
      out.push({
        rule: 'drop',
        severity: 'medium',
        reasons: { rule: 'drop', threshold: DROP_THRESHOLD, recentMean: round2(recentMean), ownMean: round2(ownMean), usualMean: round2(usual.mean), recent: recent.map(point), earlierPosts: earlier.length },
        evidence: recent.map((p) => p.id),
      })
    }
  }
  return out
}

/** Joins new reasons to an open alert's: the posts of both, each once, newest last. */
export function mergeReasons(old: AlertReasons, next: AlertReasons): AlertReasons {
  if (old.rule === 'words' && next.rule === 'words') {
    const ids = new Set(old.posts.map((p) => p.id))
    return { rule: 'words', posts: [...old.posts, ...next.posts.filter((p) => !ids.has(p.id))] }
  }
  // A streak or a drop is told by its latest picture.
  return next
}
