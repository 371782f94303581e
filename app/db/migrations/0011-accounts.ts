import type { CreateTableBuilder, Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Accounts (decision 0020): password-reset codes, third-party identities (Google, the education cloud),
 * vouchers, and avatars (kept in the database so every app process serves them).
 */
export const accounts = (dialect: Dialect) => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const withId = <T extends string>(t: CreateTableBuilder<T, any>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('password_resets'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()

      // One identity per provider and subject, and at most one of each provider per user.
      await withId(db.schema.createTable('user_identities'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('user_identities_subject', ['platform', 'subject'])
        .addUniqueConstraint('user_identities_user', ['user_id', 'platform'])
        .execute()

      // status 1 unused, 2 transferred (redeemed by someone else), 3 used. `source_key` makes an
      // earned voucher (the n-th one for invitations) exist once however many requests race.
      await withId(db.schema.createTable('vouchers'))
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        .addColumn('days', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('expire_date', 'text', (c) => c.notNull())
        .addColumn('source_key', 'text', (c) => c.unique())
        .addColumn('transferred_to', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('vouchers_owner').on('vouchers').columns(['owner_id', 'status']).execute()

      await db.schema.createTable('avatars')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('avatars_user').on('avatars').column('user_id').execute()
      await db.schema.createIndex('users_invited_by').on('users').column('invited_by').execute()
    },
  }
}
