import { parse } from 'csv-parse/sync'
import { unzipSync } from 'fflate'
import { decodeCsv } from '~/features/students/import.server'
import type { ReadResult, Roster, RosterClass, RosterEnrollment, RosterStatus, RosterUser } from './model'
import {
  IGNORED_FILES,
  isOneRoster12,
  MANIFEST_VERSION,
  MAX_LISTED_ERRORS,
  MAX_ROSTER_BYTES,
  MAX_ROSTER_UNZIPPED_BYTES,
  MAX_ROSTER_USERS,
  PROCESSING_MODES,
  ROSTER_FILES,
  TABLES,
  type Column,
  type ProcessingMode,
  type RosterError,
  type RosterErrorCode,
  type RosterFile,
} from './oneroster-tables'

type Row = { line: number; values: Record<string, string> }

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/
const KANA = /^[\u3040-\u309f\u30a0-\u30ff\u3000 ・ー]+$/u

function validDate(v: string) {
  const m = DATE.exec(v) ?? DATE_TIME.exec(v)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

function checkValue(col: Column, value: string): RosterErrorCode | null {
  switch (col.kind) {
    case 'enum':
      return col.values!.includes(value) || (col.extensible && /^ext:\S+$/.test(value)) ? null : 'badEnum'
    case 'date':
      return DATE.test(value) && validDate(value) ? null : 'badDate'
    case 'datetime':
      return DATE_TIME.test(value) && validDate(value) ? null : 'badDateTime'
    case 'year':
      return /^\d{4}$/.test(value) ? null : 'badYear'
    case 'bool':
      return value === 'true' || value === 'false' ? null : 'badBool'
    case 'kana':
      return KANA.test(value) ? null : 'badKana'
    default:
      return null
  }
}

const listOf = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean)
const metadataOf = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([k, v]) => k.startsWith('metadata.') && v !== ''))

/**
 * Reads a OneRoster 1.2 CSV zip (decision 0075): the manifest's version and file list with each file's
 * processing mode, then every file the console reads, checked against the binding (columns,
 * required values, enumerations, dates, `status` and `dateLastModified` by mode, unique sourcedIds,
 * references between files). Every error is kept with its file, line and column; a roster with an
 * error is refused whole. Nothing is written here.
 */
