/**
 * The lexicon's patterns (the word lists in features/text/lexicon/) compiled and matched over a
 * sentence's tokens. Pure: the tokens come from features/text/tokens.server.ts.
 */
import { ENGLISH_SPLIT, type Language } from '~/features/text/text'
import { englishLemma, type Token } from '~/features/text/tokens.server'
import { LEXICONS, PATTERN_GAP, type RiskCategory, type Rule, type RuleCategory } from './lexicon'

/** One alternative of a slot: English words one after another, or a Chinese or Japanese string made of whole words. */
type Alternative = string[]
interface Slot {
  alternatives: Alternative[]
  /** How many words may come between the previous slot and this one. */
  gap: number
}
export interface Compiled {
  rule: Rule
  slots: Slot[]
  /** The pattern itself holds a negation (「不想活」, "don't want to live"): no negation turns it round. */
  negative: boolean
}
export interface Match {
  category: RuleCategory
  rule: Rule
  /** Tokens from `first` to `last`, inclusive. */
  first: number
  last: number
}

const lemmas = new Map<string, string>()
const lemma = (word: string) => lemmas.get(word) ?? lemmas.set(word, englishLemma(word)).get(word)!

const GAPS: Record<string, number> = { '+': 0, '..': 3, '...': 8 }

/** `@name` in an alternative stands for each word of that set ("my @body": "my arm", "my leg", …). */
function expand(alt: string, sets: Record<string, string>): string[] {
  const m = /@(\w+)/u.exec(alt)
  if (!m) return [alt]
  return sets[m[1]].split('|').flatMap((word) => expand(alt.slice(0, m.index) + word + alt.slice(m.index + m[0].length), sets))
}

function compilePattern(language: Language, pattern: string, sets: Record<string, string>): Slot[] {
  const parts = pattern.split(PATTERN_GAP)
  const slots: Slot[] = []
  for (let i = 0; i < parts.length; i += 2) {
    const gap = i === 0 ? 0 : GAPS[parts[i - 1]]
    const alternatives = parts[i]
      .split('|')
      .flatMap((alt) => expand(alt, sets))
      .map((alt) => (language === 'en' ? alt.trim().split(/\s+/u).flatMap((w) => ENGLISH_SPLIT[w] ?? [w]) : [alt.trim()]))
      .filter((alt) => alt[0])
    slots.push({ alternatives, gap })
  }
  return slots
}

const wordSet = (words: string) => new Set(words.split('|'))

/** A pattern's word that is itself a negation: "don't", 「不想活」, 「生きたくない」. */
const isNegation = (language: Language, word: string, negators: Set<string>) =>
  language === 'en' ? negators.has(word) : language === 'zh' ? /[不没别]/u.test(word) : /ない|ません/u.test(word)

export interface CompiledLexicon {
  language: Language
  rules: Compiled[]
  masks: Slot[][]
  negators: Set<string>
  fiction: Set<string>
  activity: Set<string>
  playful: Set<string>
  teaching: Set<string>
  staged: Set<string>
  asked: Set<string>
  conditional: Set<string>
  denial: Set<string>
  hyperbole: Set<string>
  younger: Set<string>
  passing: Set<string>
  together: { category: RiskCategory; words: [Set<string>, Set<string>] }[]
  occasions: { categories: Set<RiskCategory>; words: Set<string> }[]
  others: Set<string>
  me: Set<string>
  home: Set<string>
  school: Set<string>
  family: Set<string>
}

function compile(language: Language): CompiledLexicon {
  const lex = LEXICONS[language]
  const negators = wordSet(lex.negators)
  const rules = lex.rules.map((rule) => {
    const slots = compilePattern(language, rule.pattern, lex.sets)
    const negative = slots.some((s) => s.alternatives.some((alt) => alt.some((w) => isNegation(language, w, negators))))
    return { rule, slots, negative }
  })
  return {
    language,
    rules,
    masks: lex.masks.map((m) => compilePattern(language, m, lex.sets)),
    negators,
    fiction: wordSet(lex.fiction),
    activity: wordSet(lex.activity),
    playful: wordSet(lex.playful),
    teaching: wordSet(lex.teaching),
    staged: wordSet(lex.staged),
    asked: wordSet(lex.asked),
    conditional: wordSet(lex.conditional),
    denial: wordSet(lex.denial),
    younger: wordSet(lex.younger),
    passing: wordSet(lex.passing),
    hyperbole: wordSet(lex.hyperbole),
    together: lex.together.map((t) => ({ category: t.category, words: [wordSet(t.words[0]), wordSet(t.words[1])] as [Set<string>, Set<string>] })),
    occasions: lex.occasions.map((o) => ({ categories: new Set(o.categories), words: wordSet(o.words) })),
    others: wordSet(lex.others),
    me: wordSet(lex.sets.me + (language === 'en' ? '|i|my|i\'m|im|mine' : '')),
    home: wordSet(lex.home),
    school: wordSet(lex.school),
    family: wordSet(lex.sets.family),
  }
}

