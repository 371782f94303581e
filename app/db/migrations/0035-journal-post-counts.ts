import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A journal's number of posts, kept by triggers on posts for every writer (the student's save, the
 * seeds, erasure, retention), as the team totals are (0017): the console's journal cards read one
 * number instead of counting a large journal's posts on every /diary (decision 0050; a journal of 20,000
 * posts cost /diary most of its throughput).
 */
export const journalPostCounts = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('journals').addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await sql`UPDATE journals SET post_count = (SELECT count(*) FROM posts WHERE posts.journal_id = journals.id)`.execute(db)
    if (dialect === 'postgres') {
      await sql.raw(`CREATE FUNCTION journal_post_count() RETURNS trigger AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN UPDATE journals SET post_count = post_count - 1 WHERE id = OLD.journal_id; END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') THEN UPDATE journals SET post_count = post_count + 1 WHERE id = NEW.journal_id; END IF;
          RETURN NULL;
        END $$ LANGUAGE plpgsql`).execute(db)
      await sql.raw('CREATE TRIGGER posts_journal_count AFTER INSERT OR DELETE OR UPDATE OF journal_id ON posts FOR EACH ROW EXECUTE FUNCTION journal_post_count()').execute(db)
    } else {
      await sql.raw('CREATE TRIGGER posts_journal_count_insert AFTER INSERT ON posts BEGIN UPDATE journals SET post_count = post_count + 1 WHERE id = NEW.journal_id; END').execute(db)
      await sql.raw('CREATE TRIGGER posts_journal_count_delete AFTER DELETE ON posts BEGIN UPDATE journals SET post_count = post_count - 1 WHERE id = OLD.journal_id; END').execute(db)
      await sql.raw(`CREATE TRIGGER posts_journal_count_update AFTER UPDATE OF journal_id ON posts WHEN OLD.journal_id IS NOT NEW.journal_id BEGIN
        UPDATE journals SET post_count = post_count - 1 WHERE id = OLD.journal_id;
        UPDATE journals SET post_count = post_count + 1 WHERE id = NEW.journal_id;
      END`).execute(db)
    }
  },
})
