import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

// A post with an emotion of the joy group has a positive feeling; any other is negative. The codes
// of that group as they were when this migration was written: a migration keeps its meaning when
// the app's constants change (features/posts/constants.ts, EMOTIONS).
const POSITIVE = ['3', '4', '5', '6', '7', '8', '9']

/**
 * Each post's mood flags (decision 0018): has a positive feeling, has a negative one. The
 * trend report sums them per diary date instead of joining every emotion of the range. Triggers on
 * post_emotions keep them right for every writer (student pages, seeds, tests); existing posts are
 * filled in once.
 */
export const postMood = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('posts').addColumn('mood_p', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('posts').addColumn('mood_n', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    const positive = POSITIVE.map((c) => `'${c}'`).join(', ')
    const refresh = (id: string) => `
      UPDATE posts SET
        mood_p = CASE WHEN EXISTS (SELECT 1 FROM post_emotions e WHERE e.post_id = ${id} AND e.emotion_code IN (${positive})) THEN 1 ELSE 0 END,
        mood_n = CASE WHEN EXISTS (SELECT 1 FROM post_emotions e WHERE e.post_id = ${id} AND e.emotion_code NOT IN (${positive})) THEN 1 ELSE 0 END
      WHERE id = ${id}`
    if (dialect === 'postgres') {
      await sql.raw(`CREATE FUNCTION post_mood_refresh() RETURNS trigger AS $$
        DECLARE pid integer;
        BEGIN
          IF TG_OP = 'DELETE' THEN pid := OLD.post_id; ELSE pid := NEW.post_id; END IF;
          ${refresh('pid')};
          RETURN NULL;
        END $$ LANGUAGE plpgsql`).execute(db)
      await sql.raw('CREATE TRIGGER post_emotions_mood AFTER INSERT OR UPDATE OR DELETE ON post_emotions FOR EACH ROW EXECUTE FUNCTION post_mood_refresh()').execute(db)
    } else {
      for (const [event, row] of [['INSERT', 'NEW'], ['DELETE', 'OLD'], ['UPDATE', 'NEW']] as const) {
        await sql.raw(`CREATE TRIGGER post_emotions_mood_${event.toLowerCase()} AFTER ${event} ON post_emotions BEGIN ${refresh(`${row}.post_id`)}; END`).execute(db)
      }
    }
    await sql.raw(refresh('posts.id').replace(/WHERE id = posts\.id$/, '')).execute(db)
    await db.schema.createIndex('posts_journal_diary_mood').on('posts').columns(['journal_id', 'diary_date', 'mood_p', 'mood_n']).execute()
  },
})
