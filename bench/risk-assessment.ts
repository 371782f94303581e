// Decision 0042: the content assessment over the labelled sets (tests/risk-eval): recall, high at high and
// false alerts per language (the target is checked on the sets never read), the confusion of categories, the time a post takes; and the alert rules
// replayed over the demo's two months, alerts a week per class. A process of its own; prints JSON.
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedDemo, seedReferenceData } from '../app/seed/demo.server'
import { journalMoodPosts } from '../app/features/alerts/raise.server'
import { alertsPerWeek, replayAlerts } from '../app/features/alerts/replay'
import { warmAnalysers } from '../app/features/text/tokens.server'
import { confusion, EVAL_LANGUAGES, EVAL_SETS, evaluate, labelledPosts, LEXICON_SETS, TEST_SETS } from '../tests/support/risk-eval'

const lines: string[] = []
const pct = (x: number) => `${(100 * x).toFixed(1)} %`
await warmAnalysers()
const times: number[] = []
const worst = { recall: 1, highRate: 1, falseRate: 0 }
for (const set of EVAL_SETS) {
  const unseen = (TEST_SETS as readonly string[]).includes(set)
  const listsOnly = (LEXICON_SETS as readonly string[]).includes(set)
  lines.push(`  set ${set}${unseen ? ' (never read, never trained on)' : listsOnly ? ' (tuned on, not trained on)' : ' (tuned and trained on)'}:`)
  for (const language of EVAL_LANGUAGES) {
    const { rows, figures: f } = await evaluate(labelledPosts(set, language), language)
    times.push(...rows.map((r) => r.ms))
    if (unseen) {
      worst.recall = Math.min(worst.recall, f.recall)
      worst.highRate = Math.min(worst.highRate, f.highRate)
      worst.falseRate = Math.max(worst.falseRate, f.falseRate)
    }
    const caught = f.worrying ? `recall ${pct(f.recall)} (${f.caught}/${f.worrying}), urgent at high ${pct(f.highRate)} (${f.urgentHigh}/${f.urgent}), ` : ''
    lines.push(`    ${language.padEnd(5)} ${caught}false alerts ${pct(f.falseRate)} (${f.falseAlerts}/${f.harmless})`)
    const { columns, table } = confusion(rows)
    lines.push(`      ${'labelled \\ raised'.padEnd(14)} ${columns.map((c) => c.slice(0, 8).padStart(9)).join('')}`)
    for (const [row, counts] of table) lines.push(`      ${row.padEnd(14)} ${columns.map((c) => String(counts[c] ?? 0).padStart(9)).join('')}`)
  }
}
times.sort((a, b) => a - b)
const p = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 100) / 100

// The demo's two months replayed (each alert taken as resolved three days after it was raised).
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'))
const conn = connect({ sqliteFile: path.join(dir, 'app.db') })
await migrate(conn)
await seedReferenceData(conn.db)
await seedDemo(conn.db)
const replay: string[] = []
for (const j of await conn.db.selectFrom('journals').select(['id', 'name']).where('share_type', '<>', '5').orderBy('id').execute()) {
  const posts = await journalMoodPosts(conn.db, j.id)
  if (posts.length < 20) continue
  const raised = replayAlerts(posts)
  const byRule = (rule: string) => raised.filter((a) => a.rule === rule).length
  replay.push(`    ${j.name}: ${posts.length} posts, ${alertsPerWeek(raised, posts).toFixed(2)} alerts a week per 25 students (content ${byRule('words')}, of them high ${raised.filter((a) => a.rule === 'words' && a.severity === 'high').length}; streak ${byRule('streak')}; drop ${byRule('drop')})`)
}
await conn.db.destroy()
rmSync(dir, { recursive: true, force: true })
console.log(JSON.stringify({ lines, replay, posts: times.length, p50Ms: p(0.5), p95Ms: p(0.95), worst }))
