import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A school's own watch words (decision 0062): local slang, a nickname used to
 * bully, each with the safeguarding category a post that holds it is told under. A word belongs to
 * one journal or to one team (a team's words apply to every journal of the team): exactly one of
 * `journal_id` and `team_id` is set. `phrase` is what the teacher typed; `phrase_key` is how it is
 * matched (the text module's normal form: lower case, full-width letters as ordinary ones, Chinese
 * in simplified characters, one space between words), so "Fatso" and "ＦＡＴＳＯ" are one phrase: a
 * phrase is on a list once (the two unique indexes; a row of the other scope has NULL there, and
 * NULLs never collide). The category is checked by the app against the taxonomy of the day
 * (features/alerts/categories.ts), not here, so that a category added later needs no migration.
 */
export const watchWords = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('watch_words')
      .$call((t) => (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
      .addColumn('journal_id', 'integer', (c) => c.references('journals.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('phrase', 'text', (c) => c.notNull())
      .addColumn('phrase_key', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('added_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addCheckConstraint('watch_words_one_scope', sql`(journal_id is null) <> (team_id is null)`)
      .execute()
    await db.schema.createIndex('watch_words_journal_phrase').on('watch_words').columns(['journal_id', 'phrase_key']).unique().execute()
    await db.schema.createIndex('watch_words_team_phrase').on('watch_words').columns(['team_id', 'phrase_key']).unique().execute()
  },
})
