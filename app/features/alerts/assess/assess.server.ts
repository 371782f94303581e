/**
 * The content assessment of a post (issue 33, decision 0042): each text of the post read sentence
 * by sentence in its languages, each finding with its category, severity and the whole sentence it
 * was found in. Never throws: an analyser that fails is logged and the other languages still read.
 */
import { SEVERITY, type RiskCategory } from './lexicon'
import { lexiconOf, matchSentence, mentions, type Dismissal, type PostContext } from './match'
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

export async function assessPost(post: PostTexts, journalLanguage?: string): Promise<Assessment> {
  const findings: ContentFinding[] = []
  const setAside: Assessment['setAside'] = []
  // Where harm is placed (home or school) is read over the whole post.
  const whole = FIELDS.map((f) => post[f] ?? '').join('\n')
  // Context from the whole post: reassurance ("it didn't even hurt"), a game or a sport.
  const context = await postContext(whole, journalLanguage)
  for (const field of FIELDS) {
    const text = post[field] ?? ''
    if (!text.trim()) continue
    const sentences = sentencesOf(text)
    for (const [index, sentence] of sentences.entries()) {
      for (const language of languagesOf(sentence.text, journalLanguage)) {
        let tokens: Token[]
        try {
          tokens = await tokensOf(sentence.text, language)
        } catch (error) {
          console.error(`risk assessment: the ${language} analyser failed; the post's other languages are still read`, error)
          continue
        }
        const { found, dismissed } = matchSentence(language, tokens, context)
        // The earliest words of each finding come first: they decide whether the sentence before is shown.
        found.sort((a, b) => a.first - b.first)
        for (const m of found) {
          const category = m.category === 'harm' ? await placeOfHarm(whole, sentence.text, language, journalLanguage) : m.category
          const startsSentence = m.first === 0
          findings.push({
            category,
            severity: SEVERITY[category],
            field,
            sentence: text.slice(sentence.start, sentence.end),
            ...(startsSentence && index > 0 ? { before: text.slice(sentences[index - 1].start, sentences[index - 1].end) } : {}),
            words: originalWords(text, sentence, tokens, m.first, m.last),
            language,
          })
        }
        for (const d of dismissed) setAside.push({ field, sentence: text.slice(sentence.start, sentence.end), why: d.why, category: d.category, language })
      }
    }
  }
  if (!findings.some((f) => f.category === 'suicide')) findings.push(...(await togetherFindings(post, journalLanguage)))
  const unique = dedupe(findings)
  return { findings: unique, severity: unique.some((f) => f.severity === 'high') ? 'high' : unique.length ? 'medium' : null, setAside }
}

/** Every sentence of a text with its words, in each of its languages. */
async function* wordsOf(text: string, journalLanguage?: string) {
  for (const s of sentencesOf(text))
    for (const language of languagesOf(s.text, journalLanguage)) yield { sentence: s, language, tokens: await tokensOf(s.text, language).catch(() => [] as Token[]) }
}

async function postContext(text: string, journalLanguage?: string): Promise<PostContext> {
  const context: PostContext = {}
  for await (const { language, tokens } of wordsOf(text, journalLanguage)) {
    const lex = lexiconOf(language)
    context.reassured ||= mentions(language, tokens, lex.playful)
    context.story ||= mentions(language, tokens, lex.fiction)
    context.activity ||= mentions(language, tokens, lex.activity)
  }
  return context
}

/** Signs that count only together anywhere in the post (pills and counting them). */
async function togetherFindings(post: PostTexts, journalLanguage?: string): Promise<ContentFinding[]> {
  const seen = new Map<string, { field: PostField; sentence: string; language: Language }[]>()
  const out: ContentFinding[] = []
  for (const field of FIELDS) {
    const text = post[field] ?? ''
    for await (const { sentence, language, tokens } of wordsOf(text, journalLanguage)) {
      lexiconOf(language).together.forEach((pair, i) =>
        pair.words.forEach((words, side) => {
          if (mentions(language, tokens, words)) seen.set(`${language}:${i}:${side}`, [...(seen.get(`${language}:${i}:${side}`) ?? []), { field, sentence: text.slice(sentence.start, sentence.end), language }])
        }),
      )
    }
  }
  for (const language of ['en', 'zh', 'ja'] as Language[])
    lexiconOf(language).together.forEach((pair, i) => {
      const [a, b] = [seen.get(`${language}:${i}:0`), seen.get(`${language}:${i}:1`)]
      if (a && b) {
        const last = b.at(-1)!
        out.push({ category: pair.category, severity: SEVERITY[pair.category], field: last.field, sentence: last.sentence, before: a[0].sentence !== last.sentence ? a[0].sentence : undefined, words: last.sentence, language })
      }
    })
  return out
}

/** The matched words in the student's own writing. */
function originalWords(text: string, sentence: Sentence, tokens: Token[], first: number, last: number) {
  const start = sentence.from[tokens[first].start]
  const end = sentence.from[tokens[last].end - 1] + 1
  return text.slice(start, end)
}

/**
 * Harm done to the student: abuse when the sentence (or else the post) names home or a family
 * member, bullying when it names school or other children, abuse when it names neither.
 */
async function placeOfHarm(whole: string, sentence: string, language: Language, journalLanguage?: string): Promise<RiskCategory> {
  const lex = lexiconOf(language)
  const place = async (text: string) => {
    let home = false
    let school = false
    for (const s of sentencesOf(text))
      for (const l of languagesOf(s.text, journalLanguage)) {
        const words = await tokensOf(s.text, l).catch(() => [] as Token[])
        const other = l === language ? lex : lexiconOf(l)
        home ||= words.some((t) => other.home.has(t.surface) || other.home.has(t.base))
        school ||= words.some((t) => other.school.has(t.surface) || other.school.has(t.base))
      }
    return { home, school }
  }
  const here = await place(sentence)
  if (here.home) return 'abuse'
  if (here.school) return 'bullying'
  const post = await place(whole)
  if (post.home) return 'abuse'
  if (post.school) return 'bullying'
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

export const CATEGORIES = Object.keys(SEVERITY) as RiskCategory[]
