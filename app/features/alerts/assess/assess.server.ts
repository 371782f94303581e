/**
 * The content assessment of a post (decision 0042): each text of the post read sentence
 * by sentence in its languages, each finding with its category, severity and the whole sentence it
 * was found in. Never throws: an analyser that fails is logged and the other languages still read.
 */
import { languagesOf, normalise, sentencesOf, type Language, type Sentence } from '~/features/text/text'
import { tokensOf, type Token } from '~/features/text/tokens.server'
import { watchPattern, watchText } from '~/features/text/watch-words.server'
import { SEVERITY, type RiskCategory } from './lexicon'
import { lexiconOf, matchSentence, mentions, type CompiledLexicon, type Dismissal, type PostContext } from './match'
import { distressed } from './distress.server'
import { assessRisk, featuresOf, probabilities, riskModel, signSenseOf, urgencyOf, type RiskModel, type SentenceReading } from './model.server'

export type PostField = 'title' | 'event' | 'story' | 'behaviour'
export interface PostTexts {
  title: string
  event: string
  story?: string
  behaviour?: string
}

export interface ContentFinding {
  category: RiskCategory
  severity: 'high' | 'medium'
  field: PostField
  /** The whole sentence, and the one before it when the words open their sentence. */
  sentence: string
  before?: string
  /** The words that matched, as the student wrote them. */
  words: string
  language: Language
  /** Found by the model, not by a rule: no words are marked, the sentence is the one most like the category. */
  byModel?: true
  /** One of the school's own watch words (decision 0062): a journal's or its team's. */
  watchWord?: true
  /** A sign (a rule marked `sign`) that the model's reading of the post agreed with (decision 0069). */
  sign?: true
}

/** A school's watch word as the assessment reads it: the phrase's normal form (features/text/watch-words.server.ts) and its category. */
export interface WatchWord {
  key: string
  category: RiskCategory
}
export interface Assessment {
  findings: ContentFinding[]
  severity: 'high' | 'medium' | null
  /** Words that looked worrying but were set aside (a negation, a game, someone else's): a second opinion may look. */
  setAside: { field: PostField; sentence: string; why: Dismissal | 'unlike' | 'occasion'; category: string; language: Language }[]
  /** The model's chance that the post is worrying (0 to 1). */
  risk: number
  /** Whether a rule or a sign found words, before the model was asked: the posts the sign-sense model learns from (decision 0087). */
  wordsFound: boolean
}

/**
 * How the rules and the model decide together (decision 0042; thresholds chosen on `holdout4`, kept
 * when the model learned everyday text: decision 0066; `MODEL_ALONE` raised from 0.7 to 0.97 on three
 * models each trained without five to eight writers and measured on them: decision 0084).
 * A high finding of the rules always stands. A medium one is set aside (so a second opinion can
 * still raise it) only when the model finds the post very unlike any worrying one *and* the post
 * says more than the one sentence: the model reads context, and where there is none it is surest
 * of "nothing" exactly where a short post says the most ("I'm just the useless one in this
 * family"). The model alone raises what it finds likely in the whole post and the rules did not
 * explain away, in a post with a word of distress where nothing else was found, at medium
 * (decision 0085).
 */
export const MODEL_AGREES = 0.02
export const MODEL_ALONE = 0.97
/** The model's chance of a sign's category (in any part of the post) from which the sign counts (decision 0069). */
export const SIGN_AGREES = 0.5
/**
 * Or: the model is sure the post is worrying (MODEL_ALONE) but torn between categories, and the
 * sign's is among its likely ones (「おとしだまを ためてる。もう かえらない」: suicide, running away
 * or hopelessness to the model; the words say running away).
 */
export const SIGN_AMONG = 0.15
/**
 * And the second model, trained only on posts where a rule or a sign found words, must read the post
 * as worrying (decision 0087): the first model learned that a bruise is a worry from every post with a
 * bruise in it; the second learned only from posts with the word, so only the words around it count
 * (a shin "from the match on Saturday", "we were laughing so hard though").
 */
