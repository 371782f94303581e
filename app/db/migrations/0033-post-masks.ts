import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A post's topics, feelings and behaviours as bit masks (decision 0049):
 * `posts.topic_mask`, `emotion_mask` and `behaviour_mask`, kept by triggers on post_topics,
 * post_emotions and post_behaviours in both databases (every writer keeps them right, as the mood
 * flags are kept, migration 0010). The Patterns page counts topics × feelings × behaviours from one
 * covering index over the period's posts instead of joining three tables for each post: on a
 * journal of 100,000 posts the joins took 0.2 to 2 s.
 */
// The values as they stood when this was written (a migration keeps its meaning when the app's
// lists change; they only ever grow at their end: features/insights/masks.ts).
const TOPICS = ['school', 'friends', 'family', 'teachers', 'play', 'health', 'pets', 'screens', 'loss', 'leftOut', 'outings']
const EMOTIONS = ['3', '4', '5', '6', '7', '8', '9', '11', '12', '13', '14', '15', '16', '17', 'A', 'B', 'C', 'D', 'E', 'F']
const BEHAVIOURS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
/** A CASE that turns a value into its bit: a text value's place in its list, a number n's bit n − 1. */
const bitCase = (column: string, values: readonly (string | number)[]) =>
  `CASE ${column} ${values.map((v, i) => `WHEN ${typeof v === 'number' ? v : `'${v}'`} THEN ${typeof v === 'number' ? 2 ** (v - 1) : 2 ** i}`).join(' ')} ELSE 0 END`
const TABLES = [
  { table: 'post_topics', column: 'topic_mask', sum: bitCase('topic', TOPICS) },
  { table: 'post_emotions', column: 'emotion_mask', sum: bitCase('emotion_code', EMOTIONS) },
  { table: 'post_behaviours', column: 'behaviour_mask', sum: bitCase('behaviour_code', BEHAVIOURS) },
] as const

export const postMasks = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    for (const { table, column, sum } of TABLES) {
      await db.schema.alterTable('posts').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute()
      // One row per post and value (their primary keys): the sum of the bits is the mask.
      const refresh = (id: string) => `UPDATE posts SET ${column} = (SELECT coalesce(sum(${sum}), 0) FROM ${table} WHERE post_id = ${id}) WHERE id = ${id}`
      if (dialect === 'postgres') {
        await sql.raw(`CREATE FUNCTION ${table}_mask_refresh() RETURNS trigger AS $$
          BEGIN
            IF TG_OP <> 'INSERT' THEN ${refresh('OLD.post_id')}; END IF;
            IF TG_OP <> 'DELETE' THEN ${refresh('NEW.post_id')}; END IF;
            RETURN NULL;
          END $$ LANGUAGE plpgsql`).execute(db)
        await sql.raw(`CREATE TRIGGER ${table}_mask AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_mask_refresh()`).execute(db)
      } else {
        await sql.raw(`CREATE TRIGGER ${table}_mask_insert AFTER INSERT ON ${table} BEGIN ${refresh('NEW.post_id')}; END`).execute(db)
        await sql.raw(`CREATE TRIGGER ${table}_mask_delete AFTER DELETE ON ${table} BEGIN ${refresh('OLD.post_id')}; END`).execute(db)
        await sql.raw(`CREATE TRIGGER ${table}_mask_update AFTER UPDATE ON ${table} BEGIN ${refresh('OLD.post_id')}; ${refresh('NEW.post_id')}; END`).execute(db)
      }
      await sql.raw(`UPDATE posts SET ${column} = (SELECT coalesce(sum(${sum}), 0) FROM ${table} WHERE post_id = posts.id)`).execute(db)
    }
    // One covering index for the period's posts by diary date: the trend's mood flags (it replaces
    // migration 0010's index, its prefix) and the Patterns page's masks. Two indexes with the same
    // leading columns let SQLite's planner take the narrow one and read the table row by row.
    await db.schema.dropIndex('posts_journal_diary_mood').execute()
    await db.schema.createIndex('posts_journal_patterns').on('posts').columns(['journal_id', 'diary_date', 'mood_p', 'mood_n', 'creator_id', 'topic_mask', 'emotion_mask', 'behaviour_mask', 'topics_version']).execute()
    // Migration 0030's (journal_id, created_at, creator_id, status, answer_secs) begins with 0001's
    // (journal_id, created_at): that one goes, for the same reason.
    await db.schema.dropIndex('posts_journal_created').execute()
    // Feedback's medians read only the answered posts.
    await db.schema.createIndex('posts_journal_answered').on('posts').columns(['journal_id', 'created_at', 'creator_id', 'answer_secs']).where(sql.ref('answer_secs'), 'is not', null).execute()
  },
})
