/**
 * The risk assessment's word lists (decisions 0042, 0065): plain files in `lexicon/<language>/`,
 * one rule a line under a `#` line saying what it catches, so that a school's safeguarding lead can
 * read them (the format is in lexicon/README.md). They are read and checked once, when the server
 * starts: a line that is not understood stops the start with its file and line, never a rule
 * silently dropped. The result is the lexicon the assessment matches (alerts/assess/match.ts).
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { projectFile } from '~/project-file.server'
import { CATEGORIES, type RiskCategory } from './taxonomy'
import { normalise, type Language } from './text'

/**
 * The rules' categories (the safeguarding taxonomy, ./taxonomy.ts), in the order their files
 * are read (which rule of a sentence is named first when two start on the same word). `harm` is harm done to the student by someone: abuse when the
 * post places it at home or names a family member, bullying when it names school or other children,
 * abuse when it names neither (an unexplained, repeated harm to a child is told at once).
 */
export const RULE_CATEGORIES = [...CATEGORIES.map((c) => c.category), 'harm'] as const
export type RuleCategory = (typeof RULE_CATEGORIES)[number]
export type { RiskCategory }

export interface Rule {
  category: RuleCategory
  /** Slots of words (see lexicon/README.md): `a|b .. c` is "a or b, then c within three words". */
  pattern: string
  /** The student must be the one the words are about: not when another subject comes just before (he, my friend, the character). */
  self?: boolean
  /** Dropped in a sentence about a game, a film, a book (and, but for a family member's act, sport, play or cooking). */
  story?: boolean
  /** Harm someone did to the student: not when the student is the subject ("i hit my head"). */
  byOther?: boolean
  /** Something done to the student (a threat, money taken): the model's "nothing here" does not set it aside. */
  act?: boolean
  /** A strong phrase matched anywhere in the sentence (one slot of alternatives): no analyser's cut can hide it. */
  anywhere?: boolean
  /** Told at once whatever its category's usual severity: extortion and threats among bullying, violence among emotional abuse (decision 0060). */
  urgent?: boolean
  /**
   * A sign, not a finding by itself ("the bus ticket's bought", "he sends me game credits"): it is
   * one only where the model also reads the post as this category (decision 0069). Two readings
   * that agree, so its finding has its category's severity and shows its words.
   */
  sign?: boolean
}
type Flag = Exclude<keyof Rule, 'category' | 'pattern'>

/** A rule's flags as the files write them. */
export const FLAGS: Record<string, Flag> = { self: 'self', story: 'story', 'by-other': 'byOther', act: 'act', anywhere: 'anywhere', urgent: 'urgent', sign: 'sign' }

export interface Lexicon {
  /** Named sets of words (`@family`): a slot's `@name` stands for each of its words. */
  sets: Record<string, string>
  rules: Rule[]
  /** Set phrases and hyperbole: a rule's match inside one of these is not a finding. */
  masks: string[]
  /** Words that turn the next words round ("not", 「不」); in Japanese they follow (「ない」). */
  negators: string
  /** Words that make a sentence about a game, a film, a book, a dream or a joke. */
  fiction: string
  /** Words of sport, play, cooking, the doctor's and animals: harm in them is not done to the student by someone. */
  activity: string
  /** Laughter, play and reassurance ("lol", 「哈哈」, "it didn't hurt"): with an activity, even harm someone did is play. */
  playful: string
  /** A question put to the student ("the survey asked if", 「問我有沒有」); with a `denial` in the post, its words are the question's. */
  asked: string
  /** "If" (「如果」, 「もし」): in a post about a lesson, harm after it is the lesson's advice ("if someone hits you, tell an adult"). */
  conditional: string
  /** The student's plain no ("nope", 「完全沒有」, 「ないない」). */
  denial: string
  /** Props and the stage ("a cardboard dagger", 「道具」): with a film or a play, even harm to oneself is acted. */
  staged: string
  /** A lesson or campaign about the subject ("we learned about self-harm", 「反霸凌宣导」): nothing in the sentence is a disclosure. */
  teaching: string
  /**
   * Signs that only count together, anywhere in the post: a means and its preparation (pills and
   * counting them), things given away and a farewell. Each pair is two lists of words.
   */
  together: { category: RiskCategory; words: [string, string] }[]
  /**
   * Occasions that explain a rule's words (a bag packed for the school trip, a secret that is a
   * birthday surprise, the cat that ran away): with one anywhere in the post, a rule's finding of
   * these categories stands only where the model reads the post as that concern too (decision 0083).
   */
  occasions: { categories: RiskCategory[]; words: string }[]
  /** Intensifiers of hyperbole ("so boring", 「无聊」, 「すぎて」): with a laugh, a wish to die is a figure of speech. */
  hyperbole: string
  /** A low mood that passed ("for about an hour", 「就好了」, 「元気になった」): hopelessness alone in such a post is not a finding. */
  passing: string
  /** Younger siblings: with reassurance ("she's 3", 「一点都不痛」), their bite or hit is play. */
  younger: string
  /** Subjects that make the words someone else's ("she wants to die" is not a disclosure). */
  others: string
  /** Words that place harm at home, or at school among children. */
  home: string
  school: string
}

