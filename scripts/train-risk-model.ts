// Trains the content assessment's model (app/features/alerts/assess/model.server.ts) on the labelled
// sets and on public everyday text, and writes app/features/alerts/assess/risk-model.json; with it,
// the sign-sense model (decision 0087), trained on the labelled posts in which the rules find words,
// and the urgency model, trained on the worrying ones on whether they are urgent.
// Deterministic: the same sets and texts give the same weights. The sets held out for measuring
// (TEST_SETS in tests/support/risk-eval.ts) and the blind writers' sets are never read here.
//
//   RISK_EVERYDAY_DIR=/path/to/everyday npx tsx scripts/train-risk-model.ts
//
// Everyday text (decision 0066): the model's "nothing" class also learns from ordinary sentences
// nobody here wrote, so that an ordinary post scores nothing whatever its length or register:
//   - $RISK_EVERYDAY_DIR/cmn.txt and jpn.txt: Tatoeba's sentence pairs as the manythings.org files
//     give them (English, a tab, Chinese or Japanese, then anything), CC BY 2.0 FR; not in the
//     repository, see the decision for where they come from;
//   - the nlp-corpus package (a devDependency): English sentences of many registers, Reddit and text
//     messages among them.
// A sentence in which the rules find anything is left out. RISK_EVERYDAY=none trains without them
// (to compare; never commit such weights).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { createRequire } from 'node:module'
import path from 'node:path'
import { assessPost, readPost, sentenceReadings } from '../app/features/alerts/assess/assess.server'
import { featuresOf, MODEL_CLASSES, type ModelClass, type RiskModelFile } from '../app/features/alerts/assess/model.server'
import { EVAL_LANGUAGES, labelledPosts, TRAINING_SETS, type EvalLanguage, type EvalSet } from '../tests/support/risk-eval'

// RISK_EPOCHS and RISK_DECAY try other settings on fold models (decision 0085).
const EPOCHS = Number(process.env.RISK_EPOCHS ?? 10)
const RATE = 0.2
const DECAY = Number(process.env.RISK_DECAY ?? 1e-3)
/** Weights smaller than this change no decision: left out of the file. */
const KEEP = 0.01
/**
 * Everyday sentences per language (English has more registers to learn: Reddit, text messages,
 * Tatoeba's plain sentences), and how many make one "post" (in turn): a line, a few, a long ramble.
 */
const EVERYDAY_SENTENCES: Record<EvalLanguage, number> = { en: 40_000, 'zh-TW': 20_000, ja: 20_000 }
const POST_SIZES = [1, 1, 2, 3, 4, 6, 10]

interface Example {
  features: string[]
  label: number
}

// Fixed-seed shuffles (mulberry32), so a retrain gives the same file.
function shuffler(start: number) {
  let seed = start
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return <T>(xs: T[]) => {
    const out = [...xs]
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[out[i], out[j]] = [out[j], out[i]]
    }
    return out
  }
}

/** A set's label as the model's class: the writers' sets name physical abuse as the taxonomy does, the key is `abuse` (decision 0060). */
function modelClassOf(category: string | null): ModelClass {
  const c = category === 'physical_abuse' ? 'abuse' : (category ?? 'none')
  if (!(MODEL_CLASSES as readonly string[]).includes(c)) throw new Error(`a labelled post of category "${c}", which is not in the taxonomy`)
  return c as ModelClass
}

const examples: Example[] = []
/** The labelled posts in which a rule or a sign found words: what the sign-sense model learns from (decision 0087). */
const wordsFound: Example[] = []
/** The labelled worrying posts, urgent (1) or not: what the urgency model learns from (decision 0087). */
const urgent: Example[] = []
// TRAIN_SETS=dev,holdout trains on fewer sets, to try a change on a set the model has not seen.
const sets = process.env.TRAIN_SETS?.split(',') ?? TRAINING_SETS
for (const set of sets)
  for (const language of EVAL_LANGUAGES)
    for (const post of labelledPosts(set as EvalSet, language)) {
      const features = featuresOf(sentenceReadings(await readPost(post, language)))
      const example = { features: [...features].sort(), label: MODEL_CLASSES.indexOf(modelClassOf(post.category)) }
      examples.push(example)
      if ((await assessPost(post, language)).wordsFound) wordsFound.push({ features: example.features, label: post.label === 'worrying' ? 1 : 0 })
      if (post.label === 'worrying' && post.severity) urgent.push({ features: example.features, label: post.severity === 'high' ? 1 : 0 })
    }