export function readOneRosterZip(bytes: Uint8Array): ReadResult {
  const errors: RosterError[] = []
  const fail = (file: string, line: number, column: string, code: RosterErrorCode, value?: string) => {
    errors.push({ file, line, column, code, ...(value !== undefined ? { value: value.slice(0, 80) } : {}) })
  }
  const refuse = (code: RosterErrorCode, file = '') => ({ ok: false as const, errors: [{ file, line: 0, column: '', code }], total: 1 })
  if (bytes.length > MAX_ROSTER_BYTES) return refuse('tooBig')
  let entries: Record<string, Uint8Array>
  let unzipped = 0
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        unzipped += f.originalSize
        if (unzipped > MAX_ROSTER_UNZIPPED_BYTES) throw new Error('too big')
        return /\.csv$/i.test(f.name) && !f.name.startsWith('__MACOSX/')
      },
    })
  } catch (e) {
    return refuse(e instanceof Error && e.message === 'too big' ? 'tooBig' : 'notZip')
  }
  // The files by their names, wherever the zip put them (a folder of the export's name is common).
  const files = new Map<string, Uint8Array>()
  for (const [name, data] of Object.entries(entries)) files.set(name.split('/').pop()!, data)

  const texts = new Map<string, string>()
  const textOf = (name: string) => {
    if (texts.has(name)) return texts.get(name)!
    const text = decodeCsv(files.get(name)!)
    if (text === null) fail(name, 0, '', 'encoding')
    texts.set(name, text ?? '')
    return text
  }
  const rowsOf = (name: string): { header: string[]; rows: Row[] } | null => {
    const text = textOf(name)
    if (text === null) return null
    let records: { record: string[]; info: { lines: number } }[]
    try {
      records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records
    } catch (e) {
      // The parser's line, within the file's own (an unclosed quote is found at the end of the input).
      const lines = text.replace(/\r?\n$/, '').split(/\r?\n/).length
      fail(name, Math.min(Number((e as { lines?: number }).lines ?? lines), lines), '', 'malformed')
      return null
    }
    if (!records.length) {
      fail(name, 1, '', 'malformed')
      return null
    }
    const header = records[0].record.map((h) => h.trim())
    const rows: Row[] = []
    for (const { record, info } of records.slice(1)) {
      if (record.length !== header.length) {
        fail(name, info.lines, '', 'malformed')
        continue
      }
      rows.push({ line: info.lines, values: Object.fromEntries(header.map((h, i) => [h, (record[i] ?? '').trim()])) })
    }
    return { header, rows }
  }

  // The manifest: its version, the binding's version, and each file's processing mode.
  if (!files.has('manifest.csv')) return refuse('noManifest', 'manifest.csv')
  const manifest = rowsOf('manifest.csv')
  if (!manifest) return { ok: false, errors, total: errors.length }
  if (manifest.header[0] !== 'propertyName' || manifest.header[1] !== 'value') fail('manifest.csv', 1, manifest.header[0] ?? '', 'missingColumn')
  const props = new Map(manifest.rows.map((r) => [r.values.propertyName, { value: r.values.value ?? '', line: r.line }]))
  if (props.get('manifest.version')?.value !== MANIFEST_VERSION) fail('manifest.csv', props.get('manifest.version')?.line ?? 1, 'manifest.version', 'manifestVersion', props.get('manifest.version')?.value ?? '')
  if (!isOneRoster12(props.get('oneroster.version')?.value ?? '')) fail('manifest.csv', props.get('oneroster.version')?.line ?? 1, 'oneroster.version', 'onerosterVersion', props.get('oneroster.version')?.value ?? '')
  const modes = {} as Record<RosterFile, ProcessingMode>
  for (const file of [...ROSTER_FILES, ...IGNORED_FILES]) {
    const prop = props.get(`file.${file}`)
    const mode = (prop?.value ?? 'absent') as ProcessingMode
    const name = `${file}.csv`
    if (!PROCESSING_MODES.includes(mode)) fail('manifest.csv', prop!.line, `file.${file}`, 'badMode', prop!.value)
    else if (mode !== 'absent' && !files.has(name)) fail('manifest.csv', prop!.line, `file.${file}`, 'fileMissing', name)
    else if (mode === 'absent' && files.has(name)) fail(name, 0, '', 'fileNotListed')
    if ((ROSTER_FILES as readonly string[]).includes(file)) modes[file as RosterFile] = PROCESSING_MODES.includes(mode) && files.has(name) ? mode : 'absent'
  }

  // Every file the console reads: columns, values, modes, unique ids.
  const tables = {} as Record<RosterFile, Row[]>
  const ids = {} as Record<RosterFile, Set<string>>
  // Files that could not be read: references to them are not checked (their own errors say why).
  const unreadable = new Set<RosterFile>()
  for (const file of ROSTER_FILES) {
    tables[file] = []
    ids[file] = new Set()
    if (modes[file] === 'absent') continue
    const name = `${file}.csv`
    const read = rowsOf(name)
    if (!read) {
      unreadable.add(file)
      continue
    }
    const columns = TABLES[file]
    const missing = Object.entries(columns).filter(([c, def]) => def.required && !read.header.includes(c))
    for (const [c] of missing) fail(name, 1, c, 'missingColumn')
    for (const h of read.header) if (!(h in columns) && !h.startsWith('metadata.')) fail(name, 1, h, 'unknownColumn', h)
    if (missing.length) {
      unreadable.add(file)
      continue
    }
    if (file === 'users' && read.rows.length > MAX_ROSTER_USERS) return refuse('tooMany', name)
    for (const row of read.rows) {
      for (const h of read.header) {
        const def = columns[h]
        if (!def) continue
        const value = row.values[h]
        if (value === '') {
          if (def.required) fail(name, row.line, h, 'required')
          continue
        }
        const code = checkValue(def, value)
        if (code) fail(name, row.line, h, code, value)
      }
      const status = row.values.status ?? ''
      if (modes[file] === 'bulk' && status === 'tobedeleted') fail(name, row.line, 'status', 'bulkStatus', status)
      if (modes[file] === 'delta') {
        if (!status) fail(name, row.line, 'status', 'deltaStatus')
        if (!row.values.dateLastModified) fail(name, row.line, 'dateLastModified', 'deltaDate')
      }
      const id = row.values.sourcedId
      if (id && ids[file].has(id)) fail(name, row.line, 'sourcedId', 'duplicateId', id)
      if (id) ids[file].add(id)
      tables[file].push(row)
    }
  }
  // References: checked against files sent whole (bulk); a delta may name what an earlier roster sent.
  for (const file of ROSTER_FILES) {
    for (const [c, def] of Object.entries(TABLES[file])) {
      if (!def.refers || modes[def.refers] !== 'bulk' || unreadable.has(def.refers)) continue
      for (const row of tables[file]) {
        const value = row.values[c] ?? ''
        for (const ref of def.kind === 'list' ? listOf(value) : value ? [value] : []) if (!ids[def.refers].has(ref)) fail(`${file}.csv`, row.line, c, 'unknownRef', ref)
      }
    }
  }
  if (errors.length) return { ok: false, errors: errors.slice(0, MAX_LISTED_ERRORS), total: errors.length }

  const statusOf = (r: Row): RosterStatus => (r.values.status === 'tobedeleted' ? 'tobedeleted' : 'active')
  const modifiedOf = (r: Row) => r.values.dateLastModified || null
  const roles = new Map<string, string[]>()
  for (const r of tables.roles) if (statusOf(r) === 'active') roles.set(r.values.userSourcedId, [...(roles.get(r.values.userSourcedId) ?? []), r.values.role])
  const classes: RosterClass[] = tables.classes.map((r) => ({ sourcedId: r.values.sourcedId, status: statusOf(r), modified: modifiedOf(r), title: r.values.title, classCode: r.values.classCode ?? '', metadata: metadataOf(r.values) }))
  const users: RosterUser[] = tables.users.map((r) => ({
    sourcedId: r.values.sourcedId,
    status: statusOf(r),
    modified: modifiedOf(r),
    enabled: r.values.enabledUser !== 'false',
    username: r.values.username,
    email: r.values.email ?? '',
    givenName: r.values.preferredGivenName || r.values.givenName,
    familyName: r.values.preferredFamilyName || r.values.familyName,
    kanaGivenName: r.values['metadata.jp.kanaGivenName'] ?? '',
    kanaFamilyName: r.values['metadata.jp.kanaFamilyName'] ?? '',
    password: r.values.password ?? '',
    roles: roles.get(r.values.sourcedId) ?? [],
    metadata: metadataOf(r.values),
    line: r.line,
  }))
  const enrollments: RosterEnrollment[] = tables.enrollments.map((r) => ({
    sourcedId: r.values.sourcedId,
    status: statusOf(r),
    modified: modifiedOf(r),
    classSourcedId: r.values.classSourcedId,
    userSourcedId: r.values.userSourcedId,
    role: r.values.role,
    metadata: metadataOf(r.values),
  }))
  const roster: Roster = { source: 'oneroster', modes: { classes: modes.classes, users: modes.users, enrollments: modes.enrollments }, classes, users, enrollments }
  return { ok: true, roster }
}
