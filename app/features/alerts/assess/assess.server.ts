/**
 * The content assessment of a post (issue 33, decision 0042): each text of the post read sentence
 * by sentence in its languages, each finding with its category, severity and the whole sentence it
 * was found in. Never throws: an analyser that fails is logged and the other languages still read.
 */
import { SEVERITY, type RiskCategory } from './lexicon'
import { lexiconOf, matchSentence, mentions, type CompiledLexicon, type Dismissal, type PostContext } from './match'
import { languagesOf, sentencesOf, type Language, type Sentence } from './text'
import { tokensOf, type Token } from './tokens.server'

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
}
export interface Assessment {
  findings: ContentFinding[]
  severity: 'high' | 'medium' | null
  /** Words that looked worrying but were set aside (a negation, a game, someone else's): a second opinion may look. */
  setAside: { field: PostField; sentence: string; why: Dismissal; category: string; language: Language }[]
}

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
async function readPost(post: PostTexts, journalLanguage?: string): Promise<Reading[]> {
  const readings: Reading[] = []
  for (const field of FIELDS) {
    const text = post[field] ?? ''
    if (!text.trim()) continue
    const sentences = sentencesOf(text)
    for (const [index, sentence] of sentences.entries())
      for (const language of languagesOf(sentence.text, journalLanguage)) {
        try {
          readings.push({ field, text, sentences, index, language, tokens: await tokensOf(sentence.text, language) })
        } catch (error) {
          console.error(`risk assessment: the ${language} analyser failed; the post's other languages are still read`, error)
        }
      }
  }
  return readings
}

const sentenceText = (r: Reading, index = r.index) => r.text.slice(r.sentences[index].start, r.sentences[index].end)
const anyMentions = (readings: Reading[], words: (lex: CompiledLexicon) => Set<string>) => readings.some((r) => mentions(r.language, r.tokens, words(lexiconOf(r.language))))

export async function assessPost(post: PostTexts, journalLanguage?: string): Promise<Assessment> {
  const readings = await readPost(post, journalLanguage)
  // Context from the whole post: reassurance ("it didn't even hurt"), a game or a sport.
  const context: PostContext = { reassured: anyMentions(readings, (l) => l.playful), story: anyMentions(readings, (l) => l.fiction), activity: anyMentions(readings, (l) => l.activity) }
  const findings: ContentFinding[] = []
  const setAside: Assessment['setAside'] = []
  for (const r of readings) {
    const { found, dismissed } = matchSentence(r.language, r.tokens, context)
    // The earliest words of each finding come first: they decide whether the sentence before is shown.
    found.sort((a, b) => a.first - b.first)
    for (const m of found) {
      const category = m.category === 'harm' ? placeOfHarm(readings, r) : m.category
      findings.push({
        category,
        severity: SEVERITY[category],
        field: r.field,
        sentence: sentenceText(r),
        ...(m.first === 0 && r.index > 0 ? { before: sentenceText(r, r.index - 1) } : {}),
        words: originalWords(r, m.first, m.last),
        language: r.language,
      })
    }
    for (const d of dismissed) setAside.push({ field: r.field, sentence: sentenceText(r), why: d.why, category: d.category, language: r.language })
  }
  if (!findings.some((f) => f.category === 'suicide')) findings.push(...togetherFindings(readings))
  // "I felt hopeless for about an hour. Then we got pizza.": a low mood that passed, and nothing else.
  if (findings.every((f) => f.category === 'hopelessness') && anyMentions(readings, (l) => l.passing)) findings.length = 0
  const unique = dedupe(findings)
  return { findings: unique, severity: unique.some((f) => f.severity === 'high') ? 'high' : unique.length ? 'medium' : null, setAside }
}

/** Signs that count only together anywhere in the post (pills and counting them): the finding is the later sentence. */
function togetherFindings(readings: Reading[]): ContentFinding[] {
  const out: ContentFinding[] = []
  for (const language of ['en', 'zh', 'ja'] as Language[]) {
    const mine = readings.filter((r) => r.language === language)
    for (const pair of lexiconOf(language).together) {
      const [a, b] = pair.words.map((words) => mine.filter((r) => mentions(language, r.tokens, words)))
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

/** One finding per category and sentence: the first words found there. */
function dedupe(findings: ContentFinding[]) {
  const seen = new Set<string>()
  return findings.filter((f) => {
    const key = `${f.category}\u0000${f.field}\u0000${f.sentence}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
