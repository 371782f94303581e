// The labelled evaluation sets of the content assessment (tests/risk-eval, decision 0042): each post
// assessed, with recall, high-at-high and false alerts per language, and the confusion of categories.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { assessPost } from '~/features/alerts/assess/assess.server'

export const EVAL_LANGUAGES = ['en', 'zh-TW', 'ja'] as const
export type EvalLanguage = (typeof EVAL_LANGUAGES)[number]

export interface LabelledPost {
  id: string
  title: string
  event: string
  story: string
  behaviour: string
  label: 'worrying' | 'harmless'
  category: string | null
  severity: 'high' | 'medium' | null
  kind: string
}

/**
 * The labelled sets. The rules were tuned on `dev` and on the misses of `holdout` to `holdout8`; the
 * model (model.server.ts) is trained on those nine and on `everyday` (ordinary days, all harmless);
 * `holdout4` chose how the two decide together. `holdout9` is never read and never trained on: only
 * its figures are looked at (decision 0042).
 */
/**
 * The training writers' sets (decision 0069): each written by another helper from its own style
 * brief, over the whole taxonomy, to be learned from (their misses may be read). `train8` to
 * `train12` were the first five blind sets, measured blind in two rounds and then read (decision
 * 0083); `train13` to `train17` were the next five (`blind6` to `blind10`, decision 0084), and `train20` to `train26`
 * were `blind11` to `blind14`, `blind16`, `blind17` and `blind19` (decision 0084); `train27` to `train40`
 * were `blind15`, `blind18` and `blind20` to `blind31`, and `train41` to `train46` were `blind32` to `blind37` (decision 0085), `train47` to `train54` were `blind38` to `blind45` (decision 0086), and `train58` to `train70` were `blind46` to `blind58` (decision 0087). `npm run eval:writers` measures each with a model trained without it.
 */
export const WRITER_SETS = ['train1-taxonomy', 'train2-younger', 'train3-teen-phone', 'train4-implied-details', 'train5-long-days', 'train6-to-the-teacher', 'train7-very-short', 'train8-one-line', 'train9-middle-of-a-day', 'train10-slang', 'train11-implied', 'train12-rambling', 'train13-second-language', 'train14-notes-and-lists', 'train15-careful-and-polite', 'train16-speech-to-text', 'train17-after-a-weekend-away', 'train18-hard-harmless', 'train19-urgent-plainly', 'train20-stories-and-poems', 'train21-questions', 'train22-spelling-by-ear', 'train23-about-someone-else', 'train24-quoted-speech-and-chat', 'train25-deadpan-and-dark-humour', 'train26-clubs-and-sports', 'train27-letters', 'train28-mixing-languages', 'train29-regional-speech', 'train30-prompt-of-the-day', 'train31-a-good-thing-and-a-bad-thing', 'train32-plans-and-wishes', 'train33-home-meals-and-festivals', 'train34-rants-and-venting', 'train35-my-day-as-news', 'train36-feelings-as-weather-and-things', 'train37-older-teens-in-exam-season', 'train38-living-with-an-illness', 'train39-countryside-and-animals', 'train40-we', 'train41-lists', 'train42-online-life', 'train43-sorry-its-my-fault', 'train44-lessons-and-homework', 'train45-trips-and-travel', 'train46-talking-to-a-pet-or-a-toy', 'train47-my-week', 'train48-brothers-sisters-and-cousins', 'train49-money-and-things', 'train50-at-night', 'train51-hobbies-and-making-things', 'train52-first-times-and-changes', 'train53-my-body', 'train54-my-street', 'train58-break-time-and-lunch', 'train59-chores-rules-and-routines', 'train60-photos-and-drawings', 'train61-sports-clubs-and-coaches', 'train62-music-drama-and-performing', 'train63-grandparents-and-older-relatives', 'train64-food-cooking-and-meals-out', 'train65-questions-to-the-teacher', 'train66-science-nature-and-creatures', 'train67-family-changes', 'train68-weekends-and-sleepovers', 'train69-the-way-to-school-and-back', 'train70-school-events'] as const
export const TRAINING_SETS = ['dev', 'holdout', 'holdout2', 'holdout3', 'holdout4', 'holdout5', 'holdout6', 'holdout7', 'holdout8', 'everyday', ...WRITER_SETS] as const
/**
 * Sets the word lists were written against whose posts the model does not learn (decision 0086):
 * harmless posts that sound alarming beside worrying twins on the same everyday things (money,
 * bags, secrets). Learned, they taught the model that an amount of money is a worry, and cost
 * English recall on held-out writers for a smaller gain in false alerts.
 */