/** The lists of words that are not rules: each is a file of its name (`playful.txt`), its words joined by `|`. */
export const WORD_LISTS = ['negators', 'fiction', 'activity', 'playful', 'asked', 'conditional', 'denial', 'staged', 'teaching', 'hyperbole', 'passing', 'younger', 'others', 'home', 'school'] as const satisfies readonly (keyof Lexicon)[]
type WordList = (typeof WORD_LISTS)[number]

/** Sets the assessment itself reads (the student, the family), beside those the rules name. */
const NEEDED_SETS = ['me', 'family']

export const LANGUAGES: Language[] = ['en', 'zh', 'ja']

/** The gap between two slots of a pattern: `+` none, `..` up to 3 words, `...` up to 8. */
export const PATTERN_GAP = /\s+(\+|\.\.\.|\.\.)\s+/u
const SET_NAME = /@(\w+)/gu
const GAP_MARK = /(^|\s)\+(\s|$)|\.\./u

/** Where the word lists are: in the source tree, found from the project's root (the built server reads the same files). */
export const LEXICON_DIR = projectFile('app', 'features', 'text', 'lexicon')

export class LexiconError extends Error {
  constructor(readonly problems: string[]) {
    super(`The word lists are not understood (their format: app/features/text/lexicon/README.md):\n${problems.join('\n')}`)
    this.name = 'LexiconError'
  }
}

interface Line {
  /** 1-based, as an editor shows it. */
  number: number
  tags: string[]
  body: string
}

/** A file's data lines, each under a comment. Blank lines end a group; a group starts with a `#` line. */
function readLines(file: string, problem: (line: number, message: string) => void): Line[] {
  const out: Line[] = []
  let commented = false
  readFileSync(file, 'utf8')
    .replace(/^\ufeff/u, '')
    .split(/\r?\n/u)
    .forEach((raw, i) => {
      const text = raw.trim()
      if (!text) return void (commented = false)
      if (text.startsWith('#')) return void (commented = true)
      if (!commented) problem(i + 1, 'no "#" line above saying what this catches')
      const tagged = /^\[([^\]]*)\]\s*(.*)$/u.exec(text)
      if (text.startsWith('[') && !tagged) return problem(i + 1, 'a "[" with no "]" to close it')
      const body = (tagged ? tagged[2] : text).trim()
      if (!body) return problem(i + 1, 'nothing after the [flags]')
      out.push({ number: i + 1, tags: tagged ? tagged[1].split(',').map((t) => t.trim()).filter(Boolean) : [], body })
    })
  return out
}

/** A word as a post is read (lower case, ordinary width, no invisible characters), or it could never match: "LINE" is "line". */
function unread(word: string, problem: (message: string) => void) {
  const read = normalise(word).text
  if (read !== word) problem(`"${word}" is never in a post as it is read: write "${read}"`)
}

/** Words separated by `|`, each trimmed; an empty word is a mistake (`a||b`, a `|` at an end). */
function words(body: string, problem: (message: string) => void): string {
  const list = body.split('|').map((w) => w.trim())
  if (list.some((w) => !w)) problem('an empty word (two "|" together, or one at an end)')
  for (const w of list) unread(w, problem)
  return list.join('|')
}

/** Checks a pattern: words on both sides of every gap, no empty alternative, known @sets, no space inside a Chinese or Japanese word. */
function checkPattern(language: Language, pattern: string, sets: Record<string, string>, problem: (message: string) => void) {
  const parts = pattern.split(PATTERN_GAP)
  for (let i = 0; i < parts.length; i += 2) {
    if (GAP_MARK.test(parts[i])) return problem(`a gap ("+", "..", "...") needs a space and words on both sides: "${parts[i]}"`)
    const alternatives = parts[i].split('|').map((a) => a.trim())
    if (alternatives.some((a) => !a)) return problem('an empty alternative (two "|" together, or one at an end of a slot)')
    if (language !== 'en' && alternatives.some((a) => /\s/u.test(a))) return problem(`a space inside a Chinese or Japanese word never matches: "${alternatives.find((a) => /\s/u.test(a))}"`)
    for (const [, name] of parts[i].matchAll(SET_NAME)) if (!(name in sets)) return problem(`no set @${name} in sets.txt`)
    for (const a of alternatives) unread(a.replace(SET_NAME, ''), problem)
  }
  return parts.length
}

const RULE_FILES = RULE_CATEGORIES.map((c) => `${c}.txt`)
const FILES = new Set([...RULE_FILES, 'sets.txt', 'masks.txt', 'together.txt', 'occasions.txt', ...WORD_LISTS.map((l) => `${l}.txt`)])

