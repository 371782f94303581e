import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { POST_STATUS } from '~/features/posts/constants'
import { studentDataOpen } from '~/features/student-door.server'
import { addDays, formatDate, fromWallClock } from '~/shared/dates'
import type { Period } from './period'
import { lastDayWaiting, schoolDaysBetween, weekOf } from './school-days'
import { percentOf } from './figures'
import { mediansBy, mediansByAndAll, secondsBetween } from './sql.server'

/** A post waits too long after this many school days (the digest's line, decision 0048). */
export const WAIT_SCHOOL_DAYS = 3
/** The Feedback page's trend: this many school weeks, ending with the period's last week. */
export const TREND_WEEKS = 8

export interface FeedbackScope {
  journalId: number
  /** The school's zone: the period's days and the school days are read in it. */
  timeZone: string
}

/** The UTC moments a period of school days covers: from its first midnight to the midnight after its last day. */
export const periodBounds = (period: { start: string; end: string }, timeZone: string) => ({
  from: fromWallClock(period.start, '00:00', timeZone),
  to: fromWallClock(addDays(period.end, 1), '00:00', timeZone),
})

// Rule 12: a student whose erasure waits, or whose account is locked, is not in the figures.
const postsBetween = (db: DB, journalId: number, from: string, to: string) =>
  db.selectFrom('posts as p').where('p.journal_id', '=', journalId).where('p.created_at', '>=', from).where('p.created_at', '<', to).where(studentDataOpen('p.creator_id'))

/** A post waits when it is published and no teacher of the journal has commented on it (a returned post waits for its revision, not for us). */
const waiting = sql<number>`case when p.answer_secs is null and p.status = ${POST_STATUS.published} then 1 else 0 end`

export interface StudentFeedback {
  id: number
  name: string
  posts: number
  answered: number
  waiting: number
  /** The student's oldest waiting post of the period (its id once `withOldestPosts` has looked it up). */
  oldest: { postId?: number; createdAt: string; schoolDays: number } | null
  /** Median seconds from a post to its first answer, over the period's answered posts. */
  medianSecs: number | null
}

/**
 * The Feedback page's figures of a period from one pass over its posts (decision 0048): per student of
 * the journal, the posts written, how many wait for an answer, the oldest of them and its age in
 * school days, and the median time to a first answer, the longest-waiting first and students who
 * wrote nothing last; and the whole journal's sums (archived students' posts included) and median.
 */
export async function feedbackOf(db: DB, scope: FeedbackScope, period: Period, now = new Date()): Promise<{ totals: JournalFeedback; students: StudentFeedback[] }> {
  const { from, to } = periodBounds(period, scope.timeZone)
  const today = formatDate(now.toISOString(), scope.timeZone)
  const [figures, medians, roster] = await Promise.all([
    postsBetween(db, scope.journalId, from, to)
      .select((eb) => ['p.creator_id as id', eb.fn.countAll<number>().as('posts'), eb.fn.count<number>('p.answer_secs').as('answered'), eb.fn.sum<number>(waiting).as('waiting'), eb.fn.min(sql<string | null>`case when p.answer_secs is null and p.status = ${POST_STATUS.published} then p.created_at end`).as('oldest')])
      .groupBy('p.creator_id')
      .execute(),
    // Only the answered posts, from their own index.
    mediansByAndAll(db, postsBetween(db, scope.journalId, from, to).select(['p.creator_id as k', 'p.answer_secs as v']).where('p.answer_secs', 'is not', null)),
    db
      .selectFrom('journal_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name')])
      .where('m.journal_id', '=', scope.journalId)
      .where('m.role', '=', 'student')
      .where('m.archived_at', 'is', null)
      .execute(),
  ])
  const byStudent = new Map(figures.map((f) => [f.id, f]))
  const rows = roster.map((s): StudentFeedback => {
    const f = byStudent.get(s.id)
    const oldest = f?.oldest ? String(f.oldest) : null
    const median = medians.byKey.get(String(s.id))
    return {
      id: s.id,
      name: String(s.name),
      posts: Number(f?.posts ?? 0),
      answered: Number(f?.answered ?? 0),
      waiting: Number(f?.waiting ?? 0),
      oldest: oldest ? { createdAt: oldest, schoolDays: schoolDaysBetween(formatDate(oldest, scope.timeZone), today) } : null,
      medianSecs: median === undefined ? null : Math.round(median),
    }
  })
  const students = rows.sort(
    (a, b) =>
      (a.oldest ? 0 : 1) - (b.oldest ? 0 : 1) ||
      (a.oldest && b.oldest ? a.oldest.createdAt.localeCompare(b.oldest.createdAt) : 0) ||
      b.waiting - a.waiting ||
      (a.posts ? 0 : 1) - (b.posts ? 0 : 1) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  )
  const total = (key: 'posts' | 'answered' | 'waiting') => figures.reduce((n, f) => n + Number(f[key] ?? 0), 0)
  const totals = {
    posts: total('posts'),
    answered: total('answered'),
    waiting: total('waiting'),
    waitingStudents: figures.filter((f) => Number(f.waiting) > 0).length,
    medianSecs: medians.all === null ? null : Math.round(medians.all),
  }
  return { totals, students }
}