export const LEXICON_SETS = ['train55-near-twins', 'train56-teens-who-exaggerate', 'train57-young-children-and-scary-words'] as const
export const TEST_SETS = ['holdout9'] as const
/**
 * Every set someone tuned on: the model's training sets and the lexicon-only sets (the word lists were written against
 * `train1-taxonomy` and the writers' sets, their misses read). The blind writers' sets (`blind59`
 * onwards, never read) and holdout9 are in none of them.
 */
export const TUNED_SETS = [...TRAINING_SETS, ...LEXICON_SETS] as const
export const EVAL_SETS = [...TRAINING_SETS, ...LEXICON_SETS, ...TEST_SETS] as const
export type EvalSet = (typeof EVAL_SETS)[number]

export function labelledPosts(set: EvalSet, language: EvalLanguage): LabelledPost[] {
  const dir = path.join(import.meta.dirname, '..', 'risk-eval', set === 'dev' ? '' : set)
  return JSON.parse(readFileSync(path.join(dir, `posts.${language}.json`), 'utf8')) as LabelledPost[]
}

export interface EvalRow {
  post: LabelledPost
  raised: 'high' | 'medium' | null
  categories: string[]
  ms: number
}

export interface EvalFigures {
  worrying: number
  caught: number
  urgent: number
  urgentHigh: number
  harmless: number
  falseAlerts: number
  recall: number
  highRate: number
  falseRate: number
}

export async function evaluate(posts: LabelledPost[], journalLanguage: string) {
  const rows: EvalRow[] = []
  for (const post of posts) {
    const t0 = performance.now()
    const a = await assessPost(post, journalLanguage)
    rows.push({ post, raised: a.severity, categories: [...new Set(a.findings.map((f) => f.category))], ms: performance.now() - t0 })
  }
  return { rows, figures: figuresOf(rows) }
}

export function figuresOf(rows: EvalRow[]): EvalFigures {
  const worrying = rows.filter((r) => r.post.label === 'worrying')
  const urgent = worrying.filter((r) => r.post.severity === 'high')
  const harmless = rows.filter((r) => r.post.label === 'harmless')
  const caught = worrying.filter((r) => r.raised).length
  const urgentHigh = urgent.filter((r) => r.raised === 'high').length
  const falseAlerts = harmless.filter((r) => r.raised).length
  return {
    worrying: worrying.length,
    caught,
    urgent: urgent.length,
    urgentHigh,
    harmless: harmless.length,
    falseAlerts,
    recall: caught / worrying.length,
    highRate: urgentHigh / urgent.length,
    falseRate: falseAlerts / harmless.length,
  }
}

/** Rows: the labelled category (or "harmless"); columns: what was raised (its first category, or nothing). */
export function confusion(rows: EvalRow[]) {
  const columns = ['suicide', 'self_harm', 'abuse', 'bullying', 'hopelessness', 'nothing']
  const table = new Map<string, Record<string, number>>()
  for (const r of rows) {
    const row = r.post.category ?? 'harmless'
    const col = r.categories.includes(row) ? row : r.categories[0] ?? 'nothing'
    const counts = table.get(row) ?? Object.fromEntries(columns.map((c) => [c, 0]))
    counts[col] = (counts[col] ?? 0) + 1
    table.set(row, counts)
  }
  return { columns, table }
}

export const journalLanguageOf = (language: EvalLanguage) => (language === 'zh-TW' ? 'zh-TW' : language)
