import { z } from 'zod/mini'
import { withValues } from './error-values'

// Control characters a person never types: NUL, backspace, vertical tab, form feed, ESC, DEL and the
// rest of C0 except tab and line breaks. XML forbids most of them, so from a stored field they
// would break the .xlsx, the .docx and mail (decision 0031).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

/** The rule's first half, for a text read without a schema (the revise page's corrections, e-book texts). */
export const withoutControl = (value: string) => value.replace(CONTROL, '')

/** The one text rule as a function: control characters dropped, then the spaces around trimmed. */
export const cleanValue = (value: string) => withoutControl(value).trim()

const dropControl = z.overwrite(withoutControl)

/**
 * The checks every text field of every form and every imported cell starts with (the one text
 * rule, docs/decisions/0045): control characters dropped, then the spaces around trimmed. Use as
 * `z.string(required).check(...cleanText, …)`: first, so that lengths and patterns see the clean text.
 * tests/shared/input-rules.test.ts walks every schema and fails on a text field without it.
 */
export const cleanText = [dropControl, z.trim()] as const

/** The same rule for a password: control characters dropped, spaces kept (a password is what was typed). */
export const secretText = [dropControl] as const

/** The one "too long" rule of every text field: its message names the limit (decision 0045). */
export const atMost = (max: number) => z.maxLength(max, withValues('validation.tooLong', { count: max }))
/** The same message for a text checked without a schema. */
export const tooLong = (max: number) => withValues('validation.tooLong', { count: max }) as `validation.tooLong|${string}`
