import { sql, type Kysely } from 'kysely'

/**
 * An imported student's account keeps the case the school typed (for display), and every account
 * is found without regard to case (accountIs): one index on lower(account) keeps "Amy01" and
 * "amy01" from both existing, and answers the lookups.
 */
export const accountsAnyCase = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex('users_account_lower').on('users').unique().expression(sql`lower(account)`).execute()
  },
}