export const SIGN_MEANT = 0.5
/**
 * A third model, trained on the labelled worrying posts on whether they are urgent (decision 0087):
 * where the rules' words found only medium concerns and the first model is sure the post is worrying
 * (`MODEL_ALONE`), its reading of the post as urgent makes the alert urgent. It never raises a post
 * on its own, and never what the model alone found.
 */
export const URGENT_READ = 0.5
/**
 * Never where the model finds the post as a whole unlike any worrying one (below `MODEL_AGREES`): a
 * category likely in one pair of sentences of a long harmless post is chance (decision 0084).
 */
const signAgreed = (chance: number, risk: number) => risk >= MODEL_AGREES && (chance >= SIGN_AGREES || (risk >= MODEL_ALONE && chance >= SIGN_AMONG))

const FIELDS: PostField[] = ['title', 'event', 'story', 'behaviour']

/** One sentence of a field read in one of its languages: the post is analysed once, and every rule reads this. */
interface Reading {
  field: PostField
  /** The field's text, and this sentence's place among its sentences. */
  text: string
  sentences: Sentence[]
  index: number
  language: Language
  tokens: Token[]
}

/** Every sentence of every field in each of its languages. An analyser that fails is logged; the other languages still read. */
export async function readPost(post: PostTexts, journalLanguage?: string): Promise<Reading[]> {
  const readings: Reading[] = []
  for (const field of FIELDS) {
    const text = post[field] ?? ''
    if (!text.trim()) continue
    const sentences = sentencesOf(text)
    for (const [index, sentence] of sentences.entries())
      for (const language of languagesOf(sentence.text, journalLanguage)) {
        try {
          readings.push({ field, text, sentences, index, language, tokens: await tokensOf(sentence.text, language, language === 'en' ? namesIn(text.slice(sentence.start, sentence.end)) : undefined) })
        } catch (error) {
          console.error(`risk assessment: the ${language} analyser failed; the post's other languages are still read`, error)
        }
      }
  }
  return readings
}

/**
 * Words written with a capital ("I told Dev", "Dev keeps saying"): names, in lower case, which are
 * not read as misspellings. A child who spells by ear seldom writes capitals.
 */
function namesIn(original: string) {
  return new Set([...original.matchAll(/\b\p{Lu}\p{Ll}+/gu)].map((m) => m[0].toLowerCase()))
}

/** The readings as the model reads them. */
export const sentenceReadings = (readings: Reading[]): SentenceReading[] => readings.map((r) => ({ language: r.language, tokens: r.tokens, text: r.sentences[r.index].text }))

/** The readings sentence by sentence (title, then event, story and behaviour), each sentence in its languages. */
export function bySentence(readings: Reading[]): SentenceReading[][] {
  const groups = new Map<string, Reading[]>()
  for (const r of readings) {
    const key = `${r.field}\u0000${r.index}`
    groups.set(key, [...(groups.get(key) ?? []), r])
  }
  return [...groups.values()].map(sentenceReadings)
}

const sentenceText = (r: Reading, index = r.index) => r.text.slice(r.sentences[index].start, r.sentences[index].end)
const anyMentions = (readings: Reading[], words: (lex: CompiledLexicon) => Set<string>) => readings.some((r) => mentions(r.language, r.tokens, words(lexiconOf(r.language))))

/**
 * `watchWords`: the school's own words for this journal (its own and its team's), read with the post
 * (features/alerts/watch-words.server.ts). Each one found is a finding of its category at its
 * category's severity, which neither the model nor the rules' context sets aside: the school chose it.
 */
