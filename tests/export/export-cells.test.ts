import { describe, expect, it } from 'vitest'
import { exportCell } from '~/features/export/cells'

describe('an export cell', () => {
  it('keeps ordinary text and numbers as they are', () => {
    expect(exportCell('我今天很開心')).toBe('我今天很開心')
    expect(exportCell('a = b')).toBe('a = b')
    expect(exportCell(42)).toBe(42)
    expect(exportCell('line one\nline two\ttab')).toBe('line one\nline two\ttab')
  })
  it('prefixes what a spreadsheet would read as a formula from a CSV', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1']) expect(exportCell(text)).toBe(`'${text}`)
  })
  it('drops the characters XML forbids', () => {
    expect(exportCell('a\u0000b\u0008c\u000bd\u001be')).toBe('abcde')
  })
})
