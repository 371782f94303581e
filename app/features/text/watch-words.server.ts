/**
 * A school's own watch words as the text module reads them (decision 0062): local
 * slang, a nickname used to bully. A phrase and a post are read in one normal form, the post's
 * (text.ts): lower case, full-width letters as ordinary ones, invisible characters gone, a young
 * writer's spaces between Chinese or Japanese characters gone, and Chinese characters in their
 * simplified form (so 「豬頭」 matches 「猪头」), one space between words. A phrase matches as a
 * whole word where it starts or ends with a Latin letter or a digit ("Tom" is not found in "tomato"),
 * and anywhere in Chinese and Japanese text, which has no spaces between words.
 */
import { normalise } from './text'
import { simplified } from './tokens.server'

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u
/** A letter or digit of a language written with spaces: where a phrase starts or ends with one, it matches a whole word. */
const WORDLIKE = /[\p{Script=Latin}\p{N}]/u
const WORDLIKE_CLASS = '[\\p{Script=Latin}\\p{N}]'

/** Chinese characters in their simplified form: the one form both a phrase and a post are matched in (offsets unchanged). */
const unified = (text: string) => (HAN.test(text) ? simplified(text) : text)

/** How a phrase is matched and kept once a list: its normal form ("ＦＡＴＳＯ" and "Fatso" are "fatso"). */
export function watchKey(phrase: string) {
  return unified(normalise(phrase).text.replace(/\s+/gu, ' ').trim())
}

/** Whether a phrase has something to match: a letter or a digit of any script. */
export const hasLetters = (phrase: string) => /[\p{L}\p{N}]/u.test(watchKey(phrase))

/** The phrase's pattern: its words with any spaces between them, whole words at a Latin letter's or a digit's edge. */
export function watchPattern(key: string) {
  const body = key
    .split(' ')
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+')
  const start = WORDLIKE.test(key[0] ?? '') ? `(?<!${WORDLIKE_CLASS})` : ''
  const end = WORDLIKE.test(key.at(-1) ?? '') ? `(?!${WORDLIKE_CLASS})` : ''
  return new RegExp(start + body + end, 'u')
}

/** A sentence's normalised text as watch words are matched in it (the same length: every offset stays). */
export const watchText = unified
