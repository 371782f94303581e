import type { Kysely } from 'kysely'

/**
 * A team's time zone (decision 0044): the school's clock for its teachers' pages that
 * belong to no journal (a journal has its own, `journals.time_zone`). Asia/Taipei, the platform's.
 */
export const teamTimeZone = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('teams').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Taipei')).execute()
  },
})
