import { z } from 'zod/mini'
import { atMost, cleanText, cleanValue, secretText, withoutControl } from '~/shared/text'

/**
 * Student import rows (spec 1 sections 3 and 5). The CSV's columns are read by index: 0 year,
 * 1 grade, 2 class, 4 name, 5 account, 6 password (column 3 is not used). Shared by the server and
 * the preview form.
 */
export interface ImportRow {
  year: string
  grade: string
  classNo: string
  name: string
  account: string
  password: string
}
export const IMPORT_FIELDS = ['year', 'grade', 'classNo', 'name', 'account', 'password'] as const
export const CSV_COLUMNS: Record<(typeof IMPORT_FIELDS)[number], number> = { year: 0, grade: 1, classNo: 2, name: 4, account: 5, password: 6 }
/** One import at most: a school's year group fits, and the check and the submit stay fast. */
export const MAX_IMPORT_ROWS = 2000

/** Upload check and submit answers (spec 1 section 8): -4 duplicates or over the limit, -2 journal error; -3 a row the check would refuse (ours). */
export const IMPORT_CODES = { ok: 0, journalError: -2, invalidRows: -3, duplicate: -4, overLimit: -4 } as const
/**
 * Upload answers: -12002 with the server's message, -12003 a value error; anything else a file error.
 * Ours: -12004 an encoding other than UTF-8, Big5 or Shift_JIS; -12005 a file over MAX_IMPORT_FILE_BYTES.
 */
export const UPLOAD_CODES = { tooMany: -12002, valueError: -12003, fileError: -12001, encoding: -12004, tooBig: -12005 } as const
/** The largest class file: 2,000 rows fit in a tenth of it. */
export const MAX_IMPORT_FILE_BYTES = 2 * 1024 * 1024

const required = { error: 'validation.required' }
export const ImportRowSchema = z.object({
  year: z.string(required).check(...cleanText, z.regex(/^(19|2\d)\d\d$/, 'import.badYear')),
  grade: z.string(required).check(...cleanText, z.regex(/^[1-9]$/, 'import.badGrade')),
  classNo: z.string(required).check(...cleanText, z.minLength(1, required), atMost(20)),
  name: z.string(required).check(...cleanText, z.minLength(1, required), atMost(50)),
  account: z.string(required).check(...cleanText, z.regex(/^\S{3,100}$/, 'validation.accountFormat')),
  password: z.string(required).check(...secretText, z.minLength(6, 'import.passwordLength'), z.maxLength(128, 'import.passwordLength')),
})

/** The name of the journal the import makes, on the preview form (its length is checked by submitImport). */
export const ImportJournalSchema = z.object({ journalName: z.optional(z.string().check(...cleanText)) })

/**
 * Each cell under the one text rule, as ImportRowSchema reads it (the password keeps inner spaces):
 * the preview shows and posts back what will be stored, and finds repeated accounts among those.
 */
export function cleanRow(row: ImportRow): ImportRow {
  const cells = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, cleanValue(row[f])])) as unknown as ImportRow
  return { ...cells, password: withoutControl(row.password) }
}

/** The first problem of each field of a row, as locale keys; empty when the row is fine. */
export function rowErrors(row: ImportRow): Partial<Record<keyof ImportRow, string>> {
  const parsed = ImportRowSchema.safeParse(row)
  if (parsed.success) return {}
  const errors: Partial<Record<keyof ImportRow, string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ImportRow
    errors[field] ??= issue.message
  }
  return errors
}
