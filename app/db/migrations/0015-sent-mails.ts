import type { CreateTableBuilder, Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Mails a user sends to others (journal invitations), one row each, so that their number can be
 * limited per sender and per journal in the database every app process shares (decision 0031).
 */
export const sentMails = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema
      .createTable('sent_mails')
      .$call(id)
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('journal_id', 'integer', (c) => c.references('journals.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('sent_mails_sender').on('sent_mails').columns(['sender_id', 'created_at']).execute()
  },
})
