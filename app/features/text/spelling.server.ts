/**
 * English spelt by ear, as young children write it ("i want to kil mysef", "it hert agen", "nobdy";
 * decision 0083): a word the English dictionary does not know is read as the word-list word it
 * most likely is. Only the word lists' own words are ever guessed, so a misspelling can only be
 * read as a word the rules or their contexts look for, and only when it is one letter away, or two
 * and sounds the same. The word as written stays what the alert shows.
 *
 * The dictionary (Hunspell's en_US, the dictionary-en package) takes about 0.25 s and 17 MB to load,
 * at the first English text.
 */
import dictionary from 'dictionary-en'
import { doubleMetaphone } from 'double-metaphone'
import nspell from 'nspell'
import { LEXICONS } from './lexicon.server'
import { englishLemma } from './english-lemma'

let speller: ReturnType<typeof nspell> | undefined
const guessed = new Map<string, string | null>()

/** Every word of the English lists, three letters or more, with how it sounds. */
const words = (() => {
  const lex = LEXICONS.en
  const texts = [...lex.rules.map((r) => r.pattern), ...lex.masks, ...Object.values(lex.sets), ...lex.together.flatMap((t) => t.words), ...lex.occasions.map((o) => o.words)]
  for (const value of Object.values(lex)) if (typeof value === 'string') texts.push(value)
  const words = new Set(texts.flatMap((t) => t.split(/[^a-z]+/u)).filter((w) => w.length >= 3))
  return words
})()
const vocabulary = [...words].map((word) => ({ word, sounds: doubleMetaphone(word) }))

/** Letters apart (insertions, deletions, substitutions, two letters swapped), up to `most`; more is `most + 1`. */
function distance(a: string, b: string, most: number) {
  if (Math.abs(a.length - b.length) > most) return most + 1
  let before: number[] = []
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j], before[j - 2] + 1)
    }
    if (Math.min(...row) > most) return most + 1
    ;[before, previous] = [previous, row]
  }
  return previous[b.length]
}

/** The word-list word a misspelt English word stands for, or the word itself. */
export function readByEar(word: string): string {
  // Two letters are too few to guess from ("bc" is not "bag").
  if (word.length < 3 || !/^[a-z]+$/u.test(word)) return word
  const known = guessed.get(word)
  if (known !== undefined) return known ?? word
  // nspell reads the dictionary's bytes as its Buffer.
  speller ??= nspell({ aff: Buffer.from(dictionary.aff), dic: Buffer.from(dictionary.dic) })
  let best: string | null = null
  // The lemmatiser reads inflections ("stabed": stab); the misspelt lemma is guessed too ("punshed").
  const lemma = englishLemma(word)
  // A name the dictionary knows with its capital ("maya", "ethan") is a name, not a misspelt word;
  // below four letters the dictionary's capitals are mostly abbreviations ("Ded"), not names.
  const name = word.length >= 4 && speller.correct(word[0].toUpperCase() + word.slice(1))
  if (!speller.correct(word) && !name && !words.has(word) && !words.has(lemma)) {
    let bestScore = Infinity
    for (const form of new Set([word, lemma])) {
      const sounds = doubleMetaphone(form)
      for (const v of vocabulary) {
        const d = distance(form, v.word, 2)
        const alike = v.sounds[0] === sounds[0] || v.sounds[1] === sounds[1]
        // One letter away, or two where it sounds the same and starts alike.
        const score = d === 1 ? (alike ? 0 : 1) : d === 2 && alike && form[0] === v.word[0] ? 2 : Infinity
        if (score < bestScore) [best, bestScore] = [v.word, score]
      }
    }
  }
  // Each word is guessed once; the memory of guesses is let go when it grows large.
  if (guessed.size > 50_000) guessed.clear()
  guessed.set(word, best)
  return best ?? word
}
