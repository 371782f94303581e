import type { DB } from '~/db/connect.server'
import type { AlertSeverity, AlertStatus, AlertVerdict } from '~/db/schema'
import { POST_STATUS } from '~/features/posts/constants'
import { HOLD_BACK_DAYS } from './constants'
import { citedPostIds } from './summary'

/**
 * What goes to families (decision 0063): a class's e-books, the parent-meeting pack and
 * a family pack carry no post under an open or recent risk alert unless the teacher puts it back.
 * "Recent" is HOLD_BACK_DAYS after the alert was resolved; an alert resolved as a false alarm holds
 * nothing back.
 */
export { HOLD_BACK_DAYS }
const DAY_MS = 86_400_000

/** Why a post is held back: the alert it is under, open or resolved lately. No words of the post. */
export type HeldReason = { alertId: number; severity: AlertSeverity; open: boolean; raisedAt: string; resolvedAt: string | null }
/** A held-back post: which, whose, and why. */
export type HeldBack = HeldReason & { postId: number; studentId: number; title: string; diaryDate: string }

/** Whether an alert holds its posts back at `now`: unresolved, or resolved less than HOLD_BACK_DAYS ago and not as a false alarm. */
export function alertHoldsBack(a: { status: AlertStatus; resolvedAt: string | null; verdict: AlertVerdict | null }, now = new Date()) {
  if (a.status !== 'resolved') return true
  if (a.verdict === 'false_alarm' || !a.resolvedAt) return false
  return Date.parse(a.resolvedAt) > now.getTime() - HOLD_BACK_DAYS * DAY_MS
}

/** Of two alerts over one post, the one that says most: open before resolved, then high before medium, then the newest. */
const weight = (r: HeldReason) => (r.open ? 4 : 0) + (r.severity === 'high' ? 2 : 0)
const stronger = (a: HeldReason, b: HeldReason) => (weight(a) !== weight(b) ? weight(a) > weight(b) : a.raisedAt > b.raisedAt)

/**
 * The one rule (decision 0063): the journal's published posts held back from what goes to families now,
 * by post id, each with the alert that holds it (the most telling one, when several do). `studentIds`
 * narrows it to some students.
 */
export async function heldBackPosts(db: DB, journalId: number, v: { studentIds?: number[]; now?: Date } = {}): Promise<Map<number, HeldBack>> {
  const now = v.now ?? new Date()
  if (v.studentIds && v.studentIds.length === 0) return new Map()
  let q = db
    .selectFrom('risk_alerts')
    .select(['id', 'student_id as studentId', 'severity', 'status', 'verdict', 'reasons', 'created_at as raisedAt', 'resolved_at as resolvedAt'])
    .where('journal_id', '=', journalId)
    .where((eb) => eb.or([eb('status', '<>', 'resolved'), eb('resolved_at', '>', new Date(now.getTime() - HOLD_BACK_DAYS * DAY_MS).toISOString())]))
  if (v.studentIds) q = q.where('student_id', 'in', v.studentIds)
  const alerts = (await q.execute()).filter((a) => alertHoldsBack(a, now))
  const reasons = new Map<number, HeldReason & { studentId: number }>()
  for (const a of alerts) {
    const reason = { alertId: a.id, severity: a.severity, open: a.status !== 'resolved', raisedAt: a.raisedAt, resolvedAt: a.status === 'resolved' ? a.resolvedAt : null, studentId: a.studentId }
    // Every post the alert rests on: the content rule's posts, a streak's run, a drop's recent posts.
    for (const postId of citedPostIds(a.reasons)) {
      const known = reasons.get(postId)
      if (!known || stronger(reason, known)) reasons.set(postId, reason)
    }
  }
  if (reasons.size === 0) return new Map()
  const posts = await db
    .selectFrom('posts')
    .select(['id', 'creator_id as studentId', 'title', 'diary_date as diaryDate'])
    .where('id', 'in', [...reasons.keys()])
    .where('journal_id', '=', journalId)
    .where('status', '=', POST_STATUS.published)
    .orderBy('diary_date', 'desc')
    .orderBy('id', 'desc')
    .execute()
  const held = new Map<number, HeldBack>()
  for (const p of posts) {
    const r = reasons.get(p.id)!
    // An alert names only its student's posts; a post moved since is no longer under it.
    if (r.studentId === p.studentId) held.set(p.id, { alertId: r.alertId, severity: r.severity, open: r.open, raisedAt: r.raisedAt, resolvedAt: r.resolvedAt, postId: p.id, studentId: p.studentId, title: p.title, diaryDate: p.diaryDate })
  }
  return held
}

/**
 * The posts that may go to families of those a choice or a rule picked: the held-back ones are left
 * out unless the teacher put them back. Both lists keep the picked order.
 */
export function withoutHeldBack(postIds: number[], held: Map<number, HeldBack>, putBack: Iterable<number> = []) {
  const back = new Set(putBack)
  const kept: number[] = []
  const leftOut: HeldBack[] = []
  for (const id of postIds) {
    const h = held.get(id)
    if (h && !back.has(id)) leftOut.push(h)
    else kept.push(id)
  }
  return { kept, leftOut }
}

/** What a job keeps of a left-out post (no title: a job's results outlive neither the post nor an erasure's rules). */
export type LeftOut = HeldReason & { postId: number }
export const asLeftOut = ({ postId, alertId, severity, open, raisedAt, resolvedAt }: HeldBack): LeftOut => ({ postId, alertId, severity, open, raisedAt, resolvedAt })

/** Left-out posts named again for a page (their title and day, their student), those still there. */
export async function namedLeftOut(db: DB, journalId: number, leftOut: LeftOut[]): Promise<HeldBack[]> {
  if (leftOut.length === 0) return []
  const posts = await db.selectFrom('posts').select(['id', 'creator_id as studentId', 'title', 'diary_date as diaryDate']).where('journal_id', '=', journalId).where('id', 'in', leftOut.map((l) => l.postId)).execute()
  const byId = new Map(posts.map((p) => [p.id, p]))
  return leftOut.flatMap((l) => {
    const p = byId.get(l.postId)
    return p ? [{ ...l, studentId: p.studentId, title: p.title, diaryDate: p.diaryDate }] : []
  })
}
