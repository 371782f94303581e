// The class import's bench (decision 0022), run by bench/run.ts: `tsx bench/import.ts <sqlite file | postgres url>` times the
// student import of a 1,000-row class file on a fresh database: the check (read the file, check
// every row, find duplicate accounts) and the submit (1,000 students with hashed passwords, their
// classes and a new journal, in one transaction). Prints JSON.
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { registerWithPassword } from '../app/features/auth/accounts.server'
import { rowErrors } from '../app/features/students/import-rows'
import { duplicateAccounts, readImportFile, submitImport } from '../app/features/students/import.server'
import { classCsv, encoded } from '../tests/support/class-csv'

const [target] = process.argv.slice(2)
const options = target.startsWith('postgres') ? { databaseUrl: target } : { sqliteFile: target }
const conn = connect(options)
await migrate(conn)
await seedReferenceData(conn.db)
const teacher = await registerWithPassword(conn.db, { account: 'importer@bench.test', password: 'bench-pass-1', locale: 'en' })
if (!('userId' in teacher)) throw new Error('no teacher')
const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `學生 ${i + 1}`, account: `bench-kid-${i + 1}`, grade: (i % 6) + 1, classNo: String((i % 30) + 1).padStart(2, '0') }))
const file = new File([new Uint8Array(encoded(classCsv(rows), 'utf-8-bom'))], 'class.csv', { type: 'text/csv' })

let start = performance.now()
const read = await readImportFile(file)
if (!read.ok) throw new Error(`upload refused: ${read.code}`)
const invalid = read.rows.filter((r) => Object.keys(rowErrors(r)).length).length
const dups = await duplicateAccounts(conn.db, read.rows)
const checkMs = performance.now() - start
if (invalid || dups.length) throw new Error('the bench file should be clean')

start = performance.now()
const result = await submitImport(conn.db, { userId: teacher.userId, planLimit: 5000 }, read.rows, { journalName: 'Bench year group' })
const submitMs = performance.now() - start
if (result.code !== 0) throw new Error(`submit refused: ${result.code}`)
await conn.db.destroy()
console.log(JSON.stringify({ dialect: options.databaseUrl ? 'postgres' : 'sqlite', rows: read.rows.length, checkMs: Math.round(checkMs), submitMs: Math.round(submitMs) }))