const compiled = new Map<Language, CompiledLexicon>()
export const lexiconOf = (language: Language) => compiled.get(language) ?? compiled.set(language, compile(language)).get(language)!

/** Where an alternative can end when it starts at token `i` (exclusive ends). */
function alternativeEnds(language: Language, tokens: Token[], i: number, alt: Alternative): number[] {
  if (language === 'en') {
    if (i + alt.length > tokens.length) return []
    // A word of the pattern matches any form of itself: "it bruised" holds "it bruises".
    for (let k = 0; k < alt.length; k++) if (tokens[i + k].surface !== alt[k] && tokens[i + k].base !== alt[k] && tokens[i + k].base !== lemma(alt[k])) return []
    return [i + alt.length]
  }
  // Chinese and Japanese: whole words whose written forms (the last one's base form too) make the string.
  const target = alt[0]
  const ends: number[] = []
  let surfaces = ''
  for (let k = i; k < tokens.length && surfaces.length < target.length; k++) {
    const last = surfaces + tokens[k].base
    surfaces += tokens[k].surface
    if (surfaces === target || last === target) ends.push(k + 1)
  }
  return ends
}

function slotEnds(language: Language, tokens: Token[], i: number, slot: Slot): number[] {
  const out: number[] = []
  for (const alt of slot.alternatives) out.push(...alternativeEnds(language, tokens, i, alt))
  return out
}

const CLAUSE_MARKS = /^[,，、;；:：]$/u

/** The first match of a pattern in the tokens: [first, last] token, or null. */
export function matchSlots(language: Language, tokens: Token[], slots: Slot[]): [number, number] | null {
  const from = (slotIndex: number, lo: number): number | null => {
    const slot = slots[slotIndex]
    for (let i = lo; i <= Math.min(tokens.length - 1, lo + (slotIndex === 0 ? 0 : slot.gap)); i++) {
      // A gap stays in its clause: 「被老师抓到，我死定了」 is not "hit ... me".
      if (i > lo && CLAUSE_MARKS.test(tokens[i - 1].surface)) break
      for (const end of slotEnds(language, tokens, i, slot)) {
        if (slotIndex === slots.length - 1) return end - 1
        const last = from(slotIndex + 1, end)
        if (last !== null) return last
      }
    }
    return null
  }
  for (let start = 0; start < tokens.length; start++) {
    const last = from(0, start)
    if (last !== null) return [start, last]
  }
  return null
}

/**
 * A strong phrase found anywhere in the sentence's text, even across the analyser's word
 * boundaries (「しにたいしにたい」 cut in odd places): the tokens it covers.
 */
function matchAnywhere(tokens: Token[], slot: Slot): [number, number, string][] {
  if (!tokens.length) return []
  const text = tokens.map((t) => t.surface).join('')
  const starts: number[] = []
  let at = 0
  for (const t of tokens) {
    starts.push(at)
    at += t.surface.length
  }
  const found: [number, number, string][] = []
  for (const [phrase] of slot.alternatives) {
    const i = text.indexOf(phrase)
    if (i < 0) continue
    found.push([starts.findLastIndex((s) => s <= i), starts.findLastIndex((s) => s < i + phrase.length), phrase])
  }
  return found
}

/**
 * Whether the tokens hold a word of the set: as a word, an English phrase of several words, or a
 * Chinese or Japanese word wherever the analyser cut it (two characters or more, three in hiragana;
 * a single kanji in Japanese, where 「笑」 closes a sentence).
 */
export function mentions(language: Language, tokens: Token[], set: Set<string>) {
  if (tokens.some((t) => has(set, t))) return true
  if (language === 'en') {
    // A phrase matches as written or, word by word, any form of its words ("we move": "we moved").
    const spaced = ` ${tokens.map((t) => t.surface).join(' ')} `
    let based: string | undefined
    const inBases = (w: string) => (based ??= ` ${tokens.map((t) => t.base).join(' ')} `).includes(` ${w} `)
    return [...set].some((w) => w.includes(' ') && (spaced.includes(` ${w} `) || inBases(w)))
  }
  const text = tokens.map((t) => t.surface).join('')
  return [...set].some((w) => longEnough(language, w) && text.includes(w))
}

/** A word found inside others' text must be long enough not to be part of them: 「てき」 is in 「帰ってきた」. */
function longEnough(language: Language, word: string) {
  if (language === 'ja' && /^[\u3040-\u309f]+$/u.test(word)) return word.length >= 3
  return word.length > 1 || (language === 'ja' && /\p{Script=Han}/u.test(word))
}

