import { type Kysely } from 'kysely'

/**
 * Retention (decision 0047): a team may delete its journals' diaries older than N school
 * years (off: null). The school year starts in `school_year_start_month` (August in Taiwan, April in
 * Japan). The admins are told 30 days before a deletion: `retention_notice_before` is the cutoff
 * they were told of, `retention_notice_at` when; nothing older than a cutoff is deleted until its
 * notice is 30 days old.
 */
export const retention = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('teams').addColumn('retention_years', 'integer').execute()
    await db.schema.alterTable('teams').addColumn('school_year_start_month', 'integer', (c) => c.notNull().defaultTo(8)).execute()
    await db.schema.alterTable('teams').addColumn('retention_notice_before', 'text').execute()
    await db.schema.alterTable('teams').addColumn('retention_notice_at', 'text').execute()
  },
})
