/**
 * The second reading of a post, beside the rules (decision 0042, "Two readings"): a softmax
 * regression over the post's words, trained on the labelled sets by scripts/train-risk-model.ts.
 * Its features are the base forms the analysers give (tokens.server.ts), pairs of them, and short
 * runs of characters: the runs survive misspellings ("suicidel", "cuting") and a Chinese or Japanese
 * word cut where the lexicon's author did not expect it. The rules find what they know and say which
 * words; the model catches wording nobody wrote a rule for, and tells a harmless post the rules
 * misread. How the two decide together is `combine` in assess.server.ts.
 *
 * It reads the whole post and also every two sentences in a row (`WINDOW`): one worrying sentence in
 * the middle of a long ordinary day is not outweighed by the ordinary ones around it.
 *
 * It never cries wolf on its own (decision 0066): its "nothing" class is trained on public
 * everyday text in the three languages as well as on the labelled sets' harmless posts, so an
 * ordinary post, an adult's as much as a child's, scores nothing; and what it finds alone is raised
 * only in a post that holds a word of distress (distress.server.ts), never at high.
 *
 * Beside it the file holds two smaller readings (decision 0087): the sense of a sign, learned only
 * from posts in which the rules found words, and the urgency of a worrying post.
 *
 * The weights (risk-model.json) are read at the first assessment, not at start-up.
 */
import { readFile } from 'node:fs/promises'
import type { Language } from '~/features/text/text'
import type { Token } from '~/features/text/tokens.server'
import { projectFile } from '~/project-file.server'
import { CATEGORIES } from '~/features/text/taxonomy'
import type { RiskCategory } from './lexicon'

/** "Nothing", then every category of the safeguarding taxonomy (decision 0060), in its order. */
export const MODEL_CLASSES = ['none', ...CATEGORIES.map((c) => c.category)] as const
export type ModelClass = (typeof MODEL_CLASSES)[number]

/** risk-model.json: each feature's weights, one per class, one row after another. */
export interface RiskModelFile {
  /** The labelled sets it was trained on (tests/risk-eval). */
  trainedOn: string[]
  /** The public everyday text its "none" class was also trained on: each source and how many sentences. */
  everyday?: { source: string; language: string; sentences: number }[]
  classes: readonly ModelClass[]
  bias: number[]
  features: string[]
  weights: number[]
  /**
   * The second model, which reads a sign's sense (decision 0087): a logistic regression over the same
   * features, trained only on the labelled posts in which a rule or a sign found words, on whether the
   * post is worrying. Where every post has the alarming word, only the words around it can tell.
   * Its weights are for "worrying" alone.
   */
  signSense?: LogisticFile
  /** The third model (decision 0087): the same regression on the labelled worrying posts alone, on whether each is urgent. */
  urgency?: LogisticFile
}

/** A logistic regression over the same features: a bias and one weight per feature. */
interface LogisticFile {
  bias: number
  features: string[]
  weights: number[]
}
interface Logistic {
  bias: number
  weights: Map<string, number>
}
const logistic = (file: LogisticFile): Logistic => ({ bias: file.bias, weights: new Map(file.features.map((f, i) => [f, file.weights[i]])) })
function chanceOf(model: Logistic, features: Set<string>) {
  let z = model.bias
  for (const f of features) z += model.weights.get(f) ?? 0
  return 1 / (1 + Math.exp(-z))
}

/** The file in memory: a row number per feature and the rows packed (about 5 MB for 50,000 features). */
export interface RiskModel {
  trainedOn: string[]
  classes: readonly ModelClass[]
  bias: number[]
  rows: Map<string, number>
  weights: Float32Array
  signSense?: Logistic
  urgency?: Logistic
}

export function loadModel(file: RiskModelFile): RiskModel {
  return {
    trainedOn: file.trainedOn,
    classes: file.classes,
    bias: file.bias,
    rows: new Map(file.features.map((f, i) => [f, i])),
    weights: Float32Array.from(file.weights),
    ...(file.signSense ? { signSense: logistic(file.signSense) } : {}),
    ...(file.urgency ? { urgency: logistic(file.urgency) } : {}),
  }
}

/** The sign-sense model's chance that a post (its features: `assessRisk`'s `features`) whose words a rule or a sign found is worrying (1 where the file has none). */
export const signSenseOf = (model: RiskModel, features: Set<string>): number => (model.signSense ? chanceOf(model.signSense, features) : 1)

/** The urgency model's chance that a worrying post is urgent (0 where the file has none). */
export const urgencyOf = (model: RiskModel, features: Set<string>): number => (model.urgency ? chanceOf(model.urgency, features) : 0)

