// The roster import's bench (decision 0075), run by bench/run.ts: `tsx bench/roster.ts <sqlite file | postgres url>` times a
// OneRoster 1.2 zip of 2,000 students in 20 classes (with the Japan Profile's kana) on a fresh
// database: the preview (read and check the zip, plan against the database) and the apply (2,000
// accounts, 20 journals, their places and links, in one transaction), then the same zip again.
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { registerWithPassword } from '../app/features/auth/accounts.server'
import { applyRoster, planRoster } from '../app/features/roster/apply.server'
import { readOneRosterZip } from '../app/features/roster/read-csv.server'
import { japaneseClass, rosterZip } from '../tests/support/oneroster'

const [target] = process.argv.slice(2)
const options = target.startsWith('postgres') ? { databaseUrl: target } : { sqliteFile: target }
const conn = connect(options)
await migrate(conn)
await seedReferenceData(conn.db)
const teacher = await registerWithPassword(conn.db, { account: 'roster@bench.test', password: 'bench-pass-1', locale: 'ja' })
if (!('userId' in teacher)) throw new Error('no teacher')
const scope = { kind: 'owner' as const, userId: teacher.userId, planLimit: 5000 }
const classes = Array.from({ length: 20 }, (_, i) => ({ id: `cls-${i}`, title: `${Math.floor(i / 4) + 1}年${i % 4}組` }))
const zip = rosterZip({ classes, students: classes.flatMap((c, i) => japaneseClass(100, c.id, `b${i}x`)) })

let start = performance.now()
const read = readOneRosterZip(zip)
if (!read.ok) throw new Error(`roster refused: ${JSON.stringify(read.errors.slice(0, 3))}`)
const plan = await planRoster(conn.db, scope, read.roster)
const previewMs = performance.now() - start
if (plan.errors.length || plan.students.add.length !== 2000) throw new Error('the bench roster should be clean')
start = performance.now()
const applied = await applyRoster(conn.db, scope, read.roster, 'csv')
const applyMs = performance.now() - start
if (!applied.ok || !applied.changed) throw new Error('apply refused')
start = performance.now()
const again = await applyRoster(conn.db, scope, read.roster, 'csv')
const againMs = performance.now() - start
if (!again.ok || again.changed) throw new Error('the same roster again changed something')
await conn.db.destroy()
console.log(JSON.stringify({ dialect: options.databaseUrl ? 'postgres' : 'sqlite', students: 2000, zipKb: Math.round(zip.length / 1024), previewMs: Math.round(previewMs), applyMs: Math.round(applyMs), againMs: Math.round(againMs) }))
