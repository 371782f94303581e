import type { DB } from '~/db/connect.server'
import { assignPendingTopics, pendingTopics } from './assign.server'

/**
 * The batched data migration of the posts' topics (decision 0049; it was `db/migrations/0032`, but it reads
 * posts with the lexicon, which a schema migration must not import): every post the topic lexicon has not
 * read (those written before migration 0031, or read by an older lexicon) gets its topics, a batch
 * of BATCH posts at a time, each batch its own transaction. It keeps no progress of its own: the
 * posts still behind are what is left, so a run cut short (a restart, a crash) goes on where it
 * stopped, and two processes running it at once skip each other's posts. It runs in the background
 * after the schema migrations and the demo's seed (the server answers meanwhile), and the jobs'
 * tick reads whatever is left or written later by other means.
 */
export const BATCH = 200

export async function assignPostTopics(db: DB, { log = false } = {}) {
  const total = await pendingTopics(db)
  if (total === 0) return 0
  const started = Date.now()
  let done = 0
  for (;;) {
    const n = await assignPendingTopics(db, BATCH)
    if (n === 0) break
    done += n
    // Let the server answer between batches.
    await new Promise((resolve) => setImmediate(resolve))
  }
  if (log) console.log(`topics: ${done} posts read in ${Math.round((Date.now() - started) / 100) / 10} s`)
  return done
}
