import type { ExpressionBuilder } from 'kysely'
import type { DB } from '~/db/connect.server'
import type { Database } from '~/db/schema'
import { tagsOf } from '~/features/posts/feed.server'
import { studentDataOpen } from '~/features/student-door.server'
import { BEHAVIOURS, EMOTIONS } from '~/features/posts/constants'
import { TOPIC_LEXICON_VERSION, TOPICS, isTopic, type Topic } from '~/features/topics/lexicon'
import { FEW_POSTS, percentOf } from './figures'
import { NEGATIVE_MASK } from './masks'
import { isPostgres } from './sql.server'

/**
 * The Patterns page's figures (decision 0049): the spec's three frames read together.
 * Events → feelings: each topic's posts, students and share with a negative feeling against the
 * class's; the topics that come before each negative feeling. Feelings → behaviour: how often each
 * behaviour follows each feeling, for the class or one student. Posts are picked by diary date, as
 * the report picks them (decision 0018); topics were written with the posts, never read here.
 */
export interface PatternScope {
  journalId: number
  /** Diary dates, both included. */
  start: string
  end: string
  /** One student's posts, or the class's. */
  studentId?: number
}

export const NEGATIVE_EMOTIONS = EMOTIONS.filter((e) => e.group !== 'joy').map((e) => e.code)

const postsIn = (db: DB, scope: PatternScope) =>
  db
    .selectFrom('posts as p')
    .where('p.journal_id', '=', scope.journalId)
    .where('p.diary_date', '>=', scope.start)
    .where('p.diary_date', '<=', scope.end)
    .$if(scope.studentId !== undefined, (q) => q.where('p.creator_id', '=', scope.studentId!))
    // Rule 12: a student whose erasure waits, or whose account is locked, is not in the figures.
    .where(studentDataOpen('p.creator_id'))

export interface TopicFigure {
  topic: Topic
  posts: number
  students: number
  negative: number
  /** Share of the topic's posts with a negative feeling, and its difference from the whole scope's, in points. */
  percent: number
  diff: number
  few: boolean
}

export interface TopicFigures {
  posts: number
  negative: number
  percent: number
  /** Posts with at least one topic, and posts the current lexicon has not read yet. */
  withTopic: number
  unread: number
  topics: TopicFigure[]
}

export interface FeelingTopics {
  emotion: string
  /** The scope's posts with this feeling. */
  posts: number
  /** The topics of those posts, the most frequent first (at most three). */
  topics: { topic: Topic; count: number }[]
  few: boolean
}

export interface CopingRow {
  emotion: string
  /** Posts with this feeling that name a behaviour. */
  posts: number
  /** Posts for each behaviour code (1 … 10), in the spec's order. */
  counts: number[]
  /** The most frequent behaviour (the lower code on a tie), or null without posts. */
  top: number | null
  few: boolean
}

export interface Patterns {
  /** Events → feelings: every topic of the scope's posts, the most posts first. */
  figures: TopicFigures
  /** The topics most often before each negative feeling, the most frequent feeling first. */
  feelings: FeelingTopics[]
  /** Feelings → behaviour: for each feeling, how many chose each of the ten behaviours. */
  matrix: CopingRow[]
}

/** The places of a mask's bits, written into `out`: no array is made for each post (a term has 30,000). */
function bitsOf(mask: number, size: number, out: number[]) {
  out.length = 0
  for (let i = 0; i < size && mask >> i; i++) if (mask & (1 << i)) out.push(i)
  return out
}
// The places of each topic mask's bits, worked out once.
const TOPIC_MASK_BITS = Array.from({ length: 1 << TOPICS.length }, (_, m) => bitsOf(m, TOPICS.length, []))
const topicBits = (mask: number) => TOPIC_MASK_BITS[mask] ?? bitsOf(mask, TOPICS.length, [])

