import { type CreateTableBuilder, type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Notifications (decision 0037): one row per reader, its message a key with parameters so
 * each reader sees their own language. (reader, event key) is unique, so an event told twice (a
 * retry, two processes) is one notification. Unread ones are counted from a partial index: the bell
 * on every page reads one small index range.
 */
export const notifications = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema.createTable('notifications').$call(id)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('event_key', 'text', (c) => c.notNull())
      .addColumn('msg_key', 'text', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('journal_id', 'integer', (c) => c.references('journals.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('read_at', 'text')
      .addUniqueConstraint('notifications_once', ['user_id', 'event_key'])
      .addCheckConstraint('notifications_type', sql`type in ('d', 'c')`)
      .execute()
    await db.schema.createIndex('notifications_all').on('notifications').columns(['user_id', 'created_at']).execute()
    await db.schema.createIndex('notifications_typed').on('notifications').columns(['user_id', 'type', 'created_at']).execute()
    await db.schema.createIndex('notifications_unread').on('notifications').column('user_id').where(sql.ref('read_at'), 'is', null).execute()
  },
})
