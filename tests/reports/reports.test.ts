import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createJournal } from '~/features/journals/settings.server'
import { bucketDates, bucketOf, checkCustom, rangeOf } from '~/features/reports/range'
import { behaviourStats, emotionStats, parsePick, pickedPosts, trend } from '~/features/reports/report.server'
import { sendBack } from '~/features/posts/comments.server'
import { createPost, revisePost } from '~/features/students/posts.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { reportPdf } from '~/features/reports/report-document.server'
import { translatorOf } from '~/i18n/middleware.server'

describe('report ranges', () => {
  const days = { created: '2026-01-10', today: '2026-11-21' }
  it('presets end today, the default is 15 days, a custom range is checked', () => {
    expect(rangeOf(new URLSearchParams(''), days)).toEqual({ range: { start: '2026-11-07', end: '2026-11-21', days: 15 } })
    expect(rangeOf(new URLSearchParams('days=90'), days).range.start).toBe('2026-08-24')
    expect(rangeOf(new URLSearchParams('days=7'), days).range.days).toBe(15)
    expect(rangeOf(new URLSearchParams('start=2026-02-01&end=2026-03-01'), days)).toEqual({ range: { start: '2026-02-01', end: '2026-03-01', days: null } })
    expect(checkCustom('2026-2-01', '2026-03-01', days)).toBe('report.badDate')
    expect(checkCustom('1899-12-31', '2026-03-01', days)).toBe('report.badDate')
    expect(checkCustom('2026-02-30', '2026-03-01', days)).toBe('report.badDate')
    expect(checkCustom('2026-03-02', '2026-03-01', days)).toBe('report.startAfterEnd')
    expect(checkCustom('2026-01-09', '2026-03-01', days)).toBe('report.outOfRange')
    expect(checkCustom('2026-02-01', '2026-11-22', days)).toBe('report.outOfRange')
    expect(rangeOf(new URLSearchParams('start=2026-03-02&end=2026-03-01'), days).error).toBe('report.startAfterEnd')
    expect(rangeOf(new URLSearchParams('start=2026-03-02&end='), days)).toEqual({ range: { start: '2026-11-07', end: '2026-11-21', days: 15 } })
  })
  it('buckets by 7 days from the start, or by month, clipped to the range', () => {
    const range = { start: '2026-11-01', end: '2026-12-10', days: null }
    expect([bucketOf('2026-11-07', range, '7d'), bucketOf('2026-11-08', range, '7d'), bucketOf('2026-12-10', range, '1m')]).toEqual(['2026-11-01', '2026-11-08', '2026-12'])
    expect(bucketDates('2026-12', range, '1m')).toEqual({ start: '2026-12-01', end: '2026-12-10' })
    expect(bucketDates('2026-11', { ...range, start: '2026-11-05' }, '1m')).toEqual({ start: '2026-11-05', end: '2026-11-30' })
  })
})

