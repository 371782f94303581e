import { LRUCache } from 'lru-cache'
import type { DB } from '~/db/connect.server'
import { recentPosters } from '~/features/journals/info.server'
import { closedAmong } from '~/features/student-door.server'
import { lowMoodStudents } from './feed.server'

type Overview = { posters: Awaited<ReturnType<typeof recentPosters>>; lowMood: Awaited<ReturnType<typeof lowMoodStudents>> }

// One cache per database (the tests open several).
const caches = new WeakMap<DB, LRUCache<number, Overview>>()

/**
 * The news feed's side panel: recent posters (30 days) and the mood thermometer (14 days). Both
 * summarise weeks of posts, so a minute-old answer is as good as a fresh one: each journal's is
 * kept for 60 s, which spares every feed page two grouped scans (docs/decisions/0012).
 */
export async function journalOverview(db: DB, journalId: number): Promise<Overview> {
  let cache = caches.get(db)
  if (!cache) caches.set(db, (cache = new LRUCache<number, Overview>({ max: 1000, ttl: 60_000 })))
  const hit = cache.get(journalId)
  if (hit) {
    // A student closed since (an erasure asked, an account locked: rule 12) leaves the kept panel at once.
    const closed = await closedAmong(db, [...hit.posters.map((p) => p.id), ...hit.lowMood.map((s) => s.studentId)])
    return closed.size ? { posters: hit.posters.filter((p) => !closed.has(p.id)), lowMood: hit.lowMood.filter((s) => !closed.has(s.studentId)) } : hit
  }
  const [posters, lowMood] = await Promise.all([recentPosters(db, journalId), lowMoodStudents(db, journalId)])
  const overview = { posters, lowMood }
  cache.set(journalId, overview)
  return overview
}