export async function assessPost(post: PostTexts, journalLanguage?: string, watchWords: readonly WatchWord[] = []): Promise<Assessment> {
  const readings = await readPost(post, journalLanguage)
  // Context from the whole post: reassurance ("it didn't even hurt"), a game or a sport.
  const context: PostContext = { reassured: anyMentions(readings, (l) => l.playful), denied: anyMentions(readings, (l) => l.denial), teaching: anyMentions(readings, (l) => l.teaching), story: anyMentions(readings, (l) => l.fiction), activity: anyMentions(readings, (l) => l.activity) }
  const findings: ContentFinding[] = []
  const setAside: Assessment['setAside'] = []
  // Harm someone did to the student (「毎日なぐられて」): an act, not a word the model may explain away.
  const acts = new Set<string>()
  // Signs (rules marked `sign`): findings only where the model reads the same category (below).
  const signs: ContentFinding[] = []
  const signSpans = new Map<ContentFinding, [number, number]>()
  // Each sentence's words outside its figures of speech, which pairs of signs read (togetherFindings).
  const unmasked = new Map<Reading, Token[]>()
  for (const r of readings) {
    const { found, dismissed, masked } = matchSentence(r.language, r.tokens, context)
    unmasked.set(r, masked.size ? r.tokens.filter((_, i) => !masked.has(i)) : r.tokens)
    // The earliest words of each finding come first: they decide whether the sentence before is shown.
    found.sort((a, b) => a.first - b.first)
    for (const m of found) {
      const category = m.category === 'harm' ? placeOfHarm(readings, r) : m.category
      const finding: ContentFinding = {
        category,
        // A rule marked urgent is told at once whatever its category's usual severity (decision 0060).
        severity: m.rule.urgent ? 'high' : SEVERITY[category],
        field: r.field,
        sentence: sentenceText(r),
        ...(m.first === 0 && r.index > 0 ? { before: sentenceText(r, r.index - 1) } : {}),
        words: originalWords(r, m.first, m.last),
        language: r.language,
      }
      if (m.rule.sign) {
        // Several signs of one concern in a sentence (「存到4200了…不回來了」): the words from the first to the last.
        const same = signs.find((x) => findingKey(x) === findingKey(finding) && x.language === finding.language && x.severity === finding.severity)
        const span = signSpans.get(same!)
        if (same && span) {
          span[0] = Math.min(span[0], m.first)
          span[1] = Math.max(span[1], m.last)
          same.words = originalWords(r, span[0], span[1])
        } else {
          const sign: ContentFinding = { ...finding, sign: true }
          signs.push(sign)
          signSpans.set(sign, [m.first, m.last])
        }
        continue
      }
      findings.push(finding)
      if (m.category === 'harm' || m.rule.act) acts.add(findingKey(finding))
    }
    for (const d of dismissed) setAside.push({ field: r.field, sentence: sentenceText(r), why: d.why, category: d.category, language: r.language })
  }
  // A title that names what the text denies or a lesson is about (「想不開」, then 「我才不會想不開」) is their topic.
  const deniedInText = new Set(setAside.filter((a) => (a.why === 'negated' || a.why === 'teaching') && a.field !== 'title').map((a) => a.category))
  // So is a title whose words the text repeats inside a figure of speech ("HE KICKED ME", then "he
  // kicked me under the table so i kicked him back"): the text says what the title meant (decision 0086).
  const masked = setAside.filter((a) => a.why === 'mask' && a.field !== 'title').map((a) => a.sentence.toLowerCase())
  const maskedInText = (f: ContentFinding) => masked.some((sentence) => sentence.includes(f.words.toLowerCase()))
  for (let i = findings.length - 1; i >= 0; i--) if (findings[i].field === 'title' && (deniedInText.has(findings[i].category) || maskedInText(findings[i]))) findings.splice(i, 1)
  if (!findings.some((f) => f.category === 'suicide')) findings.push(...togetherFindings(readings, unmasked))
  // "I felt hopeless for about an hour. Then we got pizza.": a low mood that passed, and nothing else.
  if (findings.every((f) => f.category === 'hopelessness') && anyMentions(readings, (l) => l.passing)) findings.length = 0
  const model = await riskModel()
  const sentences = bySentence(readings)
  const { risk, chances, whole, features } = assessRisk(model, sentences)
  const category = whole.category
  const kept = combine(dedupe(findings), setAside, risk, sentences.length, acts, model.classes)
  // On an occasion that explains the words (a bag packed for the school trip, a surprise kept
  // secret, 「ネコが家出」), a rule's finding stands only where the model reads its concern too.
  const explainedBy = occasionsOf(readings)
  for (const f of [...kept])
    if (explainedBy.has(f.category) && !signAgreed(chances.get(f.category) ?? 0, risk)) {
      kept.splice(kept.indexOf(f), 1)
      setAside.push({ field: f.field, sentence: f.sentence, why: 'occasion', category: f.category, language: f.language })
    }
  // A sign counts where the model, reading the post, finds its category likely too: two readings agree.
  // One finding per category unless the sign says more (an urgent sign beside a medium finding).
  const outranks = (sign: ContentFinding) => !kept.some((f) => f.category === sign.category && (f.severity === 'high' || sign.severity === 'medium'))
  let meant: number | undefined
  const signMeant = () => (meant ??= signSenseOf(model, features)) >= SIGN_MEANT
  for (const sign of dedupe(signs.filter((s) => s.field !== 'title' || !maskedInText(s)).sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'high' ? -1 : 1))))
    if (signAgreed(chances.get(sign.category) ?? 0, risk) && outranks(sign) && signMeant()) kept.push(sign)
  // Words that name only a medium concern in a post both models read as an urgent one ("they said
  // they'll jump us after school", "something glass broke"): the first such finding is told at once.
  const worded = kept.filter((f) => !f.byModel)
  if (worded.length && !kept.some((f) => f.severity === 'high') && risk >= MODEL_ALONE && urgencyOf(model, features) >= URGENT_READ) worded[0].severity = 'high'
  for (const w of watchWordFindings(post, watchWords, journalLanguage)) {
    // One finding per concern and sentence: where the rules found this one already, their finding
    // stands (its severity may be urgent), marked as the school's word too when its words hold it.
    const same = kept.find((f) => findingKey(f) === findingKey(w))
    if (!same) kept.push(w)
    // A sign there is weaker than the school's own word: the word is what the alert shows.
    else if (same.sign) kept.splice(kept.indexOf(same), 1, { ...w, severity: same.severity === 'high' ? 'high' : w.severity })
    else if (!same.byModel && watchText(normalise(same.words).text).includes(watchText(normalise(w.words).text))) same.watchWord = true
  }
  // The model reads words, not their sense: where the rules set the same category's words aside
  // (「きずつけたりしない」, "nobody hit me", a film), it does not raise them again.
  const explained = setAside.some((a) => a.why === 'negated' || a.category === category || (a.category === 'harm' && (category === 'abuse' || category === 'bullying')))
  // Alone, it raises only a post with a word of distress in it: never a museum trip or a song (distress.server.ts).
  // And only where the whole post reads as worrying (one odd pair of sentences in a long ordinary week
  // is chance; the rules and signs still read every pair), and nothing else was found: beside a
  // rule's finding its guess at another category tells the teacher nothing more (decision 0085).
  if (readings.length && !kept.length && whole.risk >= MODEL_ALONE && !explained && distressed(sentenceReadings(readings))) kept.push(modelFinding(model, readings, category))
  return { findings: kept, severity: kept.some((f) => f.severity === 'high') ? 'high' : kept.length ? 'medium' : null, setAside, risk, wordsFound: findings.length > 0 || signs.length > 0 }
}

