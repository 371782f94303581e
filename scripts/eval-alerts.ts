// `npm run eval:alerts`: the risk alerts judged by their answers (decisions 0068, 0069), per set, language and
// category, on
//   - every labelled set in tests/risk-eval (tuned, held out, and the blind writers' sets),
//   - further labelled sets given as arguments (a new set measured once, before anyone reads it),
//   - the real public texts in ../shared/data/risk-real (present in CI and on the team's machines, not
//     in a user's clone: the eval says so and goes on without them).
// Figures: recall (a worrying post raises an alert), urgent at high, false alerts on harmless posts,
// false highs, and the harmless posts that the model alone raised.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { assessPost, type Assessment } from '../app/features/alerts/assess/assess.server'
import { EVAL_LANGUAGES, TUNED_SETS, type EvalLanguage, type LabelledPost } from '../tests/support/risk-eval'

const ROOT = path.join(import.meta.dirname, '..')
const EVAL_DIR = path.join(ROOT, 'tests', 'risk-eval')
// Beside the project (../shared), or beside the folder of worktrees a helper works in (../../shared).
const REAL = [path.join(ROOT, '..', 'shared'), path.join(ROOT, '..', '..', 'shared')].map((d) => path.join(d, 'data', 'risk-real', 'texts.tsv')).find(existsSync) ?? path.join(ROOT, '..', 'shared', 'data', 'risk-real', 'texts.tsv')

interface Judged {
  label: 'worrying' | 'harmless'
  category: string
  severity: 'high' | 'medium' | null
  assessment: Assessment
}

const pct = (n: number, d: number) => (d ? `${Math.round((100 * n) / d)} %` : '–')
const byModelAlone = (a: Assessment) => a.findings.length > 0 && a.findings.every((f) => f.byModel)

async function judge(posts: LabelledPost[], language: string): Promise<Judged[]> {
  const out: Judged[] = []
  for (const post of posts) out.push({ label: post.label, category: post.category ?? 'harmless', severity: post.severity, assessment: await assessPost(post, language) })
  return out
}

function figures(rows: Judged[]) {
  const worrying = rows.filter((r) => r.label === 'worrying')
  const urgent = worrying.filter((r) => r.severity === 'high')
  const harmless = rows.filter((r) => r.label === 'harmless')
  const raised = harmless.filter((r) => r.assessment.severity)
  return {
    worrying: worrying.length,
    recall: pct(worrying.filter((r) => r.assessment.severity).length, worrying.length),
    urgent: urgent.length,
    urgentHigh: pct(urgent.filter((r) => r.assessment.severity === 'high').length, urgent.length),
    harmless: harmless.length,
    falseAlerts: pct(raised.length, harmless.length),
    falseHigh: raised.filter((r) => r.assessment.severity === 'high').length,
    modelAloneHigh: raised.filter((r) => r.assessment.severity === 'high' && byModelAlone(r.assessment)).length,
  }
}

function table(title: string, rows: Record<string, string | number>[]) {
  if (!rows.length) return
  const columns = Object.keys(rows[0])
  console.log(`\n### ${title}\n`)
  console.log(`| ${columns.join(' | ')} |`)
  console.log(`|${columns.map(() => '---').join('|')}|`)
  for (const r of rows) console.log(`| ${columns.map((c) => r[c]).join(' | ')} |`)
}

/** A folder of posts.{en,zh-TW,ja}.json, read per language. */
function setIn(dir: string) {
  return Object.fromEntries(EVAL_LANGUAGES.map((l) => [l, existsSync(path.join(dir, `posts.${l}.json`)) ? (JSON.parse(readFileSync(path.join(dir, `posts.${l}.json`), 'utf8')) as LabelledPost[]) : []])) as Record<EvalLanguage, LabelledPost[]>
}

