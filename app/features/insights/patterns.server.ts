import type { DB } from '~/db/connect.server'
import { tagsOf } from '~/features/posts/feed.server'
import { BEHAVIOURS, EMOTIONS } from '~/features/posts/constants'
import { TOPIC_LEXICON_VERSION, TOPICS, isTopic, type Topic } from '~/features/topics/lexicon'
import { FEW_POSTS, percentOf } from './figures'

/**
 * The Patterns page's figures (issue 37, decision 0049): the spec's three frames read together.
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

/** Events → feelings: every topic of the scope's posts, the most posts first. */
export async function topicFigures(db: DB, scope: PatternScope): Promise<TopicFigures> {
  const [all, rows] = await Promise.all([
    postsIn(db, scope)
      .select((eb) => [
        eb.fn.countAll<number>().as('posts'),
        eb.fn.sum<number>('p.mood_n').as('negative'),
        eb.fn.sum<number>(eb.case().when(eb.exists(eb.selectFrom('post_topics as t').select('t.post_id').whereRef('t.post_id', '=', 'p.id'))).then(1).else(0).end()).as('withTopic'),
        eb.fn.sum<number>(eb.case().when(eb.or([eb('p.topics_version', 'is', null), eb('p.topics_version', '<>', TOPIC_LEXICON_VERSION)])).then(1).else(0).end()).as('unread'),
      ])
      .executeTakeFirstOrThrow(),
    postsIn(db, scope)
      .innerJoin('post_topics as t', 't.post_id', 'p.id')
      .select((eb) => ['t.topic', eb.fn.countAll<number>().as('posts'), eb.fn.count<number>('p.creator_id').distinct().as('students'), eb.fn.sum<number>('p.mood_n').as('negative')])
      .groupBy('t.topic')
      .execute(),
  ])
  const posts = Number(all.posts)
  const negative = Number(all.negative ?? 0)
  const percent = percentOf(negative, posts)
  const topics = rows
    .filter((r) => isTopic(r.topic))
    .map((r) => {
      const p = percentOf(Number(r.negative ?? 0), Number(r.posts))
      return { topic: r.topic as Topic, posts: Number(r.posts), students: Number(r.students), negative: Number(r.negative ?? 0), percent: p, diff: p - percent, few: Number(r.posts) < FEW_POSTS }
    })
    .sort((a, b) => b.posts - a.posts || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic))
  return { posts, negative, percent, withTopic: Number(all.withTopic ?? 0), unread: Number(all.unread ?? 0), topics }
}

export interface FeelingTopics {
  emotion: string
  /** The scope's posts with this feeling. */
  posts: number
  /** The topics of those posts, the most frequent first (at most three). */
  topics: { topic: Topic; count: number }[]
  few: boolean
}

/** The topics most often before each negative feeling, the most frequent feeling first. */
export async function topicsBeforeFeelings(db: DB, scope: PatternScope): Promise<FeelingTopics[]> {
  const [pairs, feelings] = await Promise.all([
    postsIn(db, scope)
      .innerJoin('post_topics as t', 't.post_id', 'p.id')
      .innerJoin('post_emotions as e', 'e.post_id', 'p.id')
      .select((eb) => ['t.topic', 'e.emotion_code as emotion', eb.fn.countAll<number>().as('n')])
      .where('e.emotion_code', 'in', NEGATIVE_EMOTIONS)
      .groupBy(['t.topic', 'e.emotion_code'])
      .execute(),
    postsIn(db, scope)
      .innerJoin('post_emotions as e', 'e.post_id', 'p.id')
      .select((eb) => ['e.emotion_code as emotion', eb.fn.countAll<number>().as('n')])
      .where('e.emotion_code', 'in', NEGATIVE_EMOTIONS)
      .groupBy('e.emotion_code')
      .execute(),
  ])
  return feelings
    .map((f) => ({
      emotion: f.emotion,
      posts: Number(f.n),
      topics: pairs
        .filter((p) => p.emotion === f.emotion && isTopic(p.topic))
        .map((p) => ({ topic: p.topic as Topic, count: Number(p.n) }))
        .sort((a, b) => b.count - a.count || TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic))
        .slice(0, 3),
      few: Number(f.n) < FEW_POSTS,
    }))
    .sort((a, b) => b.posts - a.posts || NEGATIVE_EMOTIONS.indexOf(a.emotion as never) - NEGATIVE_EMOTIONS.indexOf(b.emotion as never))
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

/** Feelings → behaviour: for each feeling of the scope's posts, how many chose each of the ten behaviours. */
export async function copingMatrix(db: DB, scope: PatternScope): Promise<CopingRow[]> {
  const rows = await postsIn(db, scope)
    .innerJoin('post_emotions as e', 'e.post_id', 'p.id')
    .innerJoin('post_behaviours as b', 'b.post_id', 'p.id')
    .select((eb) => ['e.emotion_code as emotion', 'b.behaviour_code as behaviour', eb.fn.count<number>('p.id').distinct().as('n')])
    .groupBy(['e.emotion_code', 'b.behaviour_code'])
    .execute()
  // A post has one behaviour (the student's form), so a feeling's posts are the sum of its row;
  // counted as distinct posts, so a post with two behaviours (old data) is one post.
  const totals = await postsIn(db, scope)
    .innerJoin('post_emotions as e', 'e.post_id', 'p.id')
    .select((eb) => ['e.emotion_code as emotion', eb.fn.countAll<number>().as('n')])
    .where((eb) => eb.exists(eb.selectFrom('post_behaviours as b').select('b.post_id').whereRef('b.post_id', '=', 'p.id')))
    .groupBy('e.emotion_code')
    .execute()
  return EMOTIONS.flatMap((e) => {
    const posts = Number(totals.find((t) => t.emotion === e.code)?.n ?? 0)
    if (posts === 0) return []
    const counts = BEHAVIOURS.map((b) => Number(rows.find((r) => r.emotion === e.code && Number(r.behaviour) === b.code)?.n ?? 0))
    const best = Math.max(...counts)
    return [{ emotion: e.code, posts, counts, top: best > 0 ? BEHAVIOURS[counts.indexOf(best)].code : null, few: posts < FEW_POSTS }]
  })
}

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
