/**
 * The model's gate (decision 0066): the model alone raises a post only if the post holds
 * at least one word of distress, from a broad list per language (distress/{en,zh,ja}.txt, plain
 * files a safeguarding lead can read). It is no rule: a word here raises nothing by itself. It
 * keeps the model from crying wolf on a post with nothing worrying in it at all (a museum trip, a
 * song, a joke), whatever the model's weights make of its other words.
 *
 * English terms match a word's forms (its lemma) or, ending in `*`, every word that begins with
 * them; several words match in a row. Chinese and Japanese terms match anywhere in the sentence
 * (Chinese in simplified characters, as the analysers read it).
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SentenceReading } from './model.server'
import type { Language } from '~/features/text/text'
import { englishLemma, simplified } from '~/features/text/tokens.server'

/** One English term: its words, each a whole word (compared with a word's surface and lemma) or a prefix. */
type EnglishTerm = { word: string; prefix: boolean }[]
export interface DistressWords {
  en: EnglishTerm[]
  zh: string[]
  ja: string[]
}

/** The terms of a list file: one a line, `#` comments and blank lines left out. */
export function termsOf(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/u, '').trim().normalize('NFKC').toLowerCase())
    .filter(Boolean)
}

export function compileDistress(files: Record<Language, string>): DistressWords {
  return {
    en: termsOf(files.en).map((term) =>
      term.split(/\s+/u).map((w) => (w.endsWith('*') ? { word: w.slice(0, -1), prefix: true } : { word: englishLemma(w), prefix: false })),
    ),
    zh: [...new Set(termsOf(files.zh).map((t) => simplified(t)))],
    ja: termsOf(files.ja),
  }
}

/** Whether a sentence holds a word of distress. */
export function sentenceDistressed(words: DistressWords, { language, tokens, text }: SentenceReading): boolean {
  if (language === 'en') {
    const at = (t: number, w: EnglishTerm[number]) => {
      const token = tokens[t]
      return w.prefix ? token.surface.startsWith(w.word) : token.base === w.word || token.surface === w.word
    }
    return words.en.some((term) => tokens.some((_, i) => i + term.length <= tokens.length && term.every((w, k) => at(i + k, w))))
  }
  const haystack = language === 'zh' ? tokens.map((t) => t.surface).join('') : text.replace(/\s/gu, '')
  return words[language].some((term) => haystack.includes(term))
}

function listDir() {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir)
  return path.join(dir, 'app', 'features', 'alerts', 'assess', 'distress')
}

let loaded: DistressWords | undefined
/** The lists, read and checked once at the first use. */
export function distressWords(): DistressWords {
  if (!loaded) {
    const dir = listDir()
    const files = Object.fromEntries((['en', 'zh', 'ja'] as const).map((l) => [l, readFileSync(path.join(dir, `${l}.txt`), 'utf8')])) as Record<Language, string>
    loaded = compileDistress(files)
    for (const l of ['en', 'zh', 'ja'] as const) if (!loaded[l].length) throw new Error(`the model's distress words for ${l} are empty (${dir})`)
  }
  return loaded
}

/** Whether any sentence of a post holds a word of distress. */
export const distressed = (readings: SentenceReading[]) => readings.some((r) => sentenceDistressed(distressWords(), r))
