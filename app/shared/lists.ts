/**
 * Lists, in one place (spec 2 section 9): tables of 10 rows a page with up to 11 page links, the
 * `q` and `page` parameters of their URLs, and the one parser of database ids in URLs and forms.
 * No server code: the pager and the loaders both read it.
 */
export const TABLE_PAGE_SIZE = 10
export const PAGE_LINKS = 11
/** Page numbers are clamped: a huge offset is never sent to the database. */
export const MAX_PAGE = 100_000
export const MAX_QUERY_LENGTH = 100

export const pagesOf = (total: number, size = TABLE_PAGE_SIZE) => Math.max(1, Math.ceil(total / size))
export const offsetOf = (page: number, size = TABLE_PAGE_SIZE) => (page - 1) * size

/**
 * The page a list shows for the page asked (decision 0044): a page past the end shows the last page,
 * never an empty list that says there is nothing. Every list pages through this (or `pageOfList`).
 */
export function pageWithin(asked: number, total: number, size = TABLE_PAGE_SIZE) {
  const totalPages = pagesOf(total, size)
  const page = Math.min(Math.max(1, asked), totalPages)
  return { page, totalPages, offset: offsetOf(page, size) }
}

/** The page links around the current page: at most PAGE_LINKS, the current one in the middle where it can be. */
export function pageLinks(page: number, totalPages: number) {
  const first = Math.max(1, Math.min(page - Math.floor(PAGE_LINKS / 2), totalPages - PAGE_LINKS + 1))
  return Array.from({ length: Math.min(PAGE_LINKS, totalPages) }, (_, i) => first + i)
}

/** A page number from the URL: 1 … MAX_PAGE, 1 for anything else. */
export const pageParam = (params: URLSearchParams, name = 'page') => Math.min(Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1), MAX_PAGE)

/** A list's search and page from its URL: the search trimmed and cut to MAX_QUERY_LENGTH. */
export function listParams(url: string | URL) {
  const params = new URL(url).searchParams
  return { q: params.get('q')?.trim().slice(0, MAX_QUERY_LENGTH) ?? '', page: pageParam(params) }
}

/** A database id in a URL segment, query or form field: a positive integer of at most 10 digits, or null. */
export function parseId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) return null
  const id = Number(value)
  return id > 0 ? id : null
}
