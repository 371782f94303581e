import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import { JournalSettingsSchema } from '~/features/journals/schema'
import { CommentSchema } from '~/features/posts/schema'
import { checkCustom } from '~/features/reports/range'
import { StudentPostSchema } from '~/features/students/post-schema'
import { isCalendarDate } from '~/shared/dates'

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