const labelled = examples.length

/** The everyday sentences of each language, in file order, each once, with where they came from. */
function everydaySentences(): Map<EvalLanguage, { text: string; source: string }[]> {
  const out = new Map<EvalLanguage, { text: string; source: string }[]>(EVAL_LANGUAGES.map((l) => [l, []]))
  const seen = new Set<string>()
  const add = (language: EvalLanguage, text: string | undefined, source: string) => {
    const t = text?.trim()
    if (!t || seen.has(t)) return
    seen.add(t)
    out.get(language)!.push({ text: t, source })
  }
  const dir = process.env.RISK_EVERYDAY_DIR ?? ''
  const pairs = { 'cmn.txt': 'zh-TW', 'jpn.txt': 'ja' } as const
  for (const [file, language] of Object.entries(pairs)) {
    const at = path.join(dir, file)
    if (!dir || !existsSync(at)) throw new Error(`${at}: no everyday text. Set RISK_EVERYDAY_DIR (decision 0066 says where the files come from), or RISK_EVERYDAY=none to train without it.`)
    for (const line of readFileSync(at, 'utf8').split('\n')) {
      const [english, other] = line.split('\t')
      add(language, other, `tatoeba ${file}`)
      add('en', english, `tatoeba ${file} (English side)`)
    }
  }
  // The package exports only its reader (src/server/index.js); its sentences are in builds/.
  const corpus = path.join(path.dirname(createRequire(import.meta.url).resolve('nlp-corpus')), '..', '..', 'builds')
  for (const file of readdirSync(corpus).sort()) for (const text of JSON.parse(readFileSync(path.join(corpus, file), 'utf8')) as string[]) add('en', text, 'nlp-corpus')
  return out
}

const everyday: NonNullable<RiskModelFile['everyday']> = []
/**
 * The everyday examples depend on the word lists and the model (which sentences they leave out):
 * RISK_EVERYDAY_CACHE=<file> keeps them between runs with the same lists, which is most of a run's
 * time (`npm run eval:writers` trains six models in a row).
 */
