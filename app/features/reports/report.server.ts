import type { DB } from '~/db/connect.server'
import { tagsOf } from '~/features/posts/feed.server'
import { studentDataOpen } from '~/features/student-door.server'
import { BEHAVIOURS, EMOTION_GROUPS, EMOTIONS } from '~/features/posts/constants'
import { addDays } from '~/shared/dates'
import { bucketDates, bucketLength, bucketOf, type ReportRange, type TrendInterval } from './range'

/** What a report covers: a journal's posts with a diary date in the range, or one student's. */
export interface ReportScope {
  journalId: number
  studentId?: number
  range: ReportRange
}

const POSITIVE = EMOTIONS.filter((e) => e.group === 'joy').map((e) => e.code)
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole))

function postsIn(db: DB, scope: ReportScope) {
  return db
    .selectFrom('posts as p')
    .where('p.journal_id', '=', scope.journalId)
    .where('p.diary_date', '>=', scope.range.start)
    .where('p.diary_date', '<=', scope.range.end)
    .$if(scope.studentId !== undefined, (q) => q.where('p.creator_id', '=', scope.studentId!))
    // Rule 12: a student whose erasure waits, or whose account is locked, is not in the figures.
    .where(studentDataOpen('p.creator_id'))
}

/**
 * The trend (spec 2 report data): for each week or month, how many posts showed a positive feeling
 * (p) and how many a negative one (n). A post with both counts on both lines (decision 0018).
 */
export async function trend(db: DB, scope: ReportScope, interval: TrendInterval) {
  // Per diary date, the posts with a positive and with a negative feeling (flags kept by triggers).
  const days = await postsIn(db, scope)
    .select(['p.diary_date as day', (eb) => eb.fn.sum<number>('p.mood_p').as('p'), (eb) => eb.fn.sum<number>('p.mood_n').as('n')])
    .groupBy('p.diary_date')
    .execute()
  // Every bucket of the range is present, so weeks without posts show as zero; each counts its days
  // in the range, so a week or month cut short (the current one) is not read as a drop.
  const buckets = new Map<string, { p: number; n: number; days: number; partial: boolean }>()
  for (let day = scope.range.start; day <= scope.range.end; day = addDays(day, 1)) {
    const key = bucketOf(day, scope.range, interval)
    const b = buckets.get(key) ?? { p: 0, n: 0, days: 0, partial: false }
    b.days++
    buckets.set(key, b)
  }
  for (const [key, b] of buckets) b.partial = b.days < bucketLength(key, interval)
  for (const d of days) {
    const b = buckets.get(bucketOf(d.day, scope.range, interval))!
    b.p += Number(d.p)
    b.n += Number(d.n)
  }
  return [...buckets].map(([bucket, counts]) => ({ bucket, ...counts }))
}

/**
 * Emotion figures (spec 2 report data): each emotion's count and number of posts, its share of all
 * the emotions chosen, the four groups' shares, and the top 3 positive and negative emotions.
 */
export async function emotionStats(db: DB, scope: ReportScope) {
  const rows = await postsIn(db, scope)
    .innerJoin('post_emotions as e', 'e.post_id', 'p.id')
    // An emotion is chosen once per post (the key is post and emotion), so its count is its number of posts.
    .select(['e.emotion_code as code', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('e.emotion_code')
    .execute()
  const all = rows.reduce((n, r) => n + Number(r.count), 0)
  const emotions = EMOTIONS.map((e) => {
    const row = rows.find((r) => r.code === e.code)
    const count = Number(row?.count ?? 0)
    return { code: e.code, key: e.key, group: e.group, type: e.group === 'joy' ? ('p' as const) : ('n' as const), count, postCount: count, percent: percent(count, all) }
  })
  const groups = EMOTION_GROUPS.map((group) => {
    const count = emotions.filter((e) => e.group === group).reduce((n, e) => n + e.count, 0)
    return { group, count, percent: percent(count, all) }
  })
  const top = (type: 'p' | 'n') =>
    emotions
      .filter((e) => e.type === type && e.count > 0)
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code))
      .slice(0, 3)
  return { all, emotions, groups, topPositive: top('p'), topNegative: top('n') }
}

