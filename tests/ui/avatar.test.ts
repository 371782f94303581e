import { describe, expect, it } from 'vitest'
import { initialsOf } from '~/ui/avatar'

describe('avatar initials', () => {
  it('tell people apart: given names, first and last initials, a number', () => {
    expect(['王小明', '林美華 Lin Mei-hua', 'Student 07', 'Student 12', 'Chris Evans', 'amy', 'やまだ はなこ', ''].map(initialsOf)).toEqual(['小明', '美華', 'S7', 'S12', 'CE', 'A', 'やは', '?'])
  })
})