type Counted = { n?: number }
/**
 * What the figures are counted from, read from one covering index: the posts' topic and feeling
 * masks, their feeling and behaviour masks, each student's topic masks, and how many posts the
 * lexicon has not read. SQLite, in the process, hands over the posts themselves (grouping there is
 * a sort for each list: it cost more than it saved); PostgreSQL groups alike posts before they
 * cross the wire (30,000 rows cost its client more than the query).
 */
async function patternRows(db: DB, scope: PatternScope): Promise<{ te: ({ t: number; e: number } & Counted)[]; eb: ({ e: number; b: number } & Counted)[]; st: { s: number; t: number }[]; unread: number }> {
  const stale = (eb: ExpressionBuilder<Database & { p: Database['posts'] }, 'p'>) => eb.or([eb('p.topics_version', 'is', null), eb('p.topics_version', '<>', TOPIC_LEXICON_VERSION)])
  if (!isPostgres(db)) {
    const rows = await postsIn(db, scope).select(['p.creator_id as s', 'p.topic_mask as t', 'p.emotion_mask as e', 'p.behaviour_mask as b', 'p.topics_version as v']).execute()
    let unread = 0
    for (const r of rows) if (r.v !== TOPIC_LEXICON_VERSION) unread++
    return { te: rows, eb: rows, st: rows, unread }
  }
  const [te, eb, st, unread] = await Promise.all([
    postsIn(db, scope).select((x) => ['p.topic_mask as t', 'p.emotion_mask as e', x.fn.countAll<number>().as('n')]).groupBy(['p.topic_mask', 'p.emotion_mask']).execute(),
    postsIn(db, scope).select((x) => ['p.emotion_mask as e', 'p.behaviour_mask as b', x.fn.countAll<number>().as('n')]).groupBy(['p.emotion_mask', 'p.behaviour_mask']).execute(),
    postsIn(db, scope).select(['p.creator_id as s', 'p.topic_mask as t']).where('p.topic_mask', '<>', 0).groupBy(['p.creator_id', 'p.topic_mask']).execute(),
    postsIn(db, scope).select((x) => x.fn.countAll<number>().as('n')).where(stale).executeTakeFirstOrThrow(),
  ])
  return { te, eb, st, unread: Number(unread.n) }
}

