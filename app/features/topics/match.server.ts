import { languagesOf, sentencesOf, type Language } from '~/features/text/text'
import { englishLemma, simplified, tokensOf, type Token } from '~/features/text/tokens.server'
import { TOPIC_IDIOMS, TOPIC_PAIRS, TOPIC_WORDS, TOPICS, WEAK_WORDS, type Topic } from './lexicon'

/**
 * A post's topics (decision 0049): its title and event read sentence by sentence with the
 * risk alerts' analysers, each word of the topic lexicon looked for among the words they find.
 * Nothing here loads an analyser early: Chinese tools come with the first Chinese sentence and
 * kuromoji with the first Japanese one, as the alerts do.
 */

// English is compared on lemmas without a final "e" (words of four letters or more), so the
// lemmatiser's "exclud" (from "excluded") meets the lexicon's "exclude".
const stem = (word: string) => {
  const lemma = englishLemma(word)
  return lemma.length > 3 ? lemma.replace(/e$/u, '') : lemma
}

/** A phrase of the idiom list read as its plain sense (lexicon.ts), in the sentence's own text. */
function plainSense(text: string, language: Language) {
  let out = language === 'en' ? text.toLowerCase() : text
  for (const [idiom, sense] of TOPIC_IDIOMS[language]) out = out.replace(idiom, sense)
  return out
}

// "with Liam", "Priya and I", "at Mia's", 「跟品妤一起」, 「そうたと」: a classmate named, taking part.
// English: a capitalised word that is not a sentence's first; Chinese: two or three characters the
// analyser could not make a word of (names), after 跟/和/與 and before what they did together.
const NOT_NAMES = new Set(['i', 'mum', 'mom', 'dad', 'mr', 'mrs', 'ms', 'miss', 'sir', 'nan', 'gran', 'grandma', 'grandpa', 'aunty', 'auntie', 'aunt', 'uncle', 'god', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'christmas', 'easter', 'lego', 'minecraft', 'roblox', 'fortnite', 'youtube'])
function namesAPeer(original: string, language: Language, tokens: Token[]) {
  if (language === 'en') {
    for (const m of original.matchAll(/\b(?:with|and|at|to|from|invited|told|asked|called|helped|hugged|beat)\s+([A-Z][a-z]+)(?:'s)?\b|\b([A-Z][a-z]+)\s+(?:and I|and me|said|told|asked|ignored|invited|came over|came round|and I'm)\b/g)) {
      const name = (m[1] ?? m[2]).toLowerCase()
      if (!NOT_NAMES.has(name) && !wordsOf('en').some((w) => w.parts.length === 1 && w.parts[0] === stem(name))) return true
    }
    return false
  }
  if (language === 'zh') {
    for (let i = 0; i < tokens.length; i++) {
      if (!['跟', '和', '与', '陪'].includes(tokens[i].surface)) continue
      let n = 0
      while (i + 1 + n < tokens.length && n < 3 && tokens[i + 1 + n].surface.length === 1 && /\p{Script=Han}/u.test(tokens[i + 1 + n].surface)) n++
      const next = tokens[i + 1 + n]?.surface ?? ''
      if (n >= 2 && /^(一起|他们|她们|在|玩|打|去|吵|聊|说|做|约|比|互相|同一)/u.test(next)) return true
    }
  }
  return false
}

interface CompiledWord {
  topic: Topic
  /** English: the words of a phrase, stemmed. Chinese and Japanese: the word as one string. */
  parts: string[]
  /** Chinese or Japanese: the word may be found inside a longer word of the analyser. */
  inside: boolean
}

// Inside a longer word only with two Han or katakana characters or more: 「數學課」 holds 「數學」,
// but 「親友」 holds no 「親」, and hiragana (「いたい」 in 「言いたい」) never.
const INSIDE = /^[\p{Script=Han}\p{Script=Katakana}ー]{2,}$/u

const compile = (language: Language, topic: Topic, raw: string): CompiledWord => {
  const word = raw.normalize('NFKC').toLowerCase()
  if (language === 'en') return { topic, parts: word.split(/\s+/u).map(stem), inside: false }
  const text = language === 'zh' ? simplified(word) : word
  return { topic, parts: [text], inside: INSIDE.test(text) }
}

