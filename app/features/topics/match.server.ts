import { languagesOf, sentencesOf, type Language } from '~/features/alerts/assess/text'
import { englishLemma, simplified, tokensOf, type Token } from '~/features/alerts/assess/tokens.server'
import { TOPIC_WORDS, TOPICS, type Topic } from './lexicon'

/**
 * A post's topics (issue 37, decision 0049): its title and event read sentence by sentence with the
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

const compiled = new Map<Language, CompiledWord[]>()
function wordsOf(language: Language) {
  let words = compiled.get(language)
  if (!words) {
    words = TOPICS.flatMap((topic) =>
      TOPIC_WORDS[language][topic].split('|').map((raw) => {
        const word = raw.normalize('NFKC').toLowerCase()
        if (language === 'en') return { topic, parts: word.split(/\s+/u).map(stem), inside: false }
        const text = language === 'zh' ? simplified(word) : word
        return { topic, parts: [text], inside: INSIDE.test(text) }
      }),
    )
    compiled.set(language, words)
  }
  return words
}

function holds(language: Language, tokens: Token[], word: CompiledWord) {
  if (language === 'en') {
    const stems = tokens.map((t) => stem(t.surface))
    for (let i = 0; i + word.parts.length <= stems.length; i++) if (word.parts.every((p, k) => stems[i + k] === p)) return true
    return false
  }
  const target = word.parts[0]
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]
    if (t.surface === target || t.base === target || (word.inside && t.surface.includes(target))) return true
    // A word the analyser cut in two or more (「入れてくれない」): consecutive words that make it exactly.
    let joined = t.surface
    for (let k = i + 1; k < tokens.length && joined.length < target.length; k++) {
      joined += tokens[k].surface
      if (joined === target) return true
    }
  }
  return false
}

/** The topics of a text (a post's title and event), in the lexicon's order; none for an empty text or one in no language we read. */
export async function topicsOfText(text: string, journalLanguage?: string): Promise<Topic[]> {
  const found = new Set<Topic>()
  for (const sentence of sentencesOf(text)) {
    for (const language of languagesOf(sentence.text, journalLanguage)) {
      const tokens = await tokensOf(sentence.text, language)
      if (tokens.length === 0) continue
      for (const word of wordsOf(language)) if (!found.has(word.topic) && holds(language, tokens, word)) found.add(word.topic)
    }
  }
  return TOPICS.filter((t) => found.has(t))
}
