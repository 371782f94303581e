import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * When each post was first answered (decision 0048): `first_answer_at`, the earliest
 * visible comment of a teacher of the journal (its owner or an accepted teacher), and
 * `answer_secs`, the seconds from the post to it. Triggers on `comments` keep them right for every
 * writer (the post page, seeds, test fixtures), as the mood flags are kept (migration 0010), so the
 * Feedback page and the digest count waiting posts over an index instead of joining every comment.
 * A filtered comment (status 2) never reaches the student: it answers nothing.
 */
export const postAnswers = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('posts').addColumn('first_answer_at', 'text').execute()
    await db.schema.alterTable('posts').addColumn('answer_secs', 'integer').execute()
    const first = (id: string) => `(
      SELECT min(c.created_at) FROM comments c, journals j
      WHERE c.post_id = ${id} AND c.status = 1 AND j.id = posts.journal_id
        AND (c.author_id = j.owner_id OR EXISTS (
          SELECT 1 FROM journal_members m WHERE m.journal_id = j.id AND m.user_id = c.author_id AND m.role = 'teacher' AND m.drp_status = 1)))`
    const seconds =
      dialect === 'postgres'
        ? 'GREATEST(0, round(extract(epoch from (first_answer_at::timestamptz - created_at::timestamptz))))::integer'
        : 'max(0, CAST(round((julianday(first_answer_at) - julianday(created_at)) * 86400) AS INTEGER))'
    // Two statements: the seconds are read from the first answer just written.
    const refresh = (id: string) => [
      `UPDATE posts SET first_answer_at = ${first('posts.id')} WHERE id = ${id}`,
      `UPDATE posts SET answer_secs = CASE WHEN first_answer_at IS NULL THEN NULL ELSE ${seconds} END WHERE id = ${id}`,
    ]
    if (dialect === 'postgres') {
      await sql.raw(`CREATE FUNCTION post_answer_refresh() RETURNS trigger AS $$
        BEGIN
          IF TG_OP <> 'INSERT' THEN ${refresh('OLD.post_id').join('; ')}; END IF;
          IF TG_OP <> 'DELETE' THEN ${refresh('NEW.post_id').join('; ')}; END IF;
          RETURN NULL;
        END $$ LANGUAGE plpgsql`).execute(db)
      await sql.raw('CREATE TRIGGER comments_answer AFTER INSERT OR DELETE OR UPDATE OF post_id, author_id, status, created_at ON comments FOR EACH ROW EXECUTE FUNCTION post_answer_refresh()').execute(db)
    } else {
      await sql.raw(`CREATE TRIGGER comments_answer_insert AFTER INSERT ON comments BEGIN ${refresh('NEW.post_id').join('; ')}; END`).execute(db)
      await sql.raw(`CREATE TRIGGER comments_answer_delete AFTER DELETE ON comments BEGIN ${refresh('OLD.post_id').join('; ')}; END`).execute(db)
      await sql.raw(`CREATE TRIGGER comments_answer_update AFTER UPDATE OF post_id, author_id, status, created_at ON comments BEGIN ${[...refresh('OLD.post_id'), ...refresh('NEW.post_id')].join('; ')}; END`).execute(db)
    }
    // The posts that exist: answered once, here.
    await sql.raw(`UPDATE posts SET first_answer_at = ${first('posts.id')}`).execute(db)
    await sql.raw(`UPDATE posts SET answer_secs = ${seconds} WHERE first_answer_at IS NOT NULL`).execute(db)
    // The Feedback page's figures per student and week, read from the index alone.
    await db.schema.createIndex('posts_journal_answers').on('posts').columns(['journal_id', 'created_at', 'creator_id', 'status', 'answer_secs']).execute()
  },
})