/**
 * The oldest waiting posts of some students (a page of the table), for a link to each: looked up
 * for those shown only, by (student, time) on the journal's index of students' posts.
 */
export async function withOldestPosts(db: DB, journalId: number, rows: StudentFeedback[]) {
  const asked = rows.filter((r) => r.oldest)
  if (asked.length === 0) return rows
  const found = await db
    .selectFrom('posts as p')
    .select(['p.id', 'p.creator_id as creatorId', 'p.created_at as createdAt'])
    .where('p.journal_id', '=', journalId)
    .where('p.status', '=', POST_STATUS.published)
    .where('p.answer_secs', 'is', null)
    .where((eb) => eb.or(asked.map((r) => eb.and([eb('p.creator_id', '=', r.id), eb('p.created_at', '=', r.oldest!.createdAt)]))))
    .orderBy('p.id')
    .execute()
  return rows.map((r) => {
    const post = r.oldest && found.find((p) => p.creatorId === r.id && p.createdAt === r.oldest!.createdAt)
    return post ? { ...r, oldest: { ...r.oldest!, postId: post.id } } : r
  })
}

/** Per student of the journal, the longest-waiting first (feedbackOf's). */
export const studentFeedback = async (db: DB, scope: FeedbackScope, period: Period, now = new Date()) => (await feedbackOf(db, scope, period, now)).students

export interface JournalFeedback {
  posts: number
  answered: number
  waiting: number
  waitingStudents: number
  medianSecs: number | null
}

/** The whole journal over the period (feedbackOf's). */
export const journalFeedback = async (db: DB, scope: FeedbackScope, period: Period) => (await feedbackOf(db, scope, period)).totals

export interface TeacherFeedback {
  id: number
  name: string
  owner: boolean
  comments: number
  /** Posts of the period this teacher commented on, and their share of all the period's posts. */
  answered: number
  share: number
  /** Median seconds from a post to this teacher's first comment on it. */
  medianSecs: number | null
}

/**
 * Per teacher of the journal (its owner, then accepted teachers by name; never ranked): comments
 * given on the period's posts, the posts answered and their share, the median time to their first
 * comment on a post. Every teacher of the journal sees the same table.
 */
