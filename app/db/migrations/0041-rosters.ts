import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Rosters from the systems schools run (decision 0075): OneRoster 1.2 (CSV and REST, with
 * the Japan Profile) and Google Classroom.
 *
 * - `roster_links`: what a source's `sourcedId` (or Classroom id) became here, per scope: a team (its
 *   admin imports the team's classes) or an owner (a teacher's own journals); exactly one is set. `kind`
 *   is `class` (a journal), `user` (a student or a teacher's account) or `enrollment` (a membership).
 *   `name` is the name last imported (an edit is a change), `modified_at` the source's
 *   `dateLastModified` (an older delta row is stale), `archived_at` when it left, `data` the row's
 *   fields we keep (JSON: the Japan Profile's `metadata.jp.*`, the class, the role). One link per
 *   source id and scope (the unique indexes; NULLs of the other scope never collide).
 * - `roster_uploads`: a previewed roster kept until it is applied (the preview's form refers to it by
 *   its random id), for the user and scope that made it; a day at most.
 * - `users.name_kana`: the reading of a name in kana (the Japan Profile), shown where a name is shown
 *   in Japanese.
 */
export const rosters = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('roster_links')
      .$call((t) => (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sourced_id', 'text', (c) => c.notNull())
      .addColumn('local_id', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('modified_at', 'text')
      .addColumn('archived_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('roster_links_one_scope', sql`(team_id is null) <> (owner_id is null)`)
      .execute()
    await db.schema.createIndex('roster_links_team').on('roster_links').columns(['team_id', 'source', 'kind', 'sourced_id']).unique().execute()
    await db.schema.createIndex('roster_links_owner').on('roster_links').columns(['owner_id', 'source', 'kind', 'sourced_id']).unique().execute()
    await db.schema
      .createTable('roster_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('roster', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.alterTable('users').addColumn('name_kana', 'text').execute()
  },
})
