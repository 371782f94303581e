import { sql, type AliasedRawBuilder } from 'kysely'
import type { DB } from '~/db/connect.server'
import { fromJson, jsonArrayFrom } from '~/db/json.server'
import { prepared } from '~/db/prepared.server'
import { isoAgo } from '~/db/time'
import { EMOTIONS, isPositiveEmotion } from './constants'
import { containsPattern } from '~/features/lists.server'
import { studentDataOpen } from '~/features/student-door.server'

export const FEED_PAGE_SIZE = 10

export interface FeedFilter {
  /** Part of a title, any case. */
  q?: string
  /** Diary dates, YYYY-MM-DD, both ends included. */
  start?: string
  end?: string
  /** 1-based. */
  page: number
}


/** A post's own columns as the pages show them (with `posts as p`). */
export const POST_HEAD = [
  'p.id',
  'p.journal_id as journalId',
  'p.creator_id as creatorId',
  'p.title',
  'p.diary_date as diaryDate',
  'p.location',
  'p.happen_time as happenTime',
  'p.status',
  'p.score',
  'p.is_video as isVideo',
  'p.created_at as createdAt',
] as const

/** A post's details for a query over posts aliased `p`, each a JSON array; read them with `parseDetails`. */
function detailColumns(db: DB) {
  const postId = sql.ref<number>('p.id')
  return [
    jsonArrayFrom(db, db.selectFrom('post_frames as f').select(['f.id', 'f.position', 'f.frame_type as type', 'f.message', 'f.img_url as imgUrl']).where('f.post_id', '=', postId).orderBy('f.position')).as('frames'),
    jsonArrayFrom(db, db.selectFrom('post_emotions as e').select('e.emotion_code as code').where('e.post_id', '=', postId).orderBy('e.emotion_code')).as('emotions'),
    jsonArrayFrom(db, db.selectFrom('post_behaviours as b').select('b.behaviour_code as code').where('b.post_id', '=', postId).orderBy('b.behaviour_code')).as('behaviours'),
    jsonArrayFrom(
      db,
      db
        .selectFrom('comments as c')
        .innerJoin('users as cu', 'cu.id', 'c.author_id')
        .select((eb) => ['c.id', 'c.msg_id as msgId', 'c.comment', 'c.type', 'c.status', 'c.author_id as authorId', 'c.created_at as createdAt', eb.fn.coalesce('cu.name', 'cu.account').as('author')])
        .where('c.post_id', '=', postId)
        .orderBy('c.created_at')
        .orderBy('c.id'),
    ).as('comments'),
    jsonArrayFrom(db, db.selectFrom('post_flags as x').select(['x.category', 'x.words']).where('x.post_id', '=', postId).orderBy('x.category')).as('flags'),
  ] as const
}

type DetailColumns = { [C in ReturnType<typeof detailColumns>[number] as C extends AliasedRawBuilder<unknown, infer A> ? A : never]: C extends AliasedRawBuilder<infer T, string> ? T : never }

/** The details of `detailColumns` as the pages use them (no rest pattern: it costs 2 µs a row). */
function parseDetails<R extends DetailColumns>(row: R) {
  const parsed = {
    frames: fromJson(row.frames),
    emotions: fromJson(row.emotions).map((e) => e.code),
    behaviours: fromJson(row.behaviours).map((b) => b.code),
    comments: fromJson(row.comments),
    flags: fromJson(row.flags),
  }
  return Object.assign(row, parsed) as Omit<R, keyof DetailColumns> & typeof parsed
}

type FeedValues = { journalId: number; pattern?: string; start?: string; end?: string; limit: number; offset: number }

