import jschardet from 'jschardet'
import { parse } from 'csv-parse/sync'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { newInviteCode, normalizeAccount } from '~/features/auth/accounts.server'
import { hashStudentPassword } from '~/features/auth/password.server'
import { insertJournal } from '~/features/journals/insert.server'
import { ticketsFor } from '~/features/journals/settings.server'
import { cleanValue } from '~/shared/text'
import { cleanRow, CSV_COLUMNS, IMPORT_CODES, IMPORT_FIELDS, ImportRowSchema, MAX_IMPORT_FILE_BYTES, MAX_IMPORT_ROWS, UPLOAD_CODES, type ImportRow } from './import-rows'

// What jschardet (a port of Mozilla's universal detector) may answer for the encodings schools'
// Excel saves a CSV in, and the decoder of each: UTF-8 comes first, then Big5 (Taiwan) and
// Shift_JIS (Japan). GB18030, EUC-KR and the rest are refused with a message, never guessed.
const ACCEPTED: Record<string, string> = { BIG5: 'big5', 'BIG5-HKSCS': 'big5', SHIFT_JIS: 'shift_jis', CP932: 'shift_jis' }

/**
 * The file's text: UTF-8 with or without a byte-order mark, else Big5 or Shift_JIS when the
 * detector ranks it first and the bytes decode strictly. Null otherwise: the user is told which
 * encodings are accepted rather than shown garbled names as valid.
 */
export function decodeCsv(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder('utf-8').decode(bytes.subarray(3))
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    // Not UTF-8: one of the legacy encodings.
  }
  const best = jschardet.detectAll(Buffer.from(bytes).toString('binary'))[0]
  const decoder = best?.encoding ? ACCEPTED[best.encoding.toUpperCase()] : undefined
  if (!decoder) return null
  try {
    return new TextDecoder(decoder, { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

export type UploadResult = { ok: true; rows: ImportRow[] } | { ok: false; code: number }

/**
 * Upload CSV: only a `.csv` file, decoded and parsed into rows, each cell under the one text rule.
 * A first line whose year is not a year is a heading and skipped; blank lines are skipped.
 */
export async function readImportFile(file: File): Promise<UploadResult> {
  if (!/\.csv$/i.test(file.name) || file.size === 0) return { ok: false, code: UPLOAD_CODES.fileError }
  if (file.size > MAX_IMPORT_FILE_BYTES) return { ok: false, code: UPLOAD_CODES.tooBig }
  const text = decodeCsv(new Uint8Array(await file.arrayBuffer()))
  if (text === null) return { ok: false, code: UPLOAD_CODES.encoding }
  let records: string[][]
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true })
  } catch {
    return { ok: false, code: UPLOAD_CODES.fileError }
  }
  if (records.length && !/^\d{4}$/.test(records[0][0] ?? '')) records = records.slice(1)
  if (!records.length || records.some((r) => r.length < 7)) return { ok: false, code: UPLOAD_CODES.valueError }
  if (records.length > MAX_IMPORT_ROWS) return { ok: false, code: UPLOAD_CODES.tooMany }
  return { ok: true, rows: records.map((r) => cleanRow(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, r[CSV_COLUMNS[f]] ?? ''])) as unknown as ImportRow)) }
}

/** Upload check: the accounts that exist already or repeat in the rows (dup_account_list). */
export async function duplicateAccounts(db: DB, rows: ImportRow[]) {
  const accounts = rows.map((r) => normalizeAccount(r.account))
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const a of accounts) (seen.has(a) ? repeated : seen).add(a)
  const existing = new Set<string>()
  // In slices: a bound list of a thousand accounts stays within every database's parameter limit.
  for (let i = 0; i < accounts.length; i += 500) {
    const found = await db.selectFrom('users').select((eb) => eb.fn<string>('lower', ['account']).as('account')).where((eb) => eb(eb.fn('lower', ['account']), 'in', accounts.slice(i, i + 500))).execute()
    for (const f of found) existing.add(f.account)
  }
  return [...new Set(accounts.filter((a) => repeated.has(a) || existing.has(a)))]
}

export type ImportTarget = { journalId: number } | { journalName: string }
export type SubmitResult = { code: typeof IMPORT_CODES.ok; created: number; journalId: number } | { code: typeof IMPORT_CODES.journalError | typeof IMPORT_CODES.invalidRows | typeof IMPORT_CODES.overLimit; dupAccounts?: string[] }

/**
 * Submit: every row becomes a student (class found or made, password hashed) who joins the chosen
 * or a new journal, in one transaction: all rows or none. -4 for duplicates or when the students
 * exceed the journal's places (an existing journal) or the plan's tickets (a new one); -2 when the
 * journal is not the teacher's. What is stored is what the row schema reads (clean text), never
 * the cells as sent.
 */
