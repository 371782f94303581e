import { MAX_QUERY_LENGTH, pageParam } from '~/shared/lists'
import type { FeedFilter } from './feed.server'

const DATE = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * The feed's filter from the URL (so a search is a bookmarkable link): title text, a diary-date
 * range whose start is not after its end, and the page. A malformed date is ignored.
 */
export function feedFilterOf(params: URLSearchParams): { filter: FeedFilter; error: 'feed.rangeStartAfterEnd' | null } {
  const q = params.get('q')?.trim().slice(0, MAX_QUERY_LENGTH) || undefined
  const date = (name: string) => {
    const v = params.get(name)
    return v && DATE.test(v) ? v : undefined
  }
  const start = date('start')
  const end = date('end')
  const page = pageParam(params)
  return { filter: { q, start, end, page }, error: start && end && start > end ? 'feed.rangeStartAfterEnd' : null }
}