// The page's posts first (a materialised CTE, so that the details are read for those posts only).
const feedQuery = prepared((db, v: FeedValues) =>
  db
    .with(
      (cte) => cte('page').materialized(),
      (qb) => {
        let page = qb
          .selectFrom('posts as p')
          .innerJoin('users as u', 'u.id', 'p.creator_id')
          // What a feed card shows: the page's data goes into the HTML twice (markup and hydration).
          .select((eb) => ['p.id', 'p.creator_id as creatorId', 'p.title', 'p.diary_date as diaryDate', 'p.location', 'p.happen_time as happenTime', 'p.status', 'p.created_at as createdAt', eb.fn.coalesce('u.name', 'u.account').as('author')])
          .where('p.journal_id', '=', v.journalId)
          // Rule 12: the posts of a student whose erasure waits, or whose account is locked, are not shown.
          .where(studentDataOpen('p.creator_id'))
        if (v.pattern !== undefined) page = page.where(sql<boolean>`lower(p.title) like ${v.pattern} escape '\\'`)
        if (v.start !== undefined) page = page.where('p.diary_date', '>=', v.start)
        if (v.end !== undefined) page = page.where('p.diary_date', '<=', v.end)
        return page.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(v.limit).offset(v.offset)
      },
    )
    .selectFrom('page as p')
    .selectAll('p')
    .select(detailColumns(db))
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc'),
)

/**
 * One page of a journal's news feed (spec 2 news feed), newest first: each post with its frames,
 * emotions, behaviours and comments, in one prepared query.
 */
export async function feedPage(db: DB, journalId: number, filter: FeedFilter) {
  const rows = await feedQuery(db, {
    journalId,
    pattern: filter.q ? containsPattern(filter.q) : undefined,
    start: filter.start,
    end: filter.end,
    limit: FEED_PAGE_SIZE + 1,
    offset: (filter.page - 1) * FEED_PAGE_SIZE,
  })
  return { posts: rows.slice(0, FEED_PAGE_SIZE).map(parseDetails), hasMore: rows.length > FEED_PAGE_SIZE }
}

const postQuery = prepared((db, v: { postId: number; userId: number }) =>
  db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select((eb) => [
      ...POST_HEAD,
      eb.fn.coalesce('u.name', 'u.account').as('author'),
      eb.exists(eb.selectFrom('post_reads as r').select('r.post_id').whereRef('r.post_id', '=', 'p.id').where('r.user_id', '=', v.userId)).as('read'),
    ])
    .select(detailColumns(db))
    .where('p.id', '=', v.postId)
    .where(studentDataOpen('p.creator_id')),
)

/** A post with its details and whether `userId` has read it, in one prepared query; undefined when missing. */
export async function postWithDetails(db: DB, postId: number, userId: number) {
  const [row] = await postQuery(db, { postId, userId })
  return row && parseDetails(row)
}

/** Frames, emotions, behaviours, comments and extreme-word flags of a set of posts, in one query. */
export async function withDetails<P extends { id: number }>(db: DB, posts: P[]) {
  if (posts.length === 0) return []
  const rows = await db.selectFrom('posts as p').select('p.id').select(detailColumns(db)).where('p.id', 'in', posts.map((p) => p.id)).execute()
  const details = new Map(rows.map((r) => [r.id, parseDetails(r)]))
  return posts.map((p) => ({ ...p, ...details.get(p.id)!, id: p.id }))
}

/** Just the emotions and behaviours of a set of posts: what a table row shows of a post. */
export async function tagsOf(db: DB, ids: number[]) {
  if (ids.length === 0) return new Map<number, { emotions: string[]; behaviours: number[] }>()
  const [emotions, behaviours] = await Promise.all([
    db.selectFrom('post_emotions').select(['post_id as postId', 'emotion_code as code']).where('post_id', 'in', ids).execute(),
    db.selectFrom('post_behaviours').select(['post_id as postId', 'behaviour_code as code']).where('post_id', 'in', ids).execute(),
  ])
  return new Map(ids.map((id) => [id, { emotions: emotions.filter((e) => e.postId === id).map((e) => e.code), behaviours: behaviours.filter((b) => b.postId === id).map((b) => b.code) }]))
}

