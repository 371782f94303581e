import { describe, expect, it } from 'vitest'
import { behaviourRadar, trendChart } from '~/features/reports/charts.server'

const href = (pick: string) => `?pick=${pick}`

describe('report charts', () => {
  it('the radar has a scale: whole-number rings up to the largest count, each labelled', () => {
    const svg = behaviourRadar(
      [
        { code: 1, label: 'Talked', side: 'outer', count: 3 },
        { code: 4, label: 'Breathed', side: 'inner', count: 7 },
        { code: 6, label: 'Asked', side: 'outer', count: 1 },
      ],
      { outer: 'Outward', inner: 'Inward', title: 'Behaviours' },
      href,
    )
    const labels = [...svg.matchAll(/<text[^>]*font-size="10"[^>]*>(\d+)<\/text>/g)].map((m) => Number(m[1]))
    expect(labels).toEqual([2, 4, 6, 8])
  })
  it('the trend marks a week the range cuts short', () => {
    const svg = trendChart(
      [
        { bucket: '2026-11-01', p: 4, n: 2 },
        { bucket: '2026-11-08', p: 1, n: 0, partial: true },
      ],
      { p: 'Positive', n: 'Negative', title: 'Trend' },
      href,
    )
    expect(svg).toContain('11-08*')
    expect(svg).not.toContain('11-01*')
  })
})
