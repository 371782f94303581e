import type { CreateTableBuilder, Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Sample journals, resource (course) books with their resources, and plan exchange codes (spec 2
 * samples and resources; spec 3 plan codes, whose management pages come later).
 */
export function samplesAndBooks(dialect: Dialect) {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createTable('samples').$call(id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('label_color_code', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('speech_lang', 'text', (c) => c.notNull())
        .addColumn('ai_scoring', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('student_limit', 'integer', (c) => c.notNull())
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('samples_published').on('samples').column('published').execute()
      await db.schema.createTable('resource_books').$call(id)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('label_color_code', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('speech_lang', 'text', (c) => c.notNull().defaultTo('en'))
        .addColumn('student_limit', 'integer', (c) => c.notNull().defaultTo(30))
        .addColumn('has_pay', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('course_code', 'text', (c) => c.notNull().unique())
        .addColumn('intro_url', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createTable('resources').$call(id)
        .addColumn('book_id', 'integer', (c) => c.notNull().references('resource_books.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await db.schema.createIndex('resources_book').on('resources').columns(['book_id', 'sort']).execute()
      await db.schema.alterTable('journals').addColumn('resource_book_id', 'integer', (c) => c.references('resource_books.id')).execute()
      await db.schema.createTable('plan_codes').$call(id)
        .addColumn('exchange_code', 'text', (c) => c.notNull().unique())
        .addColumn('owner_id', 'integer', (c) => c.references('users.id'))
        .addColumn('book_id', 'integer', (c) => c.references('resource_books.id'))
        .addColumn('plan_days', 'integer', (c) => c.notNull())
        .addColumn('student_limit', 'integer', (c) => c.notNull())
        .addColumn('exchange_expire_date', 'text', (c) => c.notNull())
        .addColumn('sold_date', 'text')
        .addColumn('used_by', 'integer', (c) => c.references('users.id'))
        .addColumn('use_date', 'text')
        .addColumn('use_expire_date', 'text')
        .addColumn('journal_id', 'integer', (c) => c.references('journals.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      // Contests: only what verifying a contest code needs; the contest pages come later.
      await db.schema.createTable('contests').$call(id)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('max_journals', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.alterTable('journals').addColumn('contest_id', 'integer', (c) => c.references('contests.id')).execute()
      await db.schema.createIndex('plan_codes_journal').on('plan_codes').column('journal_id').execute()
    },
  }
}