export async function submitImport(db: DB, owner: { userId: number; planLimit: number }, sent: ImportRow[], target: ImportTarget): Promise<SubmitResult> {
  const rows = sent.flatMap((r) => {
    const parsed = ImportRowSchema.safeParse(r)
    return parsed.success ? [parsed.data] : []
  })
  if (!sent.length || rows.length < sent.length) return { code: IMPORT_CODES.invalidRows }
  // Hashing is the slow part: done before the transaction holds any lock.
  const hashes = await Promise.all(rows.map((r) => hashStudentPassword(r.password)))
  return db.transaction().execute(async (trx): Promise<SubmitResult> => {
    const dupAccounts = await duplicateAccounts(trx, rows)
    if (dupAccounts.length) return { code: IMPORT_CODES.duplicate, dupAccounts }
    let journalId: number
    if ('journalId' in target) {
      const journal = await trx
        .selectFrom('journals')
        .select(['id', 'diary_publish_num'])
        .where('id', '=', target.journalId)
        .where('owner_id', '=', owner.userId)
        .where('archived_at', 'is', null)
        .executeTakeFirst()
      if (!journal) return { code: IMPORT_CODES.journalError }
      const members = await trx.selectFrom('journal_members').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journal.id).where('role', '=', 'student').executeTakeFirstOrThrow()
      if (Number(members.n) + rows.length > journal.diary_publish_num) return { code: IMPORT_CODES.overLimit }
      journalId = journal.id
    } else {
      const name = cleanValue(target.journalName)
      if (!name || name.length > 50) return { code: IMPORT_CODES.journalError }
      const { max } = await ticketsFor(trx, owner.userId, owner.planLimit)
      if (rows.length > max) return { code: IMPORT_CODES.overLimit }
      journalId = await insertJournal(trx, { owner_id: owner.userId, name, diary_publish_num: rows.length })
    }
    const classIds = new Map<string, number>()
    for (const r of rows) {
      const key = `${r.year}|${r.grade}|${r.classNo}`
      if (classIds.has(key)) continue
      const values = { owner_id: owner.userId, school_year: Number(r.year), grade: Number(r.grade), class_no: r.classNo }
      const found = await trx.selectFrom('classes').select('id').where('owner_id', '=', values.owner_id).where('school_year', '=', values.school_year).where('grade', '=', values.grade).where('class_no', '=', values.class_no).executeTakeFirst()
      classIds.set(key, found?.id ?? (await trx.insertInto('classes').values(values).returning('id').executeTakeFirstOrThrow()).id)
    }
    await insertStudentAccounts(
      trx,
      rows.map((r, i) => ({ account: r.account, name: r.name, classId: classIds.get(`${r.year}|${r.grade}|${r.classNo}`)!, passwordHash: hashes[i] })),
      journalId,
    )
    return { code: IMPORT_CODES.ok, created: rows.length, journalId }
  })
}

export interface NewStudentAccount {
  /** Kept as the school typed it, for display; found without regard to case (accountIs). */
  account: string
  name: string
  passwordHash: string
  classId?: number | null
  /** The roster's e-mail (unverified: it signs nothing in) and the name's kana reading (decision 0075). */
  email?: string | null
  nameKana?: string | null
}

/**
 * The one way student accounts are made by an import (the class file here, a roster in
 * features/roster): the account, its password's hash and, given a journal, its place in it. In
 * slices, to keep each statement's parameters within PostgreSQL's and SQLite's limits. Returns the
 * new accounts' ids in the rows' order.
 */
export async function insertStudentAccounts(trx: DB, rows: NewStudentAccount[], journalId: number | null): Promise<number[]> {
  const now = nowIso()
  const ids: number[] = []
  for (let i = 0; i < rows.length; i += 200) {
    const slice = rows.slice(i, i + 200)
    const users = await trx
      .insertInto('users')
      .values(
        slice.map((r) => ({
          account: r.account,
          kind: 'student' as const,
          email: r.email || null,
          email_verified: 0,
          name: r.name,
          nickname: r.name,
          name_kana: r.nameKana || null,
          locale: 'zh-TW',
          info_set: 1,
          invite_code: newInviteCode(),
          class_id: r.classId ?? null,
          mode: 'personal' as const,
          created_at: now,
        })),
      )
      .returning('id')
      .execute()
    await trx.insertInto('credentials').values(users.map((u, j) => ({ user_id: u.id, password_hash: slice[j].passwordHash, updated_at: now }))).execute()
    if (journalId !== null) await trx.insertInto('journal_members').values(users.map((u) => ({ journal_id: journalId, user_id: u.id, role: 'student' as const, drp_status: 1, joined_at: now }))).execute()
    ids.push(...users.map((u) => u.id))
  }
  return ids
}