const REFLEXIVE = new Set(['myself', 'own', '自己', '自分'])

const has = (set: Set<string>, t: Token) => set.has(t.surface) || set.has(t.base)

/** Why a match was set aside, if it was. */
export type Dismissal = 'mask' | 'negated' | 'someone else' | 'story' | 'teaching'

/**
 * Context from the whole post: a laugh or reassurance anywhere ("it didn't even hurt"), a game or a
 * sport anywhere (「跆拳道升级考试」, then 「被踢了好几下」).
 */
export interface PostContext {
  reassured?: boolean
  /** The student said a plain no somewhere (to a question in another sentence). */
  denied?: boolean
  /** A lesson or a campaign somewhere in the post. */
  teaching?: boolean
  story?: boolean
  activity?: boolean
}

/** The places of a sentence's words that a set phrase or figure of speech holds (masks.txt). */
function maskedTokens(language: Language, tokens: Token[]) {
  const masked = new Set<number>()
  for (const mask of lexiconOf(language).masks) {
    // A mask can occur more than once in a sentence: mark each.
    let offset = 0
    while (offset < tokens.length) {
      const m = matchSlots(language, tokens.slice(offset), mask)
      if (!m) break
      for (let t = m[0]; t <= m[1]; t++) masked.add(offset + t)
      offset += m[1] + 1
    }
  }
  return masked
}

/** Every rule's match in a sentence, and the matches set aside with the reason. */
export function matchSentence(language: Language, tokens: Token[], post: PostContext = {}) {
  const lex = lexiconOf(language)
  const masked = maskedTokens(language, tokens)
  const inText = (set: Set<string>) => mentions(language, tokens, set)
  const fiction = inText(lex.fiction)
  const activity = inText(lex.activity)
  const playful = !!post.reassured || inText(lex.playful)
  const hyperbole = inText(lex.hyperbole)
  const staged = fiction && inText(lex.staged)
  // A lesson or a campaign about bullying or self-harm is not a disclosure.
  // A question the student answered no: "the survey asked if i ever want to hurt myself", then "nope!".
  const teaching = inText(lex.teaching) || (!!post.denied && inText(lex.asked))
  // "If someone hits you, tell an adult" in a post about a lesson: its advice, about nobody.
  const advice = !!post.teaching && inText(lex.conditional)
  const found: Match[] = []
  const dismissed: (Match & { why: Dismissal })[] = []
  for (const c of lex.rules) {
    // A strong phrase may occur beside another of its rule: a denied one (「自殺とかはしないけど」)
    // does not hide the next (「いなくなってたらいいのに」). The first that stands is the finding.
    const candidates = c.rule.anywhere ? matchAnywhere(tokens, c.slots[0]) : [matchSlots(language, tokens, c.slots)].filter((m) => m !== null)
    let firstDismissed: (Match & { why: Dismissal }) | null = null
    for (const m of candidates) {
      const match: Match = { category: c.rule.category, rule: c.rule, first: m[0], last: m[1] }
      // A strong phrase is negated by what surrounds it unless the phrase itself says "not" (「生きたくない」).
      const negative = c.rule.anywhere ? isNegation(language, String(m[2] ?? ''), lex.negators) : c.negative
      const why = teaching || (advice && c.rule.category !== 'suicide' && c.rule.category !== 'self_harm') ? 'teaching' : dismissal(lex, tokens, { ...c, negative }, match, masked, { fiction, activity, playful, hyperbole, staged, post })
      if (!why) {
        found.push(match)
        firstDismissed = null
        // A sign's every word found stands (the finding shows them all, from the first to the last).
        if (!c.rule.sign) break
      } else if (!found.some((f) => f.rule === c.rule)) firstDismissed ??= { ...match, why }
    }
    if (firstDismissed) dismissed.push(firstDismissed)
  }
  return { found, dismissed, masked }
}

interface SentenceContext {
  fiction: boolean
  activity: boolean
  playful: boolean
  hyperbole: boolean
  /** A play or a film with its props: "i was juliet and had to stab myself with a cardboard dagger". */
  staged: boolean
  post: PostContext
}

