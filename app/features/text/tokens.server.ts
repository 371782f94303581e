/**
 * Words of a sentence, each with its base form and its place, in the three languages (decision
 * 0042): English by a small lemmatiser (tenses and plurals), Chinese segmented by jieba after
 * conversion to simplified characters (so 「活著」 and 「活着」 are one word), Japanese by kuromoji
 * (the IPADIC dictionary inside the package), whose base forms make 「叩かれます」 the verb 「叩く」.
 *
 * kuromoji's dictionary takes about 1.5 s and 250 MB to load: it is loaded at the first Japanese
 * text and let go after ten idle minutes, so a process that never meets Japanese never pays for it.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { englishLemma } from './english-lemma'
import { readByEar } from './spelling.server'
import { ENGLISH_SPLIT, type Language } from './text'

export interface Token {
  /** The word as written (normalised; Chinese in simplified characters). */
  surface: string
  /** Its base form: the lemma, the dictionary form. */
  base: string
  /** Offsets in the sentence's normalised text. */
  start: number
  end: number
}

const require = createRequire(import.meta.url)

// ---- English ----

export { englishLemma }

// Contractions are one word each (don't, dont), numbers too, then split where ENGLISH_SPLIT says ("he'll": he will); emoji and punctuation are not words.
const ENGLISH_WORD = /[a-z0-9]+(?:['’][a-z]+)?/gu

function english(text: string, names: ReadonlySet<string>): Token[] {
  return [...text.matchAll(ENGLISH_WORD)].flatMap((m) => {
    const word = m[0].replace(/’/g, "'")
    const start = m.index
    const end = m.index + m[0].length
    // A word spelt by ear is read as the word it stands for ("hert": hurt), still shown as written.
    // A name ("Dev", "Izzy") is never guessed.
    return (ENGLISH_SPLIT[word] ?? [word]).map((surface) => ({ surface, base: englishLemma(names.has(surface) ? surface : readByEar(surface)), start, end }))
  })
}

// ---- Chinese ----

type Jieba = { cut(text: string, hmm?: boolean): string[] }
let jieba: Jieba | undefined
let toSimplified: ((s: string) => string) | undefined

function chineseTools() {
  if (!jieba) {
    const { Jieba } = require('@node-rs/jieba') as { Jieba: { withDict(dict: Uint8Array): Jieba } }
    const { dict } = require('@node-rs/jieba/dict') as { dict: Uint8Array }
    jieba = Jieba.withDict(dict)
  }
  if (!toSimplified) {
    const OpenCC = require('opencc-js/t2cn') as { Converter(o: { from: string; to: string }): (s: string) => string }
    const convert = OpenCC.Converter({ from: 'tw', to: 'cn' })
    // Character for character, so every offset stays where it was (a phrase conversion may change a length).
    toSimplified = (s) => {
      const whole = convert(s)
      return whole.length === s.length ? whole : [...s].map((c) => (convert(c).length === c.length ? convert(c) : c)).join('')
    }
  }
  return { jieba, toSimplified }
}

/** The sentence in simplified characters: what the Chinese words are matched on. */
export function simplified(text: string) {
  return chineseTools().toSimplified(text)
}

function chinese(text: string): Token[] {
  const { jieba, toSimplified } = chineseTools()
  const s = toSimplified(text)
  const out: Token[] = []
  let at = 0
  for (const word of jieba.cut(s, false)) {
    const start = s.indexOf(word, at)
    if (start < 0) continue
    at = start + word.length
    if (/^\s+$/u.test(word)) continue
    out.push({ surface: word, base: word, start, end: at })
  }
  return out
}

// ---- Japanese ----

interface KuromojiToken {
  surface_form: string
  basic_form: string
  word_position: number
}
type Tokenizer = { tokenize(text: string): KuromojiToken[] }
let tokenizer: Promise<Tokenizer> | undefined
let idle: NodeJS.Timeout | undefined
const JAPANESE_IDLE_MS = 10 * 60_000

function japaneseTokenizer(): Promise<Tokenizer> {
  clearTimeout(idle)
  idle = setTimeout(() => (tokenizer = undefined), JAPANESE_IDLE_MS)
  idle.unref()
  tokenizer ??= new Promise<Tokenizer>((resolve, reject) => {
    const kuromoji = require('@sglkc/kuromoji') as { builder(o: { dicPath: string }): { build(cb: (err: Error | null, t: Tokenizer) => void): void } }
    const dicPath = path.join(path.dirname(require.resolve('@sglkc/kuromoji/package.json')), 'dict')
    kuromoji.builder({ dicPath }).build((err, t) => (err ? reject(err) : resolve(t)))
  }).catch((error: unknown) => {
    tokenizer = undefined
    throw error
  })
  return tokenizer
}

function japanese(t: Tokenizer, text: string): Token[] {
  return t
    .tokenize(text)
    .filter((k) => !/^\s+$/u.test(k.surface_form))
    .map((k) => {
      const start = k.word_position - 1
      return { surface: k.surface_form, base: k.basic_form && k.basic_form !== '*' ? k.basic_form : k.surface_form, start, end: start + k.surface_form.length }
    })
}

/**
 * The sentence's words in a language. Japanese waits for its dictionary the first time. `names`:
 * English words the student wrote with a capital inside a sentence (lower case), which are not
 * read as misspellings of the word lists' words ("Dev" is not "den").
 */
export async function tokensOf(text: string, language: Language, names: ReadonlySet<string> = new Set()): Promise<Token[]> {
  if (language === 'en') return english(text, names)
  if (language === 'zh') return chinese(text)
  return japanese(await japaneseTokenizer(), text)
}

/** Loads what the analysers need (the server's start, a bench's warm-up). */
export async function warmAnalysers(languages: Language[] = ['en', 'zh', 'ja']) {
  for (const language of languages) await tokensOf(language === 'en' ? 'a' : '死', language)
}
