/**
 * A post's text as the assessment reads it: normalised (NFKC, so full-width Latin is Latin and
 * half-width katakana is katakana, ﾌﾞﾀ is ブタ; no zero-width characters, so 「死\u200bにたい」 is 「死にたい」; lower case), cut into sentences, each
 * sentence's languages told by its scripts. Every character keeps the offset it came from, so the
 * evidence a teacher reads is the student's own text.
 */

export type Language = 'en' | 'zh' | 'ja'

export interface Normalised {
  text: string
  /** For each character of `text`, its offset in the original. */
  from: number[]
}

const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/u

/** The combining voiced and semi-voiced sound marks, as NFKC makes the half-width ﾞ and ﾟ. */
const VOICED = /^[\u3099\u309a]$/u

// Kana, Han and the Japanese long-vowel mark: a space between two of them is a young writer's
// word spacing (「ママが もう かえってこない」), not a word boundary the analysers should see.
const CJK = /[\u3040-\u30ff\u3100-\u312f\u3400-\u9fff\uf900-\ufaff\uff66-\uff9f]/u

export function normalise(original: string): Normalised {
  const chars: string[] = []
  const offsets: number[] = []
  let i = 0
  for (const ch of original) {
    if (!INVISIBLE.test(ch)) {
      for (const c of ch.normalize('NFKC').toLowerCase()) {
        // A half-width voiced mark (ﾌﾞ) is a mark of its own after NFKC: joined to its kana (ブ), as full-width text writes it.
        const joined = VOICED.test(c) && chars.length ? (chars[chars.length - 1] + c).normalize('NFC') : ''
        if (joined.length === 1) chars[chars.length - 1] = joined
        else {
          chars.push(c)
          offsets.push(i)
        }
      }
    }
    i += ch.length
  }
  let text = ''
  const from: number[] = []
  for (let k = 0; k < chars.length; k++) {
    if (chars[k] === ' ' && CJK.test(chars[k - 1] ?? '')) {
      let next = k
      while (chars[next] === ' ') next++
      if (CJK.test(chars[next] ?? '')) {
        k = next - 1
        continue
      }
    }
    text += chars[k]
    // One offset per UTF-16 unit, as the text is indexed: an emoji is two units, and its second one
    // is the second unit of the original (an offset per character put every later sentence off by one).
    for (let unit = 0; unit < chars[k].length; unit++) from.push(offsets[k] + (chars[k] === original.slice(offsets[k], offsets[k] + chars[k].length) ? unit : 0))
  }
  return { text, from }
}

export interface Sentence {
  /** Normalised text of the sentence. */
  text: string
  /** Offsets of its characters in the original text. */
  from: number[]
  /** Where the sentence starts and ends in the original text. */
  start: number
  end: number
}

// A sentence ends at 。！？!? (and a run of them), a full stop before a space or the end, or a line break.
const SENTENCE_END = /[。！？!?…]+|\.(?=\s|$)|\n+/gu

export function sentencesOf(original: string): Sentence[] {
  const { text, from } = normalise(original)
  const out: Sentence[] = []
  let start = 0
  const push = (end: number) => {
    let a = start
    let b = end
    while (a < b && /\s/u.test(text[a])) a++
    while (b > a && /\s/u.test(text[b - 1])) b--
    if (b > a) out.push({ text: text.slice(a, b), from: from.slice(a, b), start: from[a], end: from[b - 1] + 1 })
  }
  for (const m of text.matchAll(SENTENCE_END)) {
    push(m.index + m[0].length)
    start = m.index + m[0].length
  }
  push(text.length)
  return out
}

const KANA = /[\u3040-\u30ff\uff66-\uff9f]/u
const HAN = /[\u3100-\u312f\u3400-\u9fff\uf900-\ufaff]/u
const LATIN = /[a-z]/u

/**
 * The languages a sentence is read in: kana means Japanese; Han without kana is Chinese (and also
 * Japanese in a Japanese journal, where 「自殺」 alone is Japanese too); Latin letters are English.
 */
export function languagesOf(sentence: string, journalLanguage?: string): Language[] {
  const out: Language[] = []
  const kana = KANA.test(sentence)
  const han = HAN.test(sentence)
  if (kana) out.push('ja')
  else if (han) {
    out.push('zh')
    if (journalLanguage === 'ja') out.push('ja')
  }
  if (LATIN.test(sentence)) out.push('en')
  return out
}

/** "i'm" and "im" are read as "i am" (in the text and in the lexicon alike), so "i .. am useless" holds "I'm just the useless one". */
export const ENGLISH_SPLIT: Record<string, string[]> = {
  "i'm": ['i', 'am'],
  im: ['i', 'am'],
  // "he'll drown my cat", "she's been sleeping in a car": the subject and its verb, as a rule writes them (decision 0084).
  "i'll": ['i', 'will'],
  "he'll": ['he', 'will'],
  "she'll": ['she', 'will'],
  "they'll": ['they', 'will'],
  theyll: ['they', 'will'],
  "we'll": ['we', 'will'],
  "you'll": ['you', 'will'],
  "he's": ['he', 'is'],
  hes: ['he', 'is'],
  "she's": ['she', 'is'],
  shes: ['she', 'is'],
  "they're": ['they', 'are'],
  theyre: ['they', 'are'],
}
