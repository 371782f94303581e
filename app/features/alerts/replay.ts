import type { AlertRule } from '~/db/schema'
import { findingsFor, usualOf, USUAL_DAYS, type Finding, type MoodPost } from './rules'

const DAY_MS = 86_400_000

export interface Raised extends Finding {
  studentId: number
  at: string
}

/**
 * The alerts a journal's posts would have raised, post by post in the order they were written, as
 * the live rules do. Each alert is taken as resolved `resolveAfterDays` after it was raised (until
 * then new evidence joins it). For the demo's alerts and for measuring how often the rules fire.
 */
export function replayAlerts(posts: (MoodPost & { studentId: number })[], { resolveAfterDays = 3 } = {}): Raised[] {
  const ordered = [...posts].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)
  const byStudent = new Map<number, MoodPost[]>()
  const open = new Map<string, Raised>()
  const resolved = new Map<number, Partial<Record<AlertRule, string>>>()
  const raised: Raised[] = []
  ordered.forEach((post, i) => {
    const now = Date.parse(post.createdAt)
    // Alerts whose time has come are resolved before this post is read.
    for (const [key, a] of open) {
      const at = Date.parse(a.at) + resolveAfterDays * DAY_MS
      if (at <= now) {
        open.delete(key)
        resolved.set(a.studentId, { ...resolved.get(a.studentId), [a.rule]: new Date(at).toISOString() })
      }
    }
    const history = [...(byStudent.get(post.studentId) ?? []), post]
    byStudent.set(post.studentId, history)
    const window = ordered.slice(0, i + 1).filter((p) => Date.parse(p.createdAt) >= now - USUAL_DAYS * DAY_MS)
    const usual = usualOf(window.map((p) => p.mood))
    for (const f of findingsFor(history, usual, resolved.get(post.studentId))) {
      const key = `${post.studentId}:${f.rule}`
      if (open.has(key)) continue
      const a = { ...f, studentId: post.studentId, at: post.createdAt }
      open.set(key, a)
      raised.push(a)
    }
  })
  return raised
}

/** Alerts a week per 25 students, over the weeks the posts span. */
export function alertsPerWeek(raised: Raised[], posts: { createdAt: string; studentId: number }[]) {
  if (posts.length === 0) return 0
  const times = posts.map((p) => Date.parse(p.createdAt))
  const weeks = Math.max(1, (Math.max(...times) - Math.min(...times)) / (7 * DAY_MS))
  const students = new Set(posts.map((p) => p.studentId)).size
  return (raised.length / weeks) * (25 / students)
}
