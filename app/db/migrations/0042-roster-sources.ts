import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A school information system's OneRoster 1.2 REST service (decision 0076), one per team
 * (its admin enters it) or per teacher: its address, OAuth 2 token address and client id; the client
 * secret sealed with a key drawn from SESSION_SECRET (AES-256-GCM: the database alone does not reveal
 * it, and it is never shown again). `nightly`: pulled and applied each night by the jobs tick. The last
 * pull's time, outcome and, when it failed, why (a failed pull changes nothing).
 */
export const rosterSources = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('roster_sources')
      .$call((t) => (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())))
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('base_url', 'text', (c) => c.notNull())
      .addColumn('token_url', 'text', (c) => c.notNull())
      .addColumn('client_id', 'text', (c) => c.notNull())
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('nightly', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('set_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('last_pull_at', 'text')
      .addColumn('last_error', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('roster_sources_one_scope', sql`(team_id is null) <> (owner_id is null)`)
      .execute()
    await db.schema.createIndex('roster_sources_team').on('roster_sources').column('team_id').unique().execute()
    await db.schema.createIndex('roster_sources_owner').on('roster_sources').column('owner_id').unique().execute()
  },
})