/** Behaviour figures: each of the ten behaviours' count and share, outer or inner. */
export async function behaviourStats(db: DB, scope: ReportScope) {
  const rows = await postsIn(db, scope)
    .innerJoin('post_behaviours as b', 'b.post_id', 'p.id')
    .select(['b.behaviour_code as code', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('b.behaviour_code')
    .execute()
  const all = rows.reduce((n, r) => n + Number(r.count), 0)
  return {
    all,
    behaviours: BEHAVIOURS.map((b) => {
      const count = Number(rows.find((r) => Number(r.code) === b.code)?.count ?? 0)
      return { code: b.code, key: b.key, side: b.side, count, percent: percent(count, all) }
    }),
  }
}

/** What a click on a chart element asks for (kept in the URL as `pick`). */
type EmotionGroup = (typeof EMOTION_GROUPS)[number]
export type Pick =
  | { kind: 'trend'; bucket: string; polarity: 'p' | 'n' }
  | { kind: 'group'; group: EmotionGroup }
  | { kind: 'emotion'; code: string }
  | { kind: 'behaviour'; code: number }

export function parsePick(value: string | null): Pick | null {
  const [kind, a, b] = (value ?? '').split(':')
  if (kind === 'trend' && /^\d{4}-\d{2}(-\d{2})?$/.test(a ?? '') && (b === 'p' || b === 'n')) return { kind, bucket: a, polarity: b }
  if (kind === 'group' && (EMOTION_GROUPS as readonly string[]).includes(a)) return { kind, group: a as EmotionGroup }
  if (kind === 'emotion' && EMOTIONS.some((e) => e.code === a)) return { kind, code: a }
  if (kind === 'behaviour' && BEHAVIOURS.some((x) => String(x.code) === a)) return { kind, code: Number(a) }
  return null
}
export const pickValue = (pick: Pick) =>
  pick.kind === 'trend' ? `trend:${pick.bucket}:${pick.polarity}` : pick.kind === 'group' ? `group:${pick.group}` : `${pick.kind}:${pick.code}`

export const PICK_PAGE_SIZE = 5

/**
 * The posts behind a chart element, newest first: `pages` pages of five (spec 2: load more while a
 * full page comes back).
 */
export async function pickedPosts(db: DB, scope: ReportScope, pick: Pick, pages: number, interval: TrendInterval) {
  const limit = PICK_PAGE_SIZE * pages
  const codes =
    pick.kind === 'trend'
      ? pick.polarity === 'p'
        ? POSITIVE
        : EMOTIONS.filter((e) => e.group !== 'joy').map((e) => e.code)
      : pick.kind === 'group'
        ? EMOTIONS.filter((e) => e.group === pick.group).map((e) => e.code)
        : pick.kind === 'emotion'
          ? [pick.code]
          : null
  const dates = pick.kind === 'trend' ? bucketDates(pick.bucket, scope.range, interval) : scope.range
  const rows = await postsIn(db, { ...scope, range: { ...scope.range, start: dates.start, end: dates.end } })
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select(['p.id as postId', 'p.creator_id as userId', 'p.title', 'p.diary_date as diaryDate', 'u.avatar_url as avatarUrl', (eb) => eb.fn.coalesce('u.name', 'u.account').as('userName')])
    .where((eb) =>
      codes
        ? eb.exists(eb.selectFrom('post_emotions as e').select('e.post_id').whereRef('e.post_id', '=', 'p.id').where('e.emotion_code', 'in', codes))
        : eb.exists(eb.selectFrom('post_behaviours as b').select('b.post_id').whereRef('b.post_id', '=', 'p.id').where('b.behaviour_code', '=', (pick as { code: number }).code)),
    )
    .orderBy('p.diary_date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute()
  const tags = await tagsOf(
    db,
    rows.map((r) => r.postId),
  )
  return { posts: rows.map((r) => ({ ...r, emotions: tags.get(r.postId)?.emotions ?? [] })), hasMore: rows.length === limit }
}

/** The last diary date of the scope's posts, for the "to the last post" button. */
export async function lastPostDate(db: DB, scope: Omit<ReportScope, 'range'>) {
  const row = await db
    .selectFrom('posts as p')
    .select((eb) => eb.fn.max('p.diary_date').as('last'))
    .where('p.journal_id', '=', scope.journalId)
    .$if(scope.studentId !== undefined, (q) => q.where('p.creator_id', '=', scope.studentId!))
    .where(studentDataOpen('p.creator_id'))
    .executeTakeFirst()
  return (row?.last as string | null) ?? null
}
