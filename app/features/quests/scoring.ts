import type { QuestFrameType } from './constants'

/** What the rules look at in a quest post. */
export interface ScoredPost {
  /** The quest's frame types, in order. */
  frames: QuestFrameType[]
  event: string
  story: string
  behaviourText: string
  /** The diary date and the day the post was sent, both in the school's zone. */
  diaryDate: string
  sentOn: string
}

export type ScoreReason =
  | { key: 'frames'; points: number; max: number; answered: number; total: number }
  | { key: 'length'; points: number; max: number; characters: number; full: number }
  | { key: 'onDay'; points: number; max: number; onDay: boolean }
  | { key: 'ai'; points: number; max: number }

export interface Score {
  score: number
  reasons: ScoreReason[]
}

export const SCORE_RULES = { framePoints: 45, lengthPoints: 35, onDayPoints: 20, fullLength: 200 } as const

// Chinese and Japanese say in one character what English says in about two and a half.
const DENSE = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/u
const weightedLength = (text: string) => [...text.trim()].reduce((n, ch) => n + (DENSE.test(ch) ? 2.5 : /\s/u.test(ch) ? 0 : 1), 0)

/**
 * The rules' score of a quest post, 1 to 100, with its reasons (decision 0035): up to 45 for the
 * quest's frames answered, up to 35 for how much was written (full at 200 letters, a Chinese or
 * Japanese character counting 2.5), and 20 for writing on the diary date itself rather than later.
 */
export function scoreByRules(post: ScoredPost): Score {
  const texts: Record<QuestFrameType, string> = { event: post.event, story: post.story, behavior: post.behaviourText }
  const total = post.frames.length
  const answered = post.frames.filter((f) => texts[f].trim().length > 0).length
  const frames = total === 0 ? 0 : Math.round((SCORE_RULES.framePoints * answered) / total)
  const characters = Math.round(weightedLength([post.event, post.story, post.behaviourText].join('')))
  const length = Math.round((SCORE_RULES.lengthPoints * Math.min(characters, SCORE_RULES.fullLength)) / SCORE_RULES.fullLength)
  const onDay = post.diaryDate === post.sentOn
  const reasons: ScoreReason[] = [
    { key: 'frames', points: frames, max: SCORE_RULES.framePoints, answered, total },
    { key: 'length', points: length, max: SCORE_RULES.lengthPoints, characters, full: SCORE_RULES.fullLength },
    { key: 'onDay', points: onDay ? SCORE_RULES.onDayPoints : 0, max: SCORE_RULES.onDayPoints, onDay },
  ]
  return { score: clampScore(frames + length + (onDay ? SCORE_RULES.onDayPoints : 0)), reasons }
}

export const clampScore = (n: number) => Math.min(100, Math.max(1, Math.round(n)))

/** A stored score shows as a number from 1; under 1 (or none yet) it is "scoring" (spec 3 constants). */
export const isScored = (score: number | null | undefined): score is number => typeof score === 'number' && score >= 1
