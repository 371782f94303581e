import { sql, type Kysely } from 'kysely'

/**
 * An e-book's share link made by a teacher waits for the student's consent where the journal's
 * rule asks for it, as a family pack's does (decision 0047). Links made before: not needed.
 */
export const ebookShareConsent = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('ebook_shares').addColumn('consent', 'text', (c) => c.notNull().defaultTo('notNeeded').check(sql`consent in ('needed', 'agreed', 'declined', 'notNeeded')`)).execute()
    await db.schema.alterTable('ebook_shares').addColumn('consent_at', 'text').execute()
  },
})
