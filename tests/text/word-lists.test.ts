// The risk alerts' word lists are data (features/text/lexicon/, decision 0065): every category file
// of every language loads when the server starts, and a file the loader does not understand stops the
// start with its file and line, never read in part.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LANGUAGES, LEXICON_DIR, LEXICONS, LexiconError, loadLexicons, RULE_CATEGORIES, WORD_LISTS } from '~/features/text/lexicon.server'

/** A file's rules or words as written: every line that is neither blank nor a comment. */
const dataLines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))

describe('the word lists as they are', () => {
  it('load every category file of every language, each rule with its category and flags, in the order written', () => {
    const lexicons = loadLexicons()
    for (const language of LANGUAGES) {
      const lex = lexicons[language]
      for (const category of RULE_CATEGORIES) {
        const written = dataLines(path.join(LEXICON_DIR, language, `${category}.txt`))
        expect(written.length, `${language}/${category}.txt`).toBeGreaterThan(0)
        const rules = lex.rules.filter((r) => r.category === category)
        expect(rules.map((r) => r.pattern)).toEqual(written.map((l) => l.replace(/^\[[^\]]*\]\s*/u, '')))
        // A line's flags are the rule's: "[story, by-other]" is story and byOther, nothing else.
        written.forEach((line, i) => {
          const flags = /^\[([^\]]*)\]/u.exec(line)?.[1].split(',').map((f) => f.trim()) ?? []
          const rule = rules[i]
          expect({ self: !!rule.self, story: !!rule.story, byOther: !!rule.byOther, act: !!rule.act, anywhere: !!rule.anywhere }).toEqual({
            self: flags.includes('self'),
            story: flags.includes('story'),
            byOther: flags.includes('by-other'),
            act: flags.includes('act'),
            anywhere: flags.includes('anywhere'),
          })
        })
      }
      // The categories in the order of their files.
      expect([...new Set(lex.rules.map((r) => r.category))]).toEqual([...RULE_CATEGORIES])
      for (const list of WORD_LISTS) expect(lex[list], `${language}/${list}.txt`).not.toBe('')
      expect(lex.masks.length).toBeGreaterThan(0)
      expect(lex.together.length).toBeGreaterThan(0)
      expect(Object.keys(lex.sets)).toEqual(expect.arrayContaining(['me', 'family']))
    }
    // What the server read at start is what the files say.
    expect(LEXICONS).toEqual(lexicons)
  })

  it('read a list written over several lines as one list, and a pair as its category and two lists', () => {
    // en/fiction.txt is grouped by theme, one comment a group.
    expect(LEXICONS.en.fiction.split('|')).toEqual(expect.arrayContaining(['spider', 'minecraft', 'netflix', 'novel', 'nightmare', 'villain']))
    expect(LEXICONS.en.together[0]).toEqual({ category: 'suicide', words: [expect.stringContaining('pills'), expect.stringContaining('counted')] })
    expect(LEXICONS.ja.rules.filter((r) => r.act).map((r) => r.category)).toEqual(expect.arrayContaining(['bullying', 'grooming', 'sexual_abuse']))
    // Urgent rules raise their finding at once: extortion and threats among bullying (decision 0060).
    expect(LEXICONS.en.rules.filter((r) => r.urgent).map((r) => r.category)).toEqual(expect.arrayContaining(['bullying', 'emotional_abuse']))
  })
})

