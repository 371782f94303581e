import type { Topic } from '~/features/topics/lexicon'
import { FEW_POSTS, percentOf } from './figures'

/**
 * The main finding of each Patterns chart, as data the page puts into words in the reader's
 * language (decision 0049). Pure: the page and the tests read the same finding. A finding drawn from
 * fewer than FEW_POSTS posts says so (`few`) and is greyed.
 */
type TopicRow = { topic: Topic; posts: number; percent: number; diff: number; few: boolean }

export type TopicFinding =
  | { kind: 'none' }
  | { kind: 'above'; topic: Topic; percent: number; posts: number; classPercent: number; few: boolean }
  | { kind: 'noneAbove'; classPercent: number; few: boolean }

/** Which topic most often comes with a negative feeling, above the scope's own share: among topics with enough posts when there are any. */
export function topicFinding(figures: { percent: number; posts: number; topics: TopicRow[] }): TopicFinding {
  if (figures.topics.length === 0) return { kind: 'none' }
  const enough = figures.topics.filter((t) => !t.few)
  const pool = enough.length ? enough : figures.topics
  const best = [...pool].sort((a, b) => b.diff - a.diff || b.posts - a.posts)[0]
  if (best.diff <= 0) return { kind: 'noneAbove', classPercent: figures.percent, few: figures.posts < FEW_POSTS }
  return { kind: 'above', topic: best.topic, percent: best.percent, posts: best.posts, classPercent: figures.percent, few: best.few }
}

type FeelingRow = { emotion: string; posts: number; topics: { topic: Topic; count: number }[]; few: boolean }

export type FeelingFinding = { kind: 'none' } | { kind: 'noTopic'; emotion: string; posts: number; few: boolean } | { kind: 'after'; emotion: string; topic: Topic; count: number; posts: number; few: boolean }

/** The most frequent negative feeling and the topic it most often comes after. */
export function feelingFinding(feelings: FeelingRow[]): FeelingFinding {
  const first = feelings[0]
  if (!first) return { kind: 'none' }
  const top = first.topics[0]
  if (!top) return { kind: 'noTopic', emotion: first.emotion, posts: first.posts, few: first.few }
  return { kind: 'after', emotion: first.emotion, topic: top.topic, count: top.count, posts: first.posts, few: first.few }
}

type CopingRow = { emotion: string; posts: number; counts: number[]; top: number | null; few: boolean }

export type CopingFinding = { kind: 'none' } | { kind: 'most'; emotion: string; behaviour: number; count: number; posts: number; percent: number; few: boolean }

/** What the class (or a student) most often does with its most frequent negative feeling, or its most frequent feeling when none is negative. */
export function copingFinding(rows: CopingRow[], negative: readonly string[]): CopingFinding {
  const ranked = [...rows].filter((r) => r.top !== null).sort((a, b) => Number(negative.includes(b.emotion)) - Number(negative.includes(a.emotion)) || b.posts - a.posts)
  const row = ranked[0]
  if (!row || row.top === null) return { kind: 'none' }
  const count = row.counts[row.top - 1]
  return { kind: 'most', emotion: row.emotion, behaviour: row.top, count, posts: row.posts, percent: percentOf(count, row.posts), few: row.few }
}