const compiled = new Map<Language, CompiledWord[]>()
function wordsOf(language: Language) {
  let words = compiled.get(language)
  if (!words) compiled.set(language, (words = TOPICS.flatMap((topic) => TOPIC_WORDS[language][topic].split('|').map((raw) => compile(language, topic, raw)))))
  return words
}

// The weak words (lexicon.ts) are looked for apart: they give their topic only when nothing more exact does.
const weakCompiled = new Map<Language, CompiledWord[]>()
function weakWordsOf(language: Language) {
  let words = weakCompiled.get(language)
  if (!words) weakCompiled.set(language, (words = WEAK_WORDS[language].words.split('|').map((raw) => compile(language, WEAK_WORDS[language].topic, raw))))
  return words
}

// The pairs (lexicon.ts) are looked for apart: each word gives its topic only near a word of its partner list.
const pairsCompiled = new Map<Language, { topic: Topic; words: CompiledWord[]; with: CompiledWord[]; within: number }[]>()
function pairsOf(language: Language) {
  let pairs = pairsCompiled.get(language)
  if (!pairs) {
    const list = (topic: Topic, raw: string) => raw.split('|').map((w) => compile(language, topic, w))
    pairsCompiled.set(language, (pairs = TOPIC_PAIRS[language].map((p) => ({ topic: p.topic, words: list(p.topic, p.words), with: list(p.topic, p.with), within: p.within }))))
  }
  return pairs
}

// A sentence's English stems, made once and read by every word of the lexicon.
const stemsOf = new WeakMap<Token[], string[]>()

/** Whether the sentence's words hold the lexicon's word starting at word i. */
function holdsAt(language: Language, tokens: Token[], word: CompiledWord, i: number) {
  if (language === 'en') {
    let stems = stemsOf.get(tokens)
    if (!stems) stemsOf.set(tokens, (stems = tokens.map((t) => stem(t.surface))))
    return i + word.parts.length <= stems.length && word.parts.every((p, k) => stems[i + k] === p)
  }
  const target = word.parts[0]
  const t = tokens[i]
  if (t.surface === target || t.base === target || (word.inside && t.surface.includes(target))) return true
  // A word the analyser cut in two or more (「入れてくれない」): consecutive words that make it exactly.
  let joined = t.surface
  for (let k = i + 1; k < tokens.length && joined.length < target.length; k++) {
    joined += tokens[k].surface
    if (joined === target) return true
  }
  return false
}

const holds = (language: Language, tokens: Token[], word: CompiledWord) => tokens.some((_, i) => holdsAt(language, tokens, word, i))

/** Where in the sentence any of the words begins. */
const placesOf = (language: Language, tokens: Token[], words: CompiledWord[]) => tokens.flatMap((_, i) => (words.some((w) => holdsAt(language, tokens, w, i)) ? [i] : []))

/** A word of the pair near a word of its partner list, in either order. */
function holdsPair(language: Language, tokens: Token[], pair: ReturnType<typeof pairsOf>[number]) {
  const at = placesOf(language, tokens, pair.words)
  if (at.length === 0) return false
  return placesOf(language, tokens, pair.with).some((j) => at.some((i) => i !== j && Math.abs(i - j) <= pair.within))
}

/** The topics of a text (a post's title and event), in the lexicon's order; none for an empty text or one in no language we read. */
export async function topicsOfText(text: string, journalLanguage?: string): Promise<Topic[]> {
  const found = new Set<Topic>()
  for (const sentence of sentencesOf(text)) {
    for (const language of languagesOf(sentence.text, journalLanguage)) {
      const tokens = await tokensOf(plainSense(sentence.text, language), language)
      if (tokens.length === 0) continue
      const here = new Set<Topic>()
      for (const word of wordsOf(language)) if (!here.has(word.topic) && holds(language, tokens, word)) here.add(word.topic)
      for (const pair of pairsOf(language)) if (!here.has(pair.topic) && holdsPair(language, tokens, pair)) here.add(pair.topic)
      const weak = WEAK_WORDS[language]
      if (!here.has(weak.topic) && !weak.yieldsTo.some((t) => here.has(t)) && weakWordsOf(language).some((w) => holds(language, tokens, w))) here.add(weak.topic)
      if (namesAPeer(text.slice(sentence.start, sentence.end), language, tokens)) here.add('friends')
      for (const t of here) found.add(t)
    }
  }
  return TOPICS.filter((t) => found.has(t))
}