function dismissal(lex: CompiledLexicon, tokens: Token[], c: Compiled, m: Match, masked: Set<number>, { fiction, activity, playful, hyperbole, staged, post }: SentenceContext): Dismissal | null {
  for (let t = m.first; t <= m.last; t++) if (masked.has(t)) return 'mask'
  if (c.negative ? denied(lex, tokens, m) : negated(lex, tokens, m)) return 'negated'
  // "so boring I want to die lol", 「恥ずかしすぎて消えたい」: a figure of speech.
  if (c.rule.category === 'suicide' && hyperbole && playful) return 'mask'
  if (c.rule.self && aboutSomeoneElse(lex, tokens, m.first)) return 'someone else'
  if (c.rule.byOther && doneByMe(lex, tokens, m.first)) return 'someone else'
  // 「うでをひっかかれた」: scratched by someone (a cat), not by oneself.
  if (c.rule.category === 'self_harm' && lex.language === 'ja' && /^(れる|られる)$/u.test(tokens[m.last + 1]?.base ?? '')) return 'someone else'
  // A toddler's bite with "it didn't even hurt" is not abuse.
  if ((c.rule.category === 'abuse' || c.rule.category === 'harm') && playful && tokens.some((t) => has(lex.younger, t))) return 'story'
  // Harm to oneself ("cutting myself", 「打自己」) is never a game or a kitchen's.
  const reflexive = tokens.slice(m.first, m.last + 1).some((t) => REFLEXIVE.has(t.surface))
  // Except by accident in a game ("hit myself with my own racket, everyone saw").
  if (reflexive && c.rule.category === 'self_harm' && activity && playful) return 'story'
  // Or acted, with its props.
  if (reflexive && staged) return 'story'
  if (c.rule.story && !reflexive) {
    const familyAct = c.rule.category === 'abuse' && tokens.slice(m.first, m.last + 1).some((t) => has(lex.family, t))
    const someoneDidIt = c.rule.category !== 'abuse' && !playful && tokens.slice(0, m.first).some((t) => has(lex.others, t))
    if (fiction || (activity && !familyAct && !someoneDidIt)) return 'story'
    // A post about a game or a sport, and nobody named here: 「被踢了好几下」 after 「跆拳道」.
    const named = tokens.some((t) => has(lex.others, t) || has(lex.family, t))
    if (!named && !familyAct && (post.story || (post.activity && c.rule.category === 'harm'))) return 'story'
  }
  return null
}

/** A negation just before the words (English, Chinese) or just after them (Japanese). */
function negated(lex: CompiledLexicon, tokens: Token[], m: Match) {
  // Japanese negates after the verb, often past a particle (「死にたいなんて思わない」).
  if (lex.language === 'ja') {
    // Past 「なんて」「とか」 the negation may come later (「死にたいなんて一回も思ったことない」), but not past 「けど」.
    const far = QUOTING.has(tokens[m.last + 1]?.surface ?? '') ? 9 : 5
    const after = tokens.slice(m.last + 1, m.last + far)
    const stop = after.findIndex((t) => CLAUSE_ENDS.has(t.surface))
    return (stop < 0 ? after : after.slice(0, stop)).some((t) => has(lex.negators, t))
  }
  if (tokens.slice(m.first + 1, m.last).some((t) => has(lex.negators, t))) return true
  // Chinese negates the word it stands before (「不想死」); a 「不」 further back is another clause's.
  const window = lex.language === 'zh' ? 1 : 3
  for (let t = m.first - 1; t >= Math.max(0, m.first - window); t--) {
    if (has(lex.me, tokens[t]) && lex.language === 'en') return false
    if (has(lex.negators, tokens[t])) return true
  }
  return false
}

const QUOTING = new Set(['なんて', 'なんか', 'とか'])
const CLAUSE_ENDS = new Set(['けど', 'けれど', 'でも', 'が', '、', ',', '。'])

/** A negative phrase denied as a whole: 「我沒有想不開啦」 ("I'm not thinking of ending it"). */
const DENIALS = new Set(['没有', '才没有', '并没有', '从来没有', '从没', '不是', '才不是', '不会', '才不会', '绝对不会', '不可能'])
function denied(lex: CompiledLexicon, tokens: Token[], m: Match) {
  return lex.language === 'zh' && m.first > 0 && DENIALS.has(tokens[m.first - 1].surface)
}

/** Harm the student did (to themselves, by accident): "i hit my head on the frame". */
function doneByMe(lex: CompiledLexicon, tokens: Token[], first: number) {
  // Chinese puts the one who was hit before the verb too (「堵我打我」): anyone else named earlier did it.
  if (lex.language === 'zh' && tokens.slice(0, first).some((t) => has(lex.others, t) || has(lex.family, t))) return false
  for (let t = first - 1; t >= Math.max(0, first - 3); t--) {
    if (has(lex.others, tokens[t]) || has(lex.family, tokens[t])) return false
    if (tokens[t].surface === 'i' || tokens[t].surface === '我' || tokens[t].surface === '自分') return true
  }
  return false
}

/** Another subject (he, my friend, 「她」, 「友達が」) nearer before the words than the student. */
function aboutSomeoneElse(lex: CompiledLexicon, tokens: Token[], first: number) {
  for (let t = first - 1; t >= Math.max(0, first - 4); t--) {
    if (has(lex.me, tokens[t])) return false
    if (has(lex.others, tokens[t])) return true
  }
  return false
}
