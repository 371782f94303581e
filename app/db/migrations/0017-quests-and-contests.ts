import { sql, type CreateTableBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Quests (guided questions) and contests (decision 0035). A quest belongs to a contest
 * (the contest's own questions) or to one journal (a teacher's sample quest); its frames carry their
 * example texts as JSON. A journal's selection is ordered; a contest journal has exactly one team
 * (unique journal_id) whose start date may change once after it is first set (a CHECK, so two
 * racing saves cannot both change it). A quest post knows its quest and carries the score's reasons.
 */
export const questsAndContests = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema.alterTable('contests').addColumn('age_group', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.alterTable('contests').addColumn('ans_days', 'integer', (c) => c.notNull().defaultTo(30)).execute()
    await db.schema.alterTable('contests').addColumn('start_date_min', 'text').execute()
    await db.schema.alterTable('contests').addColumn('start_date_max', 'text').execute()
    await db.schema.alterTable('contests').addColumn('quest_number', 'integer', (c) => c.notNull().defaultTo(3)).execute()
    await db.schema.alterTable('contests').addColumn('instructions', 'text', (c) => c.notNull().defaultTo('')).execute()

    await db.schema.createTable('quests').$call(id)
      .addColumn('contest_id', 'integer', (c) => c.references('contests.id').onDelete('cascade'))
      .addColumn('journal_id', 'integer', (c) => c.references('journals.id').onDelete('cascade'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deleted_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('quests_owner', sql`contest_id is not null or journal_id is not null`)
      .execute()
    await db.schema.createIndex('quests_contest').on('quests').columns(['contest_id', 'sort']).execute()
    await db.schema.createIndex('quests_journal').on('quests').columns(['journal_id', 'sort']).execute()
    await db.schema.createTable('quest_frames').$call(id)
      .addColumn('quest_id', 'integer', (c) => c.notNull().references('quests.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('frame_type', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('samples', 'text', (c) => c.notNull().defaultTo('[]'))
      .addCheckConstraint('quest_frames_type', sql`frame_type in ('event', 'story', 'behavior')`)
      .execute()
    await db.schema.createIndex('quest_frames_quest').on('quest_frames').columns(['quest_id', 'position']).execute()
    await db.schema.createTable('journal_quests')
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('quest_id', 'integer', (c) => c.notNull().references('quests.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('journal_quests_pk', ['journal_id', 'quest_id'])
      .execute()
    await db.schema.createTable('contest_teams').$call(id)
      .addColumn('contest_id', 'integer', (c) => c.notNull().references('contests.id'))
      .addColumn('journal_id', 'integer', (c) => c.notNull().unique().references('journals.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('school_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('start_date', 'text')
      .addColumn('start_date_changes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pick_type', 'integer', (c) => c.notNull().defaultTo(2))
      .addColumn('total_score', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('contest_teams_start_once', sql`start_date_changes between 0 and 1`)
      .addCheckConstraint('contest_teams_pick_type', sql`pick_type in (1, 2, 3)`)
      .execute()
    await db.schema.createIndex('contest_teams_contest').on('contest_teams').column('contest_id').execute()
    await db.schema.alterTable('posts').addColumn('quest_id', 'integer', (c) => c.references('quests.id')).execute()
    await db.schema.alterTable('posts').addColumn('score_reasons', 'text').execute()
    await db.schema.alterTable('posts').addColumn('score_source', 'text').execute()
    await db.schema.createIndex('posts_quest').on('posts').columns(['quest_id', 'creator_id']).execute()
    await db.schema.createIndex('posts_journal_quest_score').on('posts').columns(['journal_id', 'quest_id', 'score']).execute()
    // A team's total (the sum of its quest posts' scores, "scoring" counting 0) kept by triggers on
    // posts for every writer, so that the ranking of hundreds of teams reads one number per team.
    const points = (row: string) => `(CASE WHEN ${row}.quest_id IS NOT NULL AND ${row}.score >= 1 THEN ${row}.score ELSE 0 END)`
    if (dialect === 'postgres') {
      await sql.raw(`CREATE FUNCTION contest_team_total() RETURNS trigger AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN UPDATE contest_teams SET total_score = total_score - ${points('OLD')} WHERE journal_id = OLD.journal_id; END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') THEN UPDATE contest_teams SET total_score = total_score + ${points('NEW')} WHERE journal_id = NEW.journal_id; END IF;
          RETURN NULL;
        END $$ LANGUAGE plpgsql`).execute(db)
      await sql.raw('CREATE TRIGGER posts_team_total AFTER INSERT OR DELETE OR UPDATE OF score, quest_id, journal_id ON posts FOR EACH ROW EXECUTE FUNCTION contest_team_total()').execute(db)
    } else {
      await sql.raw(`CREATE TRIGGER posts_team_total_insert AFTER INSERT ON posts WHEN NEW.quest_id IS NOT NULL BEGIN UPDATE contest_teams SET total_score = total_score + ${points('NEW')} WHERE journal_id = NEW.journal_id; END`).execute(db)
      await sql.raw(`CREATE TRIGGER posts_team_total_delete AFTER DELETE ON posts WHEN OLD.quest_id IS NOT NULL BEGIN UPDATE contest_teams SET total_score = total_score - ${points('OLD')} WHERE journal_id = OLD.journal_id; END`).execute(db)
      await sql.raw(`CREATE TRIGGER posts_team_total_update AFTER UPDATE OF score, quest_id, journal_id ON posts WHEN OLD.quest_id IS NOT NULL OR NEW.quest_id IS NOT NULL BEGIN
        UPDATE contest_teams SET total_score = total_score - ${points('OLD')} WHERE journal_id = OLD.journal_id;
        UPDATE contest_teams SET total_score = total_score + ${points('NEW')} WHERE journal_id = NEW.journal_id;
      END`).execute(db)
    }
  },
})
