import { parseWithZod } from '@conform-to/zod/v4'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { JournalSettingsSchema } from '~/features/journals/schema'
import { CommentSchema } from '~/features/posts/schema'
import { checkCustom } from '~/features/reports/range'
import { StudentPostSchema } from '~/features/students/post-schema'
import { isCalendarDate } from '~/shared/dates'
import { cleanText, secretText } from '~/shared/text'

const form = (values: Record<string, string | string[]>) => {
  const data = new FormData()
  for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) data.append(k, one)
  return data
}
/** A refused submission's messages by field (none for an accepted one). */
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) => (submission.status === 'error' ? submission.error ?? {} : {})
const post = (diaryDate: string, title = 'Rain') => form({ title, diaryDate, event: 'It rained.', emotions: 'B', behaviour: '4' })

describe('the one date rule', () => {
  it('takes real calendar dates from 1900 to 2999, never throws', () => {
    for (const ok of ['2026-11-24', '2024-02-29', '1900-01-01', '2999-12-31']) expect(isCalendarDate(ok), ok).toBe(true)
    for (const bad of ['2026-13-45', '9999-99-99', '2026-02-30', '2025-02-29', '1899-12-31', '3000-01-01', '2026-1-5', '', 'tomorrow']) expect(isCalendarDate(bad), bad).toBe(false)
  })
  it('refuses impossible dates in reports, journal expiry and a student post with the date message', () => {
    expect(checkCustom('2026-13-45', '2026-11-01', { created: '2026-01-01', today: '2026-11-24' })).toBe('report.badDate')
    expect(checkCustom('9999-99-99', '9999-99-99', { created: '2026-01-01', today: '2026-11-24' })).toBe('report.badDate')
    const studentPost = parseWithZod(post('2026-13-45'), { schema: StudentPostSchema })
    expect(studentPost.status).toBe('error')
    expect(errorsOf(studentPost).diaryDate).toEqual(['validation.dateFormat'])
    const journal = parseWithZod(form({ name: 'J', labelColorCode: '2', speechLang: 'en', display: 'list', shareType: '2', expireType: '2', expireDate: '2026-02-30', studentLimit: '30' }), { schema: JournalSettingsSchema })
    expect(errorsOf(journal).expireDate).toContain('validation.dateFormat')
  })
})

describe('the one text rule', () => {
  it('drops control characters from every text field, keeps line breaks and tabs', () => {
    const comment = parseWithZod(form({ intent: 'add', type: '1', block: '0', comment: '\u0000Well\u0008 done\u001b[31m\u000b!\nAgain\ttomorrow' }), { schema: CommentSchema })
    expect(comment.status).toBe('success')
    expect((comment as { value: { comment: string } }).value.comment).toBe('Well done[31m!\nAgain\ttomorrow')
    const titled = parseWithZod(post('2026-11-24', '\u0000\u0007'), { schema: StudentPostSchema })
    // Nothing left but control characters: an empty title, refused as such.
    expect(errorsOf(titled).title).toEqual(['validation.required'])
  })
})

/** Modules that build zod schemas at run time: every form's and every import's (the settings of the environment are no form). */
const schemaModules = () =>
  readdirSync('app', { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !['env.server.ts', path.join('shared', 'text.ts')].includes(f))
    .filter((f) => /^import (?!type )[^;]*from 'zod(\/mini)?'/m.test(readFileSync(path.join('app', f), 'utf8')))

type Node = { _zod: { def: Record<string, unknown> & { type: string; checks?: unknown[] } } }
const isSchema = (value: unknown): value is Node => typeof value === 'object' && value !== null && '_zod' in value

/** Every text field of a schema that does not start with the one text rule, by its path. */
function withoutTheRule(schema: unknown, at = ''): string[] {
  const def = (schema as Node)._zod.def
  const inner = (key: string) => (isSchema(def[key]) ? withoutTheRule(def[key], at) : [])
  switch (def.type) {
    case 'string': {
      const checks = def.checks ?? []
      // Passwords and other secrets (a OneRoster client secret) keep their spaces (secretText); every other text is also trimmed (cleanText).
      const password = /password|secret/i.test(at)
      const ok = checks[0] === cleanText[0] && (password ? !checks.includes(cleanText[1]) : checks[1] === cleanText[1])
      return ok ? [] : [at || '(the value)']
    }
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, field]) => withoutTheRule(field, at ? `${at}.${key}` : key))
    case 'union':
      return (def.options as unknown[]).flatMap((option) => withoutTheRule(option, at))
    case 'array':
      return inner('element')
    case 'intersection':
      return [...inner('left'), ...inner('right')]
    case 'pipe':
      return [...inner('in'), ...inner('out')]
    default:
      // optional, nullable, default, readonly, catch…: the schema they wrap.
      return inner('innerType')
  }
}

describe('the one text rule in every schema', () => {
  it('is found missing in a schema written without it', () => {
    expect(withoutTheRule(z.object({ note: z.string(), kept: z.optional(z.string().check(...cleanText)), list: z.array(z.string().check(z.trim())) }))).toEqual(['note', 'list'])
    expect(withoutTheRule(z.object({ password: z.string().check(...cleanText), repeatPassword: z.string().check(...secretText) }))).toEqual(['password'])
  })

  it('starts every text field of every form and every imported cell', async () => {
    const modules = schemaModules()
    const missing: string[] = []
    const names: string[] = []
    for (const file of modules) {
      const exports = (await import(/* @vite-ignore */ path.resolve('app', file))) as Record<string, unknown>
      for (const [name, value] of Object.entries(exports)) {
        if (!isSchema(value)) continue
        names.push(name)
        for (const field of withoutTheRule(value, value._zod.def.type === 'string' ? name : '')) missing.push(`${file} ${name}: ${field}`)
      }
    }
    // The forms of the last findings are among them: the plan-code comment and the class list's rows.
    expect.soft(names).toEqual(expect.arrayContaining(['CodeCommentSchema', 'ImportRowSchema', 'ImportJournalSchema', 'StudentPostSchema', 'LoginSchema']))
    expect(missing).toEqual([])
  })
})