/** The categories whose rules' words an occasion in the post may explain (occasions.txt). */
function occasionsOf(readings: Reading[]) {
  const out = new Set<RiskCategory>()
  for (const r of readings) for (const o of lexiconOf(r.language).occasions) if (mentions(r.language, r.tokens, o.words)) for (const c of o.categories) out.add(c)
  return out
}

/** The rules' findings that stand (see MODEL_AGREES). */
function combine(findings: ContentFinding[], setAside: Assessment['setAside'], risk: number, sentences: number, acts: Set<string>, known: readonly string[]) {
  // The model can only say "nothing here" of what it learned: a category it was not trained on stands (decision 0069).
  if (risk >= MODEL_AGREES || sentences < 2 || findings.some((f) => f.severity === 'high' || acts.has(findingKey(f)) || !(known as readonly string[]).includes(f.category))) return findings
  for (const f of findings) setAside.push({ field: f.field, sentence: f.sentence, why: 'unlike', category: f.category, language: f.language })
  return []
}

/** What the model found: its category, in the sentence most like it, at medium. */
function modelFinding(model: RiskModel, readings: Reading[], category: RiskCategory): ContentFinding {
  const c = (model.classes as readonly string[]).indexOf(category)
  let best = readings[0]
  let bestP = -1
  for (const r of readings) {
    const p = probabilities(model, featuresOf(sentenceReadings([r])))[c]
    if (p > bestP) [best, bestP] = [r, p]
  }
  // The model alone never cries wolf (decision 0066): what it finds goes to the teacher the same day, never as urgent.
  return { category, severity: 'medium', field: best.field, sentence: sentenceText(best), words: '', language: best.language, byModel: true }
}