export async function teacherFeedback(db: DB, scope: FeedbackScope, period: Period, totalPosts: number): Promise<TeacherFeedback[]> {
  const { from, to } = periodBounds(period, scope.timeZone)
  // Only answered posts can hold a teacher's visible comment: their own index, not every post's comments.
  const commentsOf = () => postsBetween(db, scope.journalId, from, to).where('p.answer_secs', 'is not', null).innerJoin('comments as c', 'c.post_id', 'p.id').where('c.status', '=', 1)
  const [teachers, figures, medians] = await Promise.all([
    db
      .selectFrom('journals as j')
      .innerJoin('users as u', 'u.id', 'j.owner_id')
      .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name'), sql<number>`1`.as('owner')])
      .where('j.id', '=', scope.journalId)
      .unionAll(
        db
          .selectFrom('journal_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select((eb) => ['u.id', eb.fn.coalesce('u.name', 'u.account').as('name'), sql<number>`0`.as('owner')])
          .where('m.journal_id', '=', scope.journalId)
          .where('m.role', '=', 'teacher')
          .where('m.drp_status', '=', MEMBERSHIP_STATUS.approved),
      )
      .execute(),
    commentsOf()
      .select((eb) => ['c.author_id as id', eb.fn.countAll<number>().as('comments'), eb.fn.count<number>('c.post_id').distinct().as('answered')])
      .groupBy('c.author_id')
      .execute(),
    mediansBy(
      db,
      commentsOf()
        .select(['c.author_id as k', secondsBetween(db, sql.ref('p.created_at'), sql`min(c.created_at)`).as('v')])
        .groupBy(['c.author_id', 'c.post_id', 'p.created_at'])
        ,
    ),
  ])
  const byTeacher = new Map(figures.map((f) => [f.id, f]))
  const seen = new Set<number>()
  return teachers
    .filter((t) => !seen.has(t.id) && seen.add(t.id))
    .map((t) => {
      const f = byTeacher.get(t.id)
      const answered = Number(f?.answered ?? 0)
      const median = medians.get(String(t.id))
      return { id: t.id, name: String(t.name), owner: Number(t.owner) === 1, comments: Number(f?.comments ?? 0), answered, share: percentOf(answered, totalPosts), medianSecs: median === undefined ? null : Math.max(0, Math.round(median)) }
    })
    .sort((a, b) => Number(b.owner) - Number(a.owner) || a.name.localeCompare(b.name) || a.id - b.id)
}

export interface WeekFeedback {
  /** The Monday the school week starts on. */
  week: string
  /** The period ends before the week does (the current week): its posts may still be answered. */
  partial: boolean
  posts: number
  answered: number
  medianSecs: number | null
}

/** The last TREND_WEEKS school weeks up to the period's end: posts written, posts answered, median time to a first answer. */
export async function weeklyFeedback(db: DB, scope: FeedbackScope, period: Period): Promise<WeekFeedback[]> {
  const lastWeek = weekOf(period.end)
  const weeks = Array.from({ length: TREND_WEEKS }, (_, i) => addDays(lastWeek, -7 * (TREND_WEEKS - 1 - i)))
  const bounds = [...weeks, addDays(lastWeek, 7)].map((w) => fromWallClock(w, '00:00', scope.timeZone))
  // A range of the index for each week, one after another (UNION ALL): no expression to work out a
  // week for every post, and each week's answered posts from their own index.
  const week = (i: number) => postsBetween(db, scope.journalId, bounds[i], bounds[i + 1])
  const each = <T,>(build: (i: number) => T) => weeks.map((_, i) => build(i))
  const counts = each((i) => week(i).select((eb) => [sql<number>`${sql.lit(i)}`.as('w'), eb.fn.countAll<number>().as('posts'), eb.fn.count<number>('p.answer_secs').as('answered')]))
  const answered = each((i) => week(i).select([sql<number>`${sql.lit(i)}`.as('k'), 'p.answer_secs as v']).where('p.answer_secs', 'is not', null))
  const [figures, medians] = await Promise.all([counts.slice(1).reduce((q, next) => q.unionAll(next), counts[0]).execute(), mediansBy(db, answered.slice(1).reduce((q, next) => q.unionAll(next), answered[0]))])
  return weeks.map((week, i) => {
    const f = figures.find((r) => Number(r.w) === i)
    const median = medians.get(String(i))
    return { week, partial: addDays(week, 6) > period.end, posts: Number(f?.posts ?? 0), answered: Number(f?.answered ?? 0), medianSecs: median === undefined ? null : Math.round(median) }
  })
}

/**
 * The digest's line (decision 0048): posts of the last 30 days that have waited more than
 * WAIT_SCHOOL_DAYS school days for an answer, and from how many students. Null when none wait.
 */
export async function longWaiting(db: DB, scope: FeedbackScope, now = new Date()) {
  const today = formatDate(now.toISOString(), scope.timeZone)
  const lastDay = lastDayWaiting(today, WAIT_SCHOOL_DAYS + 1)
  const row = await postsBetween(db, scope.journalId, fromWallClock(addDays(today, -29), '00:00', scope.timeZone), fromWallClock(addDays(lastDay, 1), '00:00', scope.timeZone))
    .select((eb) => [eb.fn.countAll<number>().as('posts'), eb.fn.count<number>('p.creator_id').distinct().as('students')])
    .where('p.status', '=', POST_STATUS.published)
    .where('p.answer_secs', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.posts) ? { posts: Number(row.posts), students: Number(row.students), days: WAIT_SCHOOL_DAYS } : null
}
