import { describe, expect, it } from 'vitest'
import { listParams, MAX_PAGE, pageLinks, pagesOf, pageWithin, parseId } from '~/shared/lists'

describe('lists', () => {
  it('pages of 10 rows, at least one page', () => {
    expect([0, 1, 10, 11, 200].map((n) => pagesOf(n))).toEqual([1, 1, 1, 2, 20])
  })
  it('shows the last page for a page past the end, and the first of an empty list (decision 0044)', () => {
    expect(pageWithin(3, 25)).toEqual({ page: 3, totalPages: 3, offset: 20 })
    expect(pageWithin(999, 25)).toEqual({ page: 3, totalPages: 3, offset: 20 })
    expect(pageWithin(999, 2)).toEqual({ page: 1, totalPages: 1, offset: 0 })
    expect(pageWithin(5, 0)).toEqual({ page: 1, totalPages: 1, offset: 0 })
    expect(pageWithin(9, 45, 20)).toEqual({ page: 3, totalPages: 3, offset: 40 })
  })
  it('up to 11 page links with the current page in the middle where it can be', () => {
    expect(pageLinks(1, 3)).toEqual([1, 2, 3])
    expect(pageLinks(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    expect(pageLinks(10, 20)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
    expect(pageLinks(20, 20)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20])
  })
  it('reads q and page from a URL, trimmed and clamped to a safe range', () => {
    expect(listParams('http://x/a?q=%20Amy%20&page=3')).toEqual({ q: 'Amy', page: 3 })
    expect(listParams('http://x/a')).toEqual({ q: '', page: 1 })
    for (const bad of ['-4', '0', 'abc', '1e9', '99999999999999999999']) expect(listParams(`http://x/a?page=${bad}`).page).toBeLessThanOrEqual(MAX_PAGE)
    expect(listParams('http://x/a?page=-4').page).toBe(1)
    expect(listParams(`http://x/a?q=${'x'.repeat(500)}`).q).toHaveLength(100)
  })
  it('parses ids from URLs and forms: positive integers of up to 10 digits, nothing else', () => {
    expect(['1', '42', '9999999999'].map(parseId)).toEqual([1, 42, 9999999999])
    expect(['0', '-1', '1.5', '1e3', ' 7', '12345678901', '', 'abc', null, undefined, 7].map(parseId)).toEqual(Array(11).fill(null))
  })
})
