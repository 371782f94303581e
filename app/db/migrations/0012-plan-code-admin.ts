import { sql, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Plan-code management (decision 0023, /my/ucp): a code may be without an exchange code until it is sold
 * (and loses it when released), a renewed code records the code it used up, and codes carry the
 * owner's comments. SQLite cannot drop a NOT NULL, so its table is rebuilt.
 */
export const planCodeAdmin = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    if (dialect === 'postgres') {
      await sql`alter table plan_codes alter column exchange_code drop not null`.execute(db)
      await db.schema.alterTable('plan_codes').addColumn('renewed_into', 'integer', (c) => c.references('plan_codes.id')).execute()
    } else {
      await sql`create table plan_codes_new (
        id integer primary key autoincrement,
        exchange_code text unique,
        owner_id integer references users(id),
        book_id integer references resource_books(id),
        plan_days integer not null,
        student_limit integer not null,
        exchange_expire_date text not null,
        sold_date text,
        used_by integer references users(id),
        use_date text,
        use_expire_date text,
        journal_id integer references journals(id),
        created_at text not null,
        renewed_into integer references plan_codes_new(id)
      )`.execute(db)
      await sql`insert into plan_codes_new (id, exchange_code, owner_id, book_id, plan_days, student_limit, exchange_expire_date, sold_date, used_by, use_date, use_expire_date, journal_id, created_at)
        select id, exchange_code, owner_id, book_id, plan_days, student_limit, exchange_expire_date, sold_date, used_by, use_date, use_expire_date, journal_id, created_at from plan_codes`.execute(db)
      await sql`drop table plan_codes`.execute(db)
      await sql`alter table plan_codes_new rename to plan_codes`.execute(db)
      await db.schema.createIndex('plan_codes_journal').on('plan_codes').column('journal_id').execute()
    }
    await db.schema.createIndex('plan_codes_owner').on('plan_codes').column('owner_id').execute()
    const id = dialect === 'postgres' ? ('serial' as const) : ('integer' as const)
    await db.schema
      .createTable('plan_code_comments')
      .addColumn('id', id, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
      .addColumn('plan_code_id', 'integer', (c) => c.notNull().references('plan_codes.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('comment', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
})
