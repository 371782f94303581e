import { inTransaction, type DB } from '~/db/connect.server'
import { TOPIC_LEXICON_VERSION, type Topic } from './lexicon'
import { topicsOfText } from './match.server'

/**
 * Topics are given when a post is written, never when a page is read (decision 0049): the student's
 * save and revision read the new text before their transaction (an analyser's first load never
 * holds a lock) and write the topics inside it. Posts written another way (seeds, imports, test
 * fixtures) and posts read by an older lexicon are read in batches by `assignPendingTopics`.
 */

/** What a post's event is about: its title and its event frame, in the journal's language as a hint. */
export const postText = (title: string, event: string) => `${title}\n${event}`

/** The topics of a post about to be written; null when an analyser failed (the post is read again later). */
export async function topicsForPost(db: DB, journalId: number, title: string, event: string): Promise<Topic[] | null> {
  try {
    const journal = await db.selectFrom('journals').select('speech_lang').where('id', '=', journalId).executeTakeFirst()
    return await topicsOfText(postText(title, event), journal?.speech_lang)
  } catch (error) {
    console.error('topics of a post failed', error instanceof Error ? error.message : error)
    return null
  }
}

/** Writes a post's topics and the lexicon version that found them (null topics: left to be read again). */
export async function writeTopics(db: DB, postId: number, topics: Topic[] | null) {
  if (topics === null) return
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('post_topics').where('post_id', '=', postId).execute()
    if (topics.length) await trx.insertInto('post_topics').values(topics.map((topic) => ({ post_id: postId, topic }))).execute()
    await trx.updateTable('posts').set({ topics_version: TOPIC_LEXICON_VERSION }).where('id', '=', postId).execute()
  })
}

/** Posts read between two turns of the event loop. */
const YIELD_EVERY = 10

const stale = (db: DB) => db.selectFrom('posts as p').where((eb) => eb.or([eb('p.topics_version', 'is', null), eb('p.topics_version', '<>', TOPIC_LEXICON_VERSION)]))

/** How many posts wait to be read by the current lexicon. */
export async function pendingTopics(db: DB) {
  const row = await stale(db).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Reads up to `batch` posts that the current lexicon has not read, and writes their topics in one
 * transaction. A post written meanwhile (a revision) already has its topics and is left as it is:
 * the write claims only the posts still behind (a row lock on PostgreSQL, the write lock on SQLite),
 * so two processes never undo each other's work. Returns how many posts were read.
 */
export async function assignPendingTopics(db: DB, batch = 200) {
  const rows = await stale(db)
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select((eb) => [
      'p.id',
      'p.title',
      'j.speech_lang as lang',
      eb.selectFrom('post_frames as f').select('f.message').whereRef('f.post_id', '=', 'p.id').where('f.frame_type', '=', 'event').orderBy('f.position').limit(1).as('event'),
    ])
    .orderBy('p.id')
    .limit(batch)
    .execute()
  if (rows.length === 0) return 0
  const found: { id: number; topics: Topic[] }[] = []
  for (const [i, r] of rows.entries()) {
    found.push({ id: r.id, topics: await topicsOfText(postText(r.title, r.event ?? ''), r.lang) })
    // The analysers read synchronously: the pages this process serves wait for a batch only between
    // posts, not for the whole of it (a 500-post tick held a district's pages for 0.7 s, decision 0050).
    if (i % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve))
  }
  // Three statements a batch, whatever its size: claim the posts still behind, then replace their topics.
  await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('posts')
      .set({ topics_version: TOPIC_LEXICON_VERSION })
      .where(
        'id',
        'in',
        found.map((f) => f.id),
      )
      .where((eb) => eb.or([eb('topics_version', 'is', null), eb('topics_version', '<>', TOPIC_LEXICON_VERSION)]))
      .returning('id')
      .execute()
    const ids = new Set(claimed.map((c) => c.id))
    if (ids.size === 0) return
    await trx.deleteFrom('post_topics').where('post_id', 'in', [...ids]).execute()
    const values = found.filter((f) => ids.has(f.id)).flatMap((f) => f.topics.map((topic) => ({ post_id: f.id, topic })))
    if (values.length) await trx.insertInto('post_topics').values(values).execute()
  })
  return rows.length
}