// `--only a,b` measures those sets of tests/risk-eval alone and leaves the real texts out (what
// `npm run eval:writers` asks of a model trained without one writer's set); `--only real` measures
// the real texts alone.
const args = process.argv.slice(2)
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : undefined
const newSets = args.filter((a, i) => a !== '--only' && args[i - 1] !== '--only')
const sets: { name: string; dir: string }[] = [
  { name: 'dev', dir: EVAL_DIR },
  ...readdirSync(EVAL_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => ({ name: d.name, dir: path.join(EVAL_DIR, d.name) })),
  ...newSets.map((dir) => ({ name: `new: ${path.basename(dir)}`, dir: path.resolve(dir) })),
].filter((s) => !only || only.includes(s.name))

const perSet: Record<string, string | number>[] = []
const perCategory = new Map<string, Map<EvalLanguage, Judged[]>>()
for (const { name, dir } of sets) {
  const posts = setIn(dir)
  for (const language of EVAL_LANGUAGES) {
    if (!posts[language].length) continue
    const rows = await judge(posts[language], language)
    perSet.push({ set: name, language, ...figures(rows) })
    // Per category: the sets nobody tuned on only (held out and blind), so that a category's figure is not flattered.
    if ((TUNED_SETS as readonly string[]).includes(name) && !only) continue
    for (const r of rows) {
      const byLanguage = perCategory.get(r.category) ?? new Map<EvalLanguage, Judged[]>()
      byLanguage.set(language, [...(byLanguage.get(language) ?? []), r])
      perCategory.set(r.category, byLanguage)
    }
  }
}
table('Per set and language (recall: worrying posts raising an alert; falseAlerts: harmless posts raising one; modelAloneHigh: harmless posts at high from the model alone)', perSet)
table(
  only ? `Per category, on ${only.join(', ')}: caught / posts, and urgent at high` : 'Per category, on the sets nobody tuned on (holdout9, the blind writers\' sets and new ones): caught / posts, and urgent at high',
  [...perCategory.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([category, byLanguage]) =>
    Object.fromEntries([['category', category], ...EVAL_LANGUAGES.map((l) => {
      const rows = byLanguage.get(l) ?? []
      const caught = rows.filter((r) => (category === 'harmless' ? !r.assessment.severity : r.assessment.severity)).length
      const urgent = rows.filter((r) => r.severity === 'high')
      return [l, rows.length ? `${caught}/${rows.length}${urgent.length ? `, high ${urgent.filter((r) => r.assessment.severity === 'high').length}/${urgent.length}` : ''}` : '–']
    })]),
  ),
)

// Real public texts: the risk ones should raise an alert, the others nothing.
if (only && !only.includes('real')) console.log('\nThe real texts are measured by a whole run (without --only) or by --only real.')
else if (!existsSync(REAL)) console.log(`\nThe real texts (${path.relative(ROOT, REAL)}) are not on this machine: measured on the labelled sets only.`)
else {
  const lines = readFileSync(REAL, 'utf8').trim().split('\n').slice(1).map((l) => l.split('\t'))
  const unescape = (t: string) => t.replace(/\\(n|t|r|\\)/g, (_, c: string) => ({ n: '\n', t: '\t', r: '\r', '\\': '\\' })[c]!)
  const real: Record<string, string | number>[] = []
  for (const lang of ['en', 'zh', 'ja']) {
    for (const label of ['risk', 'non-risk', 'sad-event']) {
      const texts = lines.filter((l) => l[1] === lang && l[2] === label).map((l) => unescape(l[4]))
      if (!texts.length) continue
      const judged = await judge(texts.map((text, i) => ({ id: String(i), title: '', event: text, story: '', behaviour: '', label: 'harmless', category: null, severity: null, kind: '' })), lang === 'zh' ? 'zh-TW' : lang)
      const raised = judged.filter((r) => r.assessment.severity)
      real.push({ language: lang, label, texts: texts.length, raised: pct(raised.length, texts.length), high: raised.filter((r) => r.assessment.severity === 'high').length, modelAlone: raised.filter((r) => byModelAlone(r.assessment)).length })
    }
  }
  table('Real public texts (risk: should raise; non-risk and sad-event: should not)', real)
}
