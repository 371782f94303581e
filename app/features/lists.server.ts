import { sql } from 'kysely'
import { offsetOf, pageWithin, TABLE_PAGE_SIZE } from '~/shared/lists'

/** A LIKE pattern matching `text` anywhere, case-insensitive, with LIKE's own characters escaped. */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A user (aliased `u`) whose name or account matches a `containsPattern`: the lists' name search. */
export const nameMatches = (pattern: string) => sql<boolean>`(lower(coalesce(u.name, '')) like ${pattern} escape '\\' or lower(u.account) like ${pattern} escape '\\')`

/**
 * One page of a list read from the database: the total (`count`) and the rows from an offset
 * (`rows`) are read at once for the page asked; a page past the end reads the last page's rows
 * instead (pageWithin). The page shown comes back with them, for the pager.
 */
export async function pageOfList<T>(asked: number, count: () => Promise<number | string | bigint>, rows: (offset: number, limit: number) => Promise<T[]>, size = TABLE_PAGE_SIZE) {
  const [counted, first] = await Promise.all([count(), rows(offsetOf(asked, size), size)])
  const total = Number(counted)
  const { page, totalPages, offset } = pageWithin(asked, total, size)
  return { rows: page === asked ? first : await rows(offset, size), total, page, totalPages }
}
