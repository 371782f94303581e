/** English words to their lemmas (tenses and plurals), without a dictionary: the tokens' base forms (tokens.server.ts). */

const IRREGULAR: Record<string, string> = {
  was: 'be', were: 'be', am: 'be', is: 'be', are: 'be', been: 'be', being: 'be',
  beat: 'beat', beaten: 'beat', hit: 'hit', hitting: 'hit', cut: 'cut', cutting: 'cut', hurt: 'hurt',
  died: 'die', dying: 'die', dies: 'die', dead: 'dead', killed: 'kill', took: 'take', taken: 'take',
  threw: 'throw', thrown: 'throw', kept: 'keep', left: 'leave', felt: 'feel', said: 'say', says: 'say',
  told: 'tell', made: 'make', ate: 'eat', slept: 'sleep', woke: 'wake', stole: 'steal', stolen: 'steal',
  burnt: 'burn', bled: 'bleed', hung: 'hang', hanged: 'hang', gave: 'give', given: 'give', got: 'get',
  gotten: 'get', wanna: 'want', gonna: 'go', hates: 'hate', lives: 'life', knives: 'knife', pills: 'pill',
  wrists: 'wrist', locks: 'lock', tried: 'try', tries: 'try', cries: 'cry', cried: 'cry', kms: 'kms',
  bit: 'bite', bitten: 'bite', pressed: 'press', put: 'put',
  shoved: 'shove', slapped: 'slap', punched: 'punch', kicked: 'kick', kicks: 'kick', scratched: 'scratch',
}
const NO_STRIP = new Set(['this', 'his', 'is', 'was', 'has', 'us', 'yes', 'less', 'kiss', 'miss', 'boss', 'class', 'glass', 'press', 'dress', 'always', 'sometimes', 'nobody', 'need', 'feed', 'bleed', 'red', 'bed', 'shed', 'hundred', 'scared', 'weird', 'bored', 'tired', 'ed', 'news', 'bus', 'plus', 'thus', 'during', 'nothing', 'something', 'anything', 'everything', 'bring', 'ring', 'sing', 'thing', 'king', 'spring', 'string', 'morning', 'evening', 'ceiling'])

/** The lemma of an English word: irregular forms, then -ing, -ed and -s stripped (doubled consonants undone). */
export function englishLemma(word: string): string {
  const w = word.replace(/’/g, "'")
  if (IRREGULAR[w]) return IRREGULAR[w]
  if (NO_STRIP.has(w) || w.length <= 3) return w
  const undouble = (s: string) => (/([bdgklmnprt])\1$/.test(s) && !/(ll|ss)$/.test(s) ? s.slice(0, -1) : s)
  if (w.endsWith('ing') && w.length > 5) {
    const stem = w.slice(0, -3)
    return /[^aeiou][aeiou][^aeiouwxy]$/.test(stem) && !/([bdgklmnprt])\1$/.test(stem) && stem.length <= 4 ? stem + 'e' : undouble(stem)
  }
  if (w.endsWith('ied')) return w.slice(0, -3) + 'y'
  if (w.endsWith('ed') && w.length > 4) {
    const stem = w.slice(0, -2)
    if (/([bdgklmnprt])\1$/.test(stem)) return undouble(stem)
    return /(at|iz|us|ov|ar|ok|ak|ap|ip|at|ur|ir|id|ad|ok)$/.test(stem) ? stem + 'e' : stem
  }
  if (w.endsWith('ies') && w.length > 4) return w.slice(0, -3) + 'y'
  if (/(sh|ch|x|ss)es$/.test(w)) return w.slice(0, -2)
  if (w.endsWith('s') && !w.endsWith('ss') && !w.endsWith("'s")) return w.slice(0, -1)
  return w
}