/** A negative-mood score from 0 to 100: the share of negative emotions in a set of posts. */
export const negativeScore = (codes: string[]) => (codes.length === 0 ? 0 : Math.round((100 * codes.filter((c) => !isPositiveEmotion(c)).length) / codes.length))

/** Students shown in the mood thermometer: a negative score of at least this over the window. */
export const LOW_MOOD_SCORE = 60
const LOW_MOOD_WINDOW_MS = 14 * 86_400_000

const POSITIVE_CODES = EMOTIONS.filter((e) => e.group === 'joy').map((e) => e.code)

/**
 * The mood thermometer (spec 2 news feed): students whose emotions in the last 14 days were mostly
 * negative, lowest mood first, each with their latest post's title and emotions. The counting is one
 * grouped query; only the students shown have their latest post read.
 */
export async function lowMoodStudents(db: DB, journalId: number, limit = 8) {
  const since = isoAgo(LOW_MOOD_WINDOW_MS)
  const counts = await db
    .selectFrom('posts as p')
    .innerJoin('post_emotions as e', 'e.post_id', 'p.id')
    // Grouping by an expression keeps the planner on the (journal, created) index: the window is
    // small, the journal's whole history is not.
    .select((eb) => [sql<number>`p.creator_id + 0`.as('studentId'), eb.fn.countAll<number>().as('total'), eb.fn.sum<number>(eb.case().when('e.emotion_code', 'in', POSITIVE_CODES).then(0).else(1).end()).as('negative')])
    .where('p.journal_id', '=', journalId)
    .where('p.created_at', '>=', since)
    .where(studentDataOpen('p.creator_id'))
    .groupBy(sql`p.creator_id + 0`)
    .execute()
  const low = counts
    .map((c) => ({ studentId: Number(c.studentId), score: Math.round((100 * Number(c.negative)) / Number(c.total)) }))
    .filter((c) => c.score >= LOW_MOOD_SCORE)
    .sort((a, b) => b.score - a.score || a.studentId - b.studentId)
    .slice(0, limit)
  if (low.length === 0) return []
  const ids = low.map((c) => c.studentId)
  const posts = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select((eb) => ['p.id', 'p.creator_id as studentId', 'p.title', eb.fn.coalesce('u.name', 'u.account').as('name')])
    .where('p.journal_id', '=', journalId)
    .where('p.creator_id', 'in', ids)
    .where('p.created_at', '>=', since)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .execute()
  const latest = new Map<number, (typeof posts)[number]>()
  for (const p of posts) if (!latest.has(p.studentId)) latest.set(p.studentId, p)
  const shown = low.map((c) => ({ ...c, post: latest.get(c.studentId)! }))
  const emotions = await db.selectFrom('post_emotions').select(['post_id as postId', 'emotion_code as code']).where('post_id', 'in', shown.map((s) => s.post.id)).execute()
  return shown.map((s) => ({ studentId: s.studentId, name: s.post.name, score: s.score, title: s.post.title, emotions: emotions.filter((e) => e.postId === s.post.id).map((e) => e.code) }))
}

const quotaQuery = prepared((db, v: { journalId: number }) =>
  db
    .selectFrom('journals as j')
    .select((eb) => ['j.diary_publish_num as limit', eb.selectFrom('journal_members as m').select((e) => e.fn.countAll<number>().as('n')).whereRef('m.journal_id', '=', 'j.id').where('m.role', '=', 'student').where('m.archived_at', 'is', null).as('taken')])
    .where('j.id', '=', v.journalId),
)

/** Whether the journal has room for another student (the no-quota warning card). */
export async function studentQuota(db: DB, journalId: number) {
  const [j] = await quotaQuery(db, { journalId })
  if (!j) throw new Error(`no journal ${journalId}`)
  return { limit: j.limit, taken: Number(j.taken ?? 0) }
}
