import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A journal's last post, kept by triggers on posts for every writer, as its number of posts is
 * (0035): the student's save wrote it by hand and the contest and quest seeds did not, so contest
 * journals' cards said "No posts yet" over hundreds of posts. A deleted post
 * (erasure, retention) takes the journal back to its newest remaining post.
 */
export const journalLastPost = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await sql`UPDATE journals SET last_post_at = (SELECT max(created_at) FROM posts WHERE posts.journal_id = journals.id)`.execute(db)
    const newest = (id: string) => `(SELECT max(created_at) FROM posts WHERE journal_id = ${id})`
    if (dialect === 'postgres') {
      await sql.raw(`CREATE FUNCTION journal_last_post() RETURNS trigger AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN UPDATE journals SET last_post_at = ${newest('OLD.journal_id')} WHERE id = OLD.journal_id; END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') THEN UPDATE journals SET last_post_at = NEW.created_at WHERE id = NEW.journal_id AND (last_post_at IS NULL OR last_post_at < NEW.created_at); END IF;
          RETURN NULL;
        END $$ LANGUAGE plpgsql`).execute(db)
      await sql.raw('CREATE TRIGGER posts_journal_last_post AFTER INSERT OR DELETE OR UPDATE OF journal_id ON posts FOR EACH ROW EXECUTE FUNCTION journal_last_post()').execute(db)
    } else {
      await sql.raw(`CREATE TRIGGER posts_journal_last_post_insert AFTER INSERT ON posts BEGIN
        UPDATE journals SET last_post_at = NEW.created_at WHERE id = NEW.journal_id AND (last_post_at IS NULL OR last_post_at < NEW.created_at);
      END`).execute(db)
      await sql.raw(`CREATE TRIGGER posts_journal_last_post_delete AFTER DELETE ON posts BEGIN
        UPDATE journals SET last_post_at = ${newest('OLD.journal_id')} WHERE id = OLD.journal_id;
      END`).execute(db)
      await sql.raw(`CREATE TRIGGER posts_journal_last_post_update AFTER UPDATE OF journal_id ON posts WHEN OLD.journal_id IS NOT NEW.journal_id BEGIN
        UPDATE journals SET last_post_at = ${newest('OLD.journal_id')} WHERE id = OLD.journal_id;
        UPDATE journals SET last_post_at = ${newest('NEW.journal_id')} WHERE id = NEW.journal_id;
      END`).execute(db)
    }
  },
})
