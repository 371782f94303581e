import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// The README is the first page a new user reads: its demo table names each thing once.
describe('the README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const demoTable = readme.slice(readme.indexOf('| code | where | what it does |'), readme.indexOf('## Configuration'))

  it('lists each thing to try in the demo once', () => {
    const rows = demoTable.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| code |')).map((l) => l.split('|')[1].trim())
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.filter((row, i) => rows.indexOf(row) !== i)).toEqual([])
  })
})