/** Every Patterns figure of a scope, counted over what patternRows read. */
export async function readPatterns(db: DB, scope: PatternScope): Promise<Patterns> {
  const { te, eb, st, unread } = await patternRows(db, scope)
  const T = TOPICS.length
  const E = EMOTIONS.length
  const B = BEHAVIOURS.length
  const topicPosts = new Array<number>(T).fill(0)
  const topicNegative = new Array<number>(T).fill(0)
  const topicFeeling = Array.from({ length: T }, () => new Array<number>(E).fill(0))
  const feelingPosts = new Array<number>(E).fill(0)
  const feelingActed = new Array<number>(E).fill(0)
  const feelingBehaviour = Array.from({ length: E }, () => new Array<number>(B).fill(0))
  let posts = 0
  let negative = 0
  let withTopic = 0
  const feelingBits: number[] = []
  const actBits: number[] = []
  // Topics and feelings: each post (or group of alike posts) adds itself to every topic and feeling of its masks.
  for (const g of te) {
    const t = Number(g.t)
    const e = Number(g.e)
    const n = g.n === undefined ? 1 : Number(g.n)
    const sad = (e & NEGATIVE_MASK) !== 0
    posts += n
    if (sad) negative += n
    if (t) withTopic += n
    bitsOf(e, E, feelingBits)
    for (const i of topicBits(t)) {
      topicPosts[i] += n
      if (sad) topicNegative[i] += n
      for (const j of feelingBits) topicFeeling[i][j] += n
    }
    for (const j of feelingBits) feelingPosts[j] += n
  }
  // Feelings and behaviours.
  for (const g of eb) {
    const n = g.n === undefined ? 1 : Number(g.n)
    bitsOf(Number(g.b), B, actBits)
    if (actBits.length === 0) continue
    for (const j of bitsOf(Number(g.e), E, feelingBits)) {
      feelingActed[j] += n
      for (const k of actBits) feelingBehaviour[j][k] += n
    }
  }
  const studentsOf = TOPICS.map(() => new Set<number>())
  for (const g of st) if (g.t) for (const i of topicBits(Number(g.t))) studentsOf[i].add(Number(g.s))

  const percent = percentOf(negative, posts)
  const topics = TOPICS.map((topic, i) => {
    const p = percentOf(topicNegative[i], topicPosts[i])
    return { topic, posts: topicPosts[i], students: studentsOf[i].size, negative: topicNegative[i], percent: p, diff: p - percent, few: topicPosts[i] < FEW_POSTS }
  })
    .filter((x) => x.posts > 0)
    .sort((a, b) => b.posts - a.posts || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic))
  const figures = { posts, negative, percent, withTopic, unread, topics }

  const feelings = EMOTIONS.flatMap((e, j) =>
    NEGATIVE_EMOTIONS.includes(e.code as never) && feelingPosts[j] > 0
      ? [
          {
            emotion: e.code as string,
            posts: feelingPosts[j],
            topics: TOPICS.map((topic, i) => ({ topic, count: topicFeeling[i][j] }))
              .filter((x) => x.count > 0)
              .sort((a, b) => b.count - a.count || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic))
              .slice(0, 3),
            few: feelingPosts[j] < FEW_POSTS,
          },
        ]
      : [],
  ).sort((a, b) => b.posts - a.posts || NEGATIVE_EMOTIONS.indexOf(a.emotion as never) - NEGATIVE_EMOTIONS.indexOf(b.emotion as never))

  const matrix = EMOTIONS.flatMap((e, j) => {
    if (feelingActed[j] === 0) return []
    const counts = feelingBehaviour[j]
    const best = Math.max(...counts)
    return [{ emotion: e.code as string, posts: feelingActed[j], counts, top: best > 0 ? BEHAVIOURS[counts.indexOf(best)].code : null, few: feelingActed[j] < FEW_POSTS }]
  })
  return { figures, feelings, matrix }
}

/** Events → feelings alone. */
export const topicFigures = async (db: DB, scope: PatternScope) => (await readPatterns(db, scope)).figures
/** The topics before each negative feeling alone. */
export const topicsBeforeFeelings = async (db: DB, scope: PatternScope) => (await readPatterns(db, scope)).feelings
/** Feelings → behaviour alone. */
export const copingMatrix = async (db: DB, scope: PatternScope) => (await readPatterns(db, scope)).matrix

export interface StudentCoping {
  emotion: string
  /** The student's posts with this feeling, their most frequent behaviour and how many chose it. */
  posts: number
  top: number
  topCount: number
  /** The class's most frequent behaviour for this feeling and its share of the class's posts. */
  classTop: number | null
  classPercent: number
  differs: boolean
  few: boolean
}

/** Per student against the class (the class's figures include the student): their feelings, those that differ from the class first. */
export function studentCoping(student: CopingRow[], klass: CopingRow[]): StudentCoping[] {
  return student
    .filter((r) => r.top !== null)
    .map((r) => {
      const c = klass.find((k) => k.emotion === r.emotion)
      const classTop = c?.top ?? null
      const topCount = r.counts[BEHAVIOURS.findIndex((b) => b.code === r.top)]
      const classPercent = c && classTop !== null ? percentOf(c.counts[BEHAVIOURS.findIndex((b) => b.code === classTop)], c.posts) : 0
      return { emotion: r.emotion, posts: r.posts, top: r.top!, topCount, classTop, classPercent, differs: classTop !== null && classTop !== r.top, few: r.posts < FEW_POSTS }
    })
    // What a teacher should read first: enough posts to tell, then a way of coping unlike the class's, then the most posts.
    .sort((a, b) => Number(a.few) - Number(b.few) || Number(b.differs) - Number(a.differs) || b.posts - a.posts || EMOTIONS.findIndex((e) => e.code === a.emotion) - EMOTIONS.findIndex((e) => e.code === b.emotion))
}

