import type { Kysely } from 'kysely'

/**
 * A session keeps a snapshot of its user's plan and rights. When they change for someone else's
 * act (a team admin removes a member, a team plan ends), the user's sessions are marked, and the
 * next request reads the values again (auth/session-storage.server.ts, decision 0031).
 */
export const sessionValuesChanged = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('values_changed_at', 'text').execute()
  },
}