/** One sentence as the analysers read it in one language. */
export interface SentenceReading {
  language: Language
  tokens: Token[]
  /** The normalised sentence. */
  text: string
}

/** The features of some sentences: each present once (a word said twice weighs as much as once). */
export function featuresOf(readings: SentenceReading[]): Set<string> {
  const out = new Set<string>()
  for (const { language, tokens, text } of readings) {
    const words = tokens.map((t) => t.base)
    words.forEach((w, i) => {
      out.add(`${language}:w:${w}`)
      if (i > 0) out.add(`${language}:p:${words[i - 1]}_${w}`)
    })
    if (language === 'en') {
      const spaced = ` ${words.join(' ')} `
      for (let i = 0; i + 4 <= spaced.length; i++) out.add(`en:c4:${spaced.slice(i, i + 4)}`)
    } else {
      const chars = [...text.replace(/\s/gu, '')]
      for (let i = 0; i + 2 <= chars.length; i++) out.add(`${language}:c2:${chars.slice(i, i + 2).join('')}`)
      for (let i = 0; i + 3 <= chars.length; i++) out.add(`${language}:c3:${chars.slice(i, i + 3).join('')}`)
    }
  }
  return out
}

/** The probability of each class (MODEL_CLASSES order). */
export function probabilities(model: RiskModel, features: Set<string>): number[] {
  const z = [...model.bias]
  const n = z.length
  for (const f of features) {
    const row = model.rows.get(f)
    if (row !== undefined) for (let c = 0; c < n; c++) z[c] += model.weights[row * n + c]
  }
  const max = Math.max(...z)
  const e = z.map((v) => Math.exp(v - max))
  const sum = e.reduce((a, b) => a + b, 0)
  return e.map((v) => v / sum)
}

/** The likeliest worrying category and the chance that the post is worrying at all. */
export function riskOf(p: number[]): { risk: number; category: RiskCategory } {
  let best = 1
  for (let c = 2; c < p.length; c++) if (p[c] > p[best]) best = c
  return { risk: 1 - p[0], category: MODEL_CLASSES[best] as RiskCategory }
}

/** How many sentences in a row the model also reads on their own. */
export const WINDOW = 2

/**
 * What the model makes of a post, given its sentences (each read in its languages): the whole post
 * and every `WINDOW` sentences in a row, and of these the reading that finds the post likeliest to
 * be worrying. A post of k windows has k chances to look worrying by accident, so a window's chance
 * of "nothing" counts k times (a Bonferroni correction): in a long post each window must be that
 * much surer, and a long ordinary day is not raised for one odd pair of sentences.
 * `chances`: each category's highest chance in any of these readings, which a sign (a rule marked
 * `sign`) asks of the model before it counts (decision 0069). `whole`: the whole post's reading alone,
 * which is what the model alone raises on (decision 0085). `features`: the whole post's, which the
 * sign-sense and urgency models read too (decision 0087).
 */
export function assessRisk(model: RiskModel, sentences: SentenceReading[][]): { risk: number; category: RiskCategory; chances: Map<RiskCategory, number>; whole: { risk: number; category: RiskCategory }; features: Set<string> } {
  const chances = new Map<RiskCategory, number>()
  const read = (part: SentenceReading[], features = featuresOf(part)) => {
    const p = probabilities(model, features)
    p.forEach((chance, c) => {
      const category = model.classes[c] as RiskCategory
      if (c > 0 && chance > (chances.get(category) ?? 0)) chances.set(category, chance)
    })
    return riskOf(p)
  }
  const features = featuresOf(sentences.flat())
  const whole = read(sentences.flat(), features)
  let best = whole
  const windows = sentences.length - WINDOW + 1
  for (let i = 0; windows > 1 && i < windows; i++) {
    const window = read(sentences.slice(i, i + WINDOW).flat())
    const risk = 1 - Math.min(1, windows * (1 - window.risk))
    if (risk > best.risk) best = { risk, category: window.category }
  }
  return { ...best, chances, whole, features }
}

/**
 * Where the weights are: beside this file in the source tree, found from the project's root so the
 * built server (build/server) reads the same file. Parsed as JSON, not imported as a module: a
 * module of 50,000 keys costs six times the memory and ten times the time. `RISK_MODEL_FILE` reads
 * another (`npm run eval:writers` measures models trained without one writer's set).
 */
const modelFile = () => process.env.RISK_MODEL_FILE || projectFile('app', 'features', 'alerts', 'assess', 'risk-model.json')

let loaded: Promise<RiskModel> | undefined
/** The trained weights, read once at the first use. */
export const riskModel = () => (loaded ??= readFile(modelFile(), 'utf8').then((text) => loadModel(JSON.parse(text) as RiskModelFile)))
