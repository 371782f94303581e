// Trains the content assessment's model (app/features/alerts/assess/model.server.ts) on the labelled
// sets and writes app/features/alerts/assess/risk-model.json. Deterministic: the same sets give the
// same weights. `npx tsx scripts/train-risk-model.ts` after a labelled set changes; the sets held out
// for measuring (TEST_SETS in tests/support/risk-eval.ts) are never read here.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { readPost, sentenceReadings } from '../app/features/alerts/assess/assess.server'
import { featuresOf, MODEL_CLASSES, type ModelClass, type RiskModelFile } from '../app/features/alerts/assess/model.server'
import { EVAL_LANGUAGES, labelledPosts, TRAINING_SETS, type EvalSet } from '../tests/support/risk-eval'

const EPOCHS = 30
const RATE = 0.2
const DECAY = 1e-4
/** Weights smaller than this change no decision: left out of the file. */
const KEEP = 0.01

interface Example {
  features: string[]
  label: number
}

const examples: Example[] = []
// TRAIN_SETS=dev,holdout trains on fewer sets, to try a change on a set the model has not seen.
const sets = process.env.TRAIN_SETS?.split(',') ?? TRAINING_SETS
for (const set of sets)
  for (const language of EVAL_LANGUAGES)
    for (const post of labelledPosts(set as EvalSet, language)) {
      const features = featuresOf(sentenceReadings(await readPost(post, language)))
      examples.push({ features: [...features].sort(), label: MODEL_CLASSES.indexOf((post.category ?? 'none') as ModelClass) })
    }

// A fixed-seed shuffle each epoch (mulberry32), so a retrain gives the same file.
let seed = 33
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const shuffled = <T>(xs: T[]) => {
  const out = [...xs]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

const classes = MODEL_CLASSES.length
const bias = new Array<number>(classes).fill(0)
const weights = new Map<string, number[]>()
const row = (f: string) => weights.get(f) ?? weights.set(f, new Array<number>(classes).fill(0)).get(f)!

// Softmax regression by stochastic gradient descent with weight decay.
for (let epoch = 0; epoch < EPOCHS; epoch++) {
  for (const ex of shuffled(examples)) {
    const z = bias.map((b, c) => ex.features.reduce((s, f) => s + (weights.get(f)?.[c] ?? 0), b))
    const max = Math.max(...z)
    const e = z.map((v) => Math.exp(v - max))
    const sum = e.reduce((a, b) => a + b, 0)
    for (let c = 0; c < classes; c++) {
      const gradient = e[c] / sum - (c === ex.label ? 1 : 0)
      bias[c] = bias[c] * (1 - RATE * DECAY) - RATE * gradient
      for (const f of ex.features) {
        const w = row(f)
        w[c] = w[c] * (1 - RATE * DECAY) - RATE * gradient
      }
    }
  }
}

const round = (x: number) => Math.round(x * 1000) / 1000
const kept = [...weights].filter(([, w]) => w.some((x) => Math.abs(x) >= KEEP)).sort(([a], [b]) => (a < b ? -1 : 1))
const model: RiskModelFile = { trainedOn: [...sets], classes: MODEL_CLASSES, bias: bias.map(round), features: kept.map(([f]) => f), weights: kept.flatMap(([, w]) => w.map(round)) }
const file = path.join(import.meta.dirname, '..', 'app', 'features', 'alerts', 'assess', 'risk-model.json')
writeFileSync(file, JSON.stringify(model))
console.log(`${examples.length} posts, ${kept.length} features kept of ${weights.size}: ${file}`)