/** What a click on a chart or table cell asks for (kept in the URL as `pick`). */
export type PatternPick =
  | { kind: 'topic'; topic: Topic; negative: boolean }
  | { kind: 'notopic' }
  | { kind: 'topicEmotion'; topic: Topic; emotion: string }
  | { kind: 'emotionBehaviour'; emotion: string; behaviour: number }

export function parsePatternPick(value: string | null): PatternPick | null {
  const [kind, a, b] = (value ?? '').split(':')
  if (kind === 'topic' && isTopic(a ?? '') && (b === undefined || b === 'n')) return { kind, topic: a as Topic, negative: b === 'n' }
  if (kind === 'notopic' && a === undefined) return { kind }
  if (kind === 'te' && isTopic(a ?? '') && EMOTIONS.some((e) => e.code === b)) return { kind: 'topicEmotion', topic: a as Topic, emotion: b }
  if (kind === 'eb' && EMOTIONS.some((e) => e.code === a) && BEHAVIOURS.some((x) => String(x.code) === b)) return { kind: 'emotionBehaviour', emotion: a, behaviour: Number(b) }
  return null
}

export const patternPickValue = (pick: PatternPick) =>
  pick.kind === 'topic' ? `topic:${pick.topic}${pick.negative ? ':n' : ''}` : pick.kind === 'notopic' ? 'notopic' : pick.kind === 'topicEmotion' ? `te:${pick.topic}:${pick.emotion}` : `eb:${pick.emotion}:${pick.behaviour}`

export const PICK_PAGE_SIZE = 5

/** The posts behind a pick, newest first, `pages` pages of five (the report's click-through, decision 0018). */
export async function patternPosts(db: DB, scope: PatternScope, pick: PatternPick, pages: number) {
  const limit = PICK_PAGE_SIZE * pages
  const rows = await postsIn(db, scope)
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select((eb) => ['p.id as postId', 'p.creator_id as userId', 'p.title', 'p.diary_date as diaryDate', eb.fn.coalesce('u.name', 'u.account').as('userName')])
    .where((eb) => {
      const hasTopic = (topic: string) => eb.exists(eb.selectFrom('post_topics as t').select('t.post_id').whereRef('t.post_id', '=', 'p.id').where('t.topic', '=', topic))
      const hasEmotion = (codes: string[]) => eb.exists(eb.selectFrom('post_emotions as e').select('e.post_id').whereRef('e.post_id', '=', 'p.id').where('e.emotion_code', 'in', codes))
      if (pick.kind === 'topic') return pick.negative ? eb.and([hasTopic(pick.topic), eb('p.mood_n', '=', 1)]) : hasTopic(pick.topic)
      if (pick.kind === 'notopic') return eb.not(eb.exists(eb.selectFrom('post_topics as t').select('t.post_id').whereRef('t.post_id', '=', 'p.id')))
      if (pick.kind === 'topicEmotion') return eb.and([hasTopic(pick.topic), hasEmotion([pick.emotion])])
      return eb.and([hasEmotion([pick.emotion]), eb.exists(eb.selectFrom('post_behaviours as b').select('b.post_id').whereRef('b.post_id', '=', 'p.id').where('b.behaviour_code', '=', pick.behaviour))])
    })
    .orderBy('p.diary_date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute()
  const tags = await tagsOf(
    db,
    rows.map((r) => r.postId),
  )
  return { posts: rows.map((r) => ({ ...r, userName: String(r.userName), emotions: tags.get(r.postId)?.emotions ?? [] })), hasMore: rows.length === limit }
}
