// `npm run eval:writers`: how the risk alerts hold on a writer nobody trained on, measured on the
// training writers' own sets (decision 0069). For each writer's set (WRITER_SETS), a model is trained
// on every other training set and measured on that writer's alone; the rules stay as they are, so
// the figures say what the model adds for a voice it has not read, without spending a blind set.
//
//   RISK_EVERYDAY_DIR=/path/to/everyday npm run eval:writers [-- train2-younger,train3-teen-phone]
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { TRAINING_SETS, WRITER_SETS } from '../tests/support/risk-eval'

const root = path.join(import.meta.dirname, '..')
const writers = process.argv[2]?.split(',') ?? [...WRITER_SETS]
const dir = mkdtempSync(path.join(tmpdir(), 'risk-writers-'))
for (const writer of writers) {
  const model = path.join(dir, `without-${writer}.json`)
  const trainOn = TRAINING_SETS.filter((s) => s !== writer).join(',')
  execFileSync('npx', ['tsx', 'scripts/train-risk-model.ts'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, TRAIN_SETS: trainOn, RISK_MODEL_OUT: model } })
  console.log(`\n## ${writer}, by a model trained without it`)
  execFileSync('npx', ['tsx', 'scripts/eval-alerts.ts', '--only', writer], { cwd: root, stdio: 'inherit', env: { ...process.env, RISK_MODEL_FILE: model } })
}