function everydayKey() {
  const hash = createHash('sha256')
  const lexicon = path.join(import.meta.dirname, '..', 'app', 'features', 'text', 'lexicon')
  for (const language of readdirSync(lexicon, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort())
    for (const file of readdirSync(path.join(lexicon, language)).sort()) hash.update(`${language}/${file}\n`).update(readFileSync(path.join(lexicon, language, file)))
  // The model the rules are read with ("unlike" set-asides) is part of what leaves a sentence out.
  hash.update(readFileSync(process.env.RISK_MODEL_FILE || path.join(import.meta.dirname, '..', 'app', 'features', 'alerts', 'assess', 'risk-model.json')))
  hash.update(JSON.stringify(EVERYDAY_SENTENCES)).update(process.env.RISK_EVERYDAY_DIR ?? '')
  return hash.digest('hex')
}
async function everydayExamples(): Promise<{ examples: Example[]; everyday: typeof everyday }> {
  const cache = process.env.RISK_EVERYDAY_CACHE
  const key = cache ? everydayKey() : ''
  if (cache && existsSync(cache)) {
    const kept = JSON.parse(readFileSync(cache, 'utf8')) as { key: string; examples: Example[]; everyday: typeof everyday }
    if (kept.key === key) return kept
  }
  const out: { examples: Example[]; everyday: typeof everyday } = { examples: [], everyday: [] }
  const shuffled = shuffler(49)
  for (const [language, all] of everydaySentences()) {
    const kept: { text: string; source: string }[] = []
    for (const s of shuffled(all)) {
      if (kept.length === EVERYDAY_SENTENCES[language]) break
      // A sentence the rules find something in ("I want to die.", 「死にたい」) is no everyday example;
      // a sign alone (a word that needs the model to agree) leaves it one.
      const a = await assessPost({ title: '', event: s.text }, language)
      if (a.findings.some((f) => !f.byModel && !f.sign) || a.setAside.some((x) => x.why === 'unlike')) continue
      kept.push(s)
    }
    for (let i = 0, k = 0; i < kept.length; k++) {
      const size = POST_SIZES[k % POST_SIZES.length]
      const text = kept.slice(i, i + size).map((s) => s.text).join('\n')
      i += size
      out.examples.push({ features: [...featuresOf(sentenceReadings(await readPost({ title: '', event: text }, language)))].sort(), label: 0 })
    }
    const bySource = new Map<string, number>()
    for (const s of kept) bySource.set(s.source, (bySource.get(s.source) ?? 0) + 1)
    for (const [source, sentences] of bySource) out.everyday.push({ source, language, sentences })
  }
  if (cache) writeFileSync(cache, JSON.stringify({ key, ...out }))
  return out
}
if (process.env.RISK_EVERYDAY !== 'none') {
  const found = await everydayExamples()
  examples.push(...found.examples)
  everyday.push(...found.everyday)
}

// RISK_MIN_POSTS: a feature seen in fewer posts (labelled or everyday) than this is left out: one post's odd word is not a pattern.
const MIN_POSTS = Number(process.env.RISK_MIN_POSTS ?? 1)
if (MIN_POSTS > 1) {
  const seen = new Map<string, number>()
  for (const ex of examples) for (const f of ex.features) seen.set(f, (seen.get(f) ?? 0) + 1)
  for (const ex of examples) ex.features = ex.features.filter((f) => (seen.get(f) ?? 0) >= MIN_POSTS)
}

const shuffled = shuffler(33)
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
/** Logistic regression, the same way: the sign-sense and urgency models (decision 0087). */
function logisticRegression(data: Example[], seed: number) {
  let b = 0
  const w = new Map<string, number>()
  const order = shuffler(seed)
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const ex of order(data)) {
      const z = ex.features.reduce((s, f) => s + (w.get(f) ?? 0), b)
      const gradient = 1 / (1 + Math.exp(-z)) - ex.label
      b = b * (1 - RATE * DECAY) - RATE * gradient
      for (const f of ex.features) w.set(f, (w.get(f) ?? 0) * (1 - RATE * DECAY) - RATE * gradient)
    }
  }
  const kept = [...w].filter(([, x]) => Math.abs(x) >= KEEP).sort(([a], [b]) => (a < b ? -1 : 1))
  return { bias: round(b), features: kept.map(([f]) => f), weights: kept.map(([, x]) => round(x)) }
}
const signSense = logisticRegression(wordsFound, 7)
const urgency = logisticRegression(urgent, 11)

const kept = [...weights].filter(([, w]) => w.some((x) => Math.abs(x) >= KEEP)).sort(([a], [b]) => (a < b ? -1 : 1))
const model: RiskModelFile = {
  trainedOn: [...sets],
  everyday,
  classes: MODEL_CLASSES,
  bias: bias.map(round),
  features: kept.map(([f]) => f),
  weights: kept.flatMap(([, w]) => w.map(round)),
  signSense,
  urgency,
}
// RISK_MODEL_OUT writes elsewhere (a model trained on fewer sets, to measure it: scripts/eval-writers.ts).
const file = process.env.RISK_MODEL_OUT || path.join(import.meta.dirname, '..', 'app', 'features', 'alerts', 'assess', 'risk-model.json')
writeFileSync(file, JSON.stringify(model))
console.log(`${labelled} labelled posts (${wordsFound.length} with words a rule or a sign found, ${signSense.features.length} features for their sense; ${urgent.length} worrying, ${urgency.features.length} features for their urgency) and ${examples.length - labelled} everyday ones (${everyday.map((e) => `${e.sentences} ${e.language} from ${e.source}`).join(', ')}), ${kept.length} features kept of ${weights.size}: ${file}`)