describe.each(DIALECTS)('report figures on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let journalId: number
  let s2: number
  const ids: Record<string, number> = {}
  const range = { start: '2026-11-01', end: '2026-11-14', days: null }
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const users = Object.values(await accountsFor(conn.db, ['t', 's1', 's2']))
    const [teacher, s1] = users
    s2 = users[2]
    const j = await createJournal(conn.db, { userId: teacher, planLimit: 30 }, { name: 'J', labelColorCode: '1', speechLang: 'en', display: 'list', expireType: '1', studentLimit: '5', shareType: '3' })
    if (!j.ok) throw new Error('journal')
    journalId = j.id
    const post = (student: number, title: string, diaryDate: string, emotions: string[], behaviour: string) =>
      createPost(conn.db, student, journalId, { title, diaryDate, event: 'x', emotions, behaviour }).then((id) => (ids[title] = id))
    // Hand-counted below: A has a positive and a negative feeling, D is outside the range.
    await post(s1, 'A', '2026-11-02', ['3', 'B'], '4')
    await post(s1, 'B', '2026-11-03', ['17'], '6')
    await post(s2, 'C', '2026-11-09', ['3'], '4')
    await post(s2, 'D', '2026-10-20', ['12'], '1')
  })
  afterAll(() => conn.close())

  it('prints the four charts of the range as vectors with their figures, in the reader\'s language; an empty range says so', async () => {
    const pageText = async (pdf: Uint8Array) => {
      const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise
      const pages: string[] = []
      for (let i = 1; i <= doc.numPages; i++) pages.push((await (await doc.getPage(i)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' '))
      return pages.join(' ').replace(/\s+/g, ' ')
    }
    const journal = { id: journalId, name: 'Class 5' }
    const en = await reportPdf(conn.db, { journal, student: null, range, interval: '7d', lang: 'en', t: translatorOf('en'), today: '2026-11-21' })
    const words = await pageText(en.pdf)
    for (const expected of ['Report | Class 5', '2026-11-01 to 2026-11-14', 'Trend', 'Emotion groups', 'Emotion distribution', 'Behaviours', 'Top 3 positive', '2026-11-01 · Negative']) expect(words).toContain(expected)
    // The charts are drawn, not pictures: no image in the file.
    expect(Buffer.from(en.pdf).includes('/Subtype /Image')).toBe(false)
    const ja = await reportPdf(conn.db, { journal, student: { id: s2, name: 'S2' }, range: { start: '2026-10-01', end: '2026-10-05', days: null }, interval: '1m', lang: 'ja', t: translatorOf('ja'), today: '2026-11-21' })
    // Japanese lines wrap anywhere: compared without the spaces the extraction puts at line ends.
    const jaWords = (await pageText(ja.pdf)).replace(/\s/g, '')
    expect(jaWords).toContain('S2')
    expect(jaWords.split(translatorOf('ja')('report.noData').replace(/\s/g, ''))).toHaveLength(5)
  })

  it('trend: posts with a positive and with a negative feeling, by week and by month', async () => {
    expect(await trend(conn.db, { journalId, range }, '7d')).toEqual([
      { bucket: '2026-11-01', p: 1, n: 2, days: 7, partial: false },
      { bucket: '2026-11-08', p: 1, n: 0, days: 7, partial: false },
    ])
    expect(await trend(conn.db, { journalId, range }, '1m')).toEqual([{ bucket: '2026-11', p: 2, n: 2, days: 14, partial: true }])
    // A range whose last week is cut short after one day: that week is marked, so it does not read as a drop.
    expect((await trend(conn.db, { journalId, range: { ...range, end: '2026-11-15' } }, '7d')).at(-1)).toEqual({ bucket: '2026-11-15', p: 0, n: 0, days: 1, partial: true })
  })

  it('trend: a revised post moves between the lines', async () => {
    const extra = await createPost(conn.db, s2, journalId, { title: 'E', diaryDate: '2026-11-10', event: 'x', emotions: ['B'], behaviour: '4' })
    expect(await trend(conn.db, { journalId, range }, '1m')).toMatchObject([{ bucket: '2026-11', p: 2, n: 3 }])
    await sendBack(conn.db, extra)
    await revisePost(conn.db, s2, extra, { title: 'E', diaryDate: '2026-11-10', event: 'x', emotions: ['3'], behaviour: '4' })
    expect(await trend(conn.db, { journalId, range }, '1m')).toMatchObject([{ bucket: '2026-11', p: 3, n: 2 }])
    await conn.db.deleteFrom('posts').where('id', '=', extra).execute()
  })

  it('emotions: counts, posts, rounded shares, the four groups and the top three', async () => {
    const stats = await emotionStats(conn.db, { journalId, range })
    expect(stats.all).toBe(4)
    expect(stats.emotions.filter((e) => e.count > 0).map((e) => [e.code, e.count, e.postCount, e.percent, e.type])).toEqual([
      ['3', 2, 2, 50, 'p'],
      ['17', 1, 1, 25, 'n'],
      ['B', 1, 1, 25, 'n'],
    ])
    expect(stats.groups).toEqual([
      { group: 'joy', count: 2, percent: 50 },
      { group: 'angry', count: 1, percent: 25 },
      { group: 'sad', count: 1, percent: 25 },
      { group: 'fear', count: 0, percent: 0 },
    ])
    expect([stats.topPositive.map((e) => e.code), stats.topNegative.map((e) => e.code)]).toEqual([['3'], ['17', 'B']])
    // One student: only their post in the range.
    const one = await emotionStats(conn.db, { journalId, studentId: s2, range })
    expect([one.all, one.groups[0].percent]).toEqual([1, 100])
  })

  it('behaviours: counts and rounded shares of the ten', async () => {
    const stats = await behaviourStats(conn.db, { journalId, range })
    expect(stats.all).toBe(3)
    expect(stats.behaviours.filter((b) => b.count > 0).map((b) => [b.code, b.count, b.percent, b.side])).toEqual([
      [4, 2, 67, 'inner'],
      [6, 1, 33, 'outer'],
    ])
  })

  it('the posts behind a chart element, newest first, five a page', async () => {
    const titles = async (pick: string, interval: '7d' | '1m' = '7d') => (await pickedPosts(conn.db, { journalId, range }, parsePick(pick)!, 1, interval)).posts.map((p) => p.title)
    expect(await titles('group:joy')).toEqual(['C', 'A'])
    expect(await titles('trend:2026-11-01:n')).toEqual(['B', 'A'])
    expect(await titles('trend:2026-11:p', '1m')).toEqual(['C', 'A'])
    expect(await titles('emotion:17')).toEqual(['B'])
    expect(await titles('behaviour:4')).toEqual(['C', 'A'])
    expect(parsePick('emotion:ZZ')).toBeNull()
    const page = await pickedPosts(conn.db, { journalId, range }, parsePick('group:joy')!, 1, '7d')
    expect([page.hasMore, page.posts[0].userName, page.posts[0].emotions]).toEqual([false, 's2', ['3']])
  })
})