/** The school's watch words found in the post: each phrase once a sentence, with the student's own words marked. */
function watchWordFindings(post: PostTexts, words: readonly WatchWord[], journalLanguage?: string): ContentFinding[] {
  if (!words.length) return []
  const patterns = [...new Map(words.map((w) => [`${w.category}\u0000${w.key}`, { ...w, pattern: watchPattern(w.key) }])).values()]
  const out: ContentFinding[] = []
  for (const field of FIELDS) {
    const text = post[field] ?? ''
    if (!text.trim()) continue
    const sentences = sentencesOf(text)
    for (const [index, s] of sentences.entries()) {
      const readable = watchText(s.text)
      for (const w of patterns) {
        const m = w.pattern.exec(readable)
        if (!m) continue
        const span = (i: number) => text.slice(sentences[i].start, sentences[i].end)
        out.push({
          category: w.category,
          severity: SEVERITY[w.category],
          field,
          sentence: span(index),
          ...(m.index === 0 && index > 0 ? { before: span(index - 1) } : {}),
          words: text.slice(s.from[m.index], s.from[m.index + m[0].length - 1] + 1),
          language: languagesOf(s.text, journalLanguage)[0] ?? 'en',
          watchWord: true,
        })
      }
    }
  }
  return out
}

/** Signs that count only together anywhere in the post (pills and counting them): the finding is the later sentence. */
function togetherFindings(readings: Reading[], unmasked: Map<Reading, Token[]>): ContentFinding[] {
  const out: ContentFinding[] = []
  for (const language of ['en', 'zh', 'ja'] as Language[]) {
    const mine = readings.filter((r) => r.language === language)
    for (const pair of lexiconOf(language).together) {
      // A pair's words inside a figure of speech do not count, as a rule's do not (decision 0086).
      const [a, b] = pair.words.map((words) => mine.filter((r) => mentions(language, unmasked.get(r) ?? r.tokens, words)))
      if (!a.length || !b.length) continue
      const last = b.at(-1)!
      const first = sentenceText(a[0])
      out.push({ category: pair.category, severity: SEVERITY[pair.category], field: last.field, sentence: sentenceText(last), ...(first !== sentenceText(last) ? { before: first } : {}), words: sentenceText(last), language })
    }
  }
  return out
}

/** The matched words in the student's own writing. */
function originalWords(r: Reading, first: number, last: number) {
  const sentence = r.sentences[r.index]
  return r.text.slice(sentence.from[r.tokens[first].start], sentence.from[r.tokens[last].end - 1] + 1)
}

/**
 * Harm done to the student: abuse when the sentence (or else the post) names home or a family
 * member, bullying when it names school or other children, abuse when it names neither.
 */
function placeOfHarm(readings: Reading[], here: Reading): RiskCategory {
  const sentence = readings.filter((r) => r.field === here.field && r.index === here.index)
  for (const where of [sentence, readings]) {
    if (anyMentions(where, (l) => l.home)) return 'abuse'
    if (anyMentions(where, (l) => l.school)) return 'bullying'
  }
  return 'abuse'
}

/** What makes a finding one of its kind: its category in its sentence. */
const findingKey = (f: ContentFinding) => `${f.category}\u0000${f.field}\u0000${f.sentence}`

/**
 * One finding per category and sentence: the first words found there, unless later words of the
 * same category are urgent ("give him my lunch money every monday or he breaks my face": the
 * extortion, not the money, is what the teacher must see at once).
 */
function dedupe(findings: ContentFinding[]) {
  const kept = new Map<string, ContentFinding>()
  for (const f of findings) {
    const key = findingKey(f)
    const first = kept.get(key)
    if (!first || (first.severity === 'medium' && f.severity === 'high')) kept.set(key, f)
  }
  return [...kept.values()]
}