describe('a word list the loader does not understand', () => {
  let dir: string
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  /** A copy of the lists with `text` added at the end of `file`: the line number of its last line. */
  function copyWith(file: string, text: string) {
    dir = mkdtempSync(path.join(os.tmpdir(), 'lexicon-'))
    cpSync(LEXICON_DIR, dir, { recursive: true })
    const at = path.join(dir, file)
    let before = ''
    try {
      before = readFileSync(at, 'utf8')
    } catch {
      // A new file.
    }
    writeFileSync(at, before + text)
    return (before ? before.split('\n').length - 1 : 0) + text.trimEnd().split('\n').length
  }
  const refused = () => {
    try {
      loadLexicons(dir)
    } catch (error) {
      expect(error).toBeInstanceOf(LexiconError)
      return (error as Error).message
    }
    throw new Error('loaded')
  }

  it.each([
    ['an unknown flag', 'en/suicide.txt', '\n# Test.\n[self, slef] want .. die\n', 'an unknown flag "slef"'],
    ['a flag list not closed', 'en/suicide.txt', '\n# Test.\n[self want .. die\n', 'a "[" with no "]"'],
    ['an unknown category in a pair', 'en/together.txt', '\n# Test.\n[kidnap] pics & secret\n', 'a pair starts with its category'],
    ['harm as the category of a pair', 'en/together.txt', '\n# Test.\n[harm] pics & secret\n', 'a pair starts with its category'],
    ['a pair of one list', 'zh/together.txt', '\n# Test.\n[abuse] 秘密|说出去\n', 'a pair is two lists of words with " & "'],
    ['an empty word', 'en/bullying.txt', '\n# Test.\nkick||punch .. me\n', 'an empty alternative'],
    ['an empty word in a list', 'ja/playful.txt', '\n# Test.\n笑|\n', 'an empty word'],
    ['a gap with no words after it', 'en/abuse.txt', '\n# Test.\nlocked me ..\n', 'a gap ("+", "..", "...") needs'],
    ['a gap with no space', 'en/abuse.txt', '\n# Test.\nlocked ..me\n', 'a gap ("+", "..", "...") needs'],
    ['an unknown set', 'en/harm.txt', '\n# Test.\n@teachers .. hit me\n', 'no set @teachers in sets.txt'],
    ['a space inside a Chinese word', 'zh/bullying.txt', '\n# Test.\n叫我 .. 去 死\n', 'a space inside a Chinese or Japanese word'],
    ['an anywhere rule with a gap', 'ja/suicide.txt', '\n# Test.\n[anywhere] 死に .. たい\n', 'an "anywhere" rule is one slot'],
    ['a rule with no comment above it', 'en/hopelessness.txt', '\nnothing matters\n', 'no "#" line above'],
    ['a set not written "@name ="', 'en/sets.txt', '\n# Test.\nteachers: sir|miss\n', 'a set is written "@name = word|word|..."'],
    ['a word in capitals, never in a post as it is read', 'ja/school.txt', '\n# Test.\nLINE\n', '"LINE" is never in a post as it is read: write "line"'],
    ['a full-width mark in a pattern', 'ja/masks.txt', '\n# Test.\nいじめられたの？\n', '"いじめられたの？" is never in a post as it is read: write "いじめられたの?"'],
    ['flags in a list of words', 'en/fiction.txt', '\n# Test.\n[story] cartoon\n', 'no [flags] in fiction.txt'],
    ['an occasion for an unknown category', 'en/occasions.txt', '\n# Test.\n[kidnap] school trip\n', 'an occasion starts with the categories it explains'],
    ['an occasion with no category', 'zh/occasions.txt', '\n# Test.\n毕旅\n', 'an occasion starts with the categories it explains'],
    ['a file of an unknown category', 'en/kidnap.txt', '# Someone taken away.\ntaken + away\n', 'an unknown file'],
  ])('%s is refused with its file and line', (_what, file, text, message) => {
    const line = copyWith(file, text)
    expect(refused()).toContain(`${path.join(dir, file)}:${file.endsWith('kidnap.txt') ? 1 : line}: ${message}`)
  })

  it('a missing file is named, and every problem is told at once', () => {
    const line = copyWith('zh/suicide.txt', '\n# Test.\n[selff] 想死\n')
    rmSync(path.join(dir, 'ja', 'masks.txt'))
    const message = refused()
    expect(message).toContain(`${path.join(dir, 'zh', 'suicide.txt')}:${line}: an unknown flag "selff"`)
    expect(message).toContain(`${path.join(dir, 'ja', 'masks.txt')}: missing`)
  })
})