function loadLanguage(dir: string, language: Language, problems: string[]): Lexicon {
  const at = (file: string) => path.join(dir, language, file)
  const problemIn = (file: string) => (line: number, message: string) => problems.push(`${at(file)}:${line}: ${message}`)
  let present: string[] = []
  try {
    present = readdirSync(path.join(dir, language))
  } catch {
    problems.push(`${path.join(dir, language)}: no folder of word lists for ${language}`)
  }
  for (const name of present) if (!name.startsWith('.') && !FILES.has(name)) problems.push(`${at(name)}:1: an unknown file (a category is one of ${RULE_FILES.join(', ')}; the lists are in lexicon/README.md)`)
  const lines = (file: string) => {
    if (!present.includes(file)) {
      if (present.length) problems.push(`${at(file)}: missing`)
      return []
    }
    return readLines(at(file), problemIn(file))
  }
  const noTags = (file: string, line: Line) => {
    if (line.tags.length) problemIn(file)(line.number, `no [flags] in ${file}`)
  }

  const sets: Record<string, string> = {}
  for (const line of lines('sets.txt')) {
    noTags('sets.txt', line)
    const m = /^@(\w+)\s*=\s*(.*)$/u.exec(line.body)
    if (!m) {
      problemIn('sets.txt')(line.number, 'a set is written "@name = word|word|..."')
      continue
    }
    const list = words(m[2], (message) => problemIn('sets.txt')(line.number, message))
    // A set may go on over several lines: each adds its words.
    sets[m[1]] = sets[m[1]] ? `${sets[m[1]]}|${list}` : list
  }

  for (const name of NEEDED_SETS) if (present.includes('sets.txt') && !(name in sets)) problems.push(`${at('sets.txt')}: no @${name} (the assessment reads it)`)

  const rules: Rule[] = []
  for (const category of RULE_CATEGORIES) {
    const file = `${category}.txt`
    for (const line of lines(file)) {
      const problem = (message: string) => problemIn(file)(line.number, message)
      const rule: Rule = { category, pattern: line.body }
      for (const tag of line.tags) {
        if (!(tag in FLAGS)) problem(`an unknown flag "${tag}" (the flags are ${Object.keys(FLAGS).join(', ')})`)
        else rule[FLAGS[tag]] = true
      }
      const slots = checkPattern(language, line.body, sets, problem)
      if (rule.anywhere && slots && slots > 1) problem('an "anywhere" rule is one slot of phrases, with no gap')
      rules.push(rule)
    }
  }

  const masks: string[] = []
  for (const line of lines('masks.txt')) {
    noTags('masks.txt', line)
    checkPattern(language, line.body, sets, (message) => problemIn('masks.txt')(line.number, message))
    masks.push(line.body)
  }

  const together: Lexicon['together'] = []
  for (const line of lines('together.txt')) {
    const problem = (message: string) => problemIn('together.txt')(line.number, message)
    const [category] = line.tags
    const pair = line.body.split(/\s+&\s+/u)
    if (line.tags.length !== 1 || !RULE_CATEGORIES.includes(category as RuleCategory) || category === 'harm') problem(`a pair starts with its category, one of [${RULE_CATEGORIES.filter((c) => c !== 'harm').join('], [')}]${category ? `, not [${line.tags.join(', ')}]` : ''}`)
    else if (pair.length !== 2) problem('a pair is two lists of words with " & " between them')
    else together.push({ category: category as RiskCategory, words: [words(pair[0], problem), words(pair[1], problem)] })
  }

  const occasions: Lexicon['occasions'] = []
  const taxonomy = CATEGORIES.map((c) => c.category as string)
  for (const line of lines('occasions.txt')) {
    const problem = (message: string) => problemIn('occasions.txt')(line.number, message)
    const unknown = line.tags.filter((t) => !taxonomy.includes(t))
    if (!line.tags.length || unknown.length) problem(`an occasion starts with the categories it explains, among [${taxonomy.join('], [')}]${unknown.length ? `, not [${unknown.join(', ')}]` : ''}`)
    else occasions.push({ categories: line.tags as RiskCategory[], words: words(line.body, problem) })
  }

  const lists = {} as Record<WordList, string>
  for (const list of WORD_LISTS) {
    const file = `${list}.txt`
    lists[list] = lines(file)
      .map((line) => {
        noTags(file, line)
        return words(line.body, (message) => problemIn(file)(line.number, message))
      })
      .join('|')
  }
  return { sets, rules, masks, together, occasions, ...lists }
}

/** Reads and checks every language's files; every problem found is reported at once, with its file and line. */
export function loadLexicons(dir = LEXICON_DIR): Record<Language, Lexicon> {
  const problems: string[] = []
  const out = Object.fromEntries(LANGUAGES.map((language) => [language, loadLanguage(dir, language, problems)])) as Record<Language, Lexicon>
  if (problems.length) throw new LexiconError(problems)
  return out
}

/** The word lists, read at start. */
export const LEXICONS = loadLexicons()
