import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from '~/shared/dates'

// What the dates showed before the offsets were cached: Intl for each date.
const reference = new Map<string, Intl.DateTimeFormat>()
const intlDateTime = (iso: string, timeZone: string) => {
  if (!reference.has(timeZone)) reference.set(timeZone, new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }))
  return reference.get(timeZone)!.format(new Date(iso)).replace(',', '')
}

describe('dates in the school time zone', () => {
  it('show Taipei time by default (spec 2 section 9)', () => {
    expect(formatDateTime('2026-11-21T16:05:00.000Z')).toBe('2026-11-22 00:05')
    expect(formatDate('2026-11-21T15:59:59.999Z')).toBe('2026-11-21')
    expect(formatDate('2026-11-21T16:00:00.000Z')).toBe('2026-11-22')
  })

  it('agree with Intl every 7 minutes across daylight-saving changes, in zones with odd offsets too', () => {
    const zones = ['Asia/Taipei', 'Asia/Tokyo', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'UTC']
    // The spring and autumn changes of 2026 in both hemispheres, a few days either side.
    const spans = [Date.UTC(2026, 2, 5), Date.UTC(2026, 2, 26), Date.UTC(2026, 3, 2), Date.UTC(2026, 9, 1), Date.UTC(2026, 9, 22), Date.UTC(2026, 10, 1)]
    for (const timeZone of zones)
      for (const start of spans)
        for (let t = start; t < start + 4 * 86_400_000; t += 7 * 60_000 + 13_000) {
          const iso = new Date(t).toISOString()
          expect(formatDateTime(iso, timeZone), `${iso} in ${timeZone}`).toBe(intlDateTime(iso, timeZone))
        }
  })
})
