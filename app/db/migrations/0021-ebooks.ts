import { type CreateTableBuilder, type Kysely, sql } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * E-books, part 1 (decision 0038). One book per student and journal (re-entering opens
 * it; a unique index, so two first visits make one). Its chosen posts in order; its pages in order,
 * each with its type, post, template (the built-in one's id, and the edited copy once changed) and
 * its picture (null while it is being drawn); pictures uploaded for its pages.
 */
export const ebooks = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    const bytes = dialect === 'postgres' ? 'bytea' : 'blob'
    await db.schema.createTable('ebooks').$call(id)
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('made_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('made_as', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('about_author', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('thanks', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('postscript', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message_board', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('edited_at', 'text', (c) => c.notNull())
      .addColumn('generated_at', 'text')
      .addUniqueConstraint('ebooks_one_per_student', ['journal_id', 'student_id'])
      .addCheckConstraint('ebooks_made_as', sql`made_as in ('teacher', 'student')`)
      .execute()
    await db.schema.createTable('ebook_posts')
      .addColumn('ebook_id', 'integer', (c) => c.notNull().references('ebooks.id').onDelete('cascade'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('ebook_posts_pk', ['ebook_id', 'post_id'])
      .execute()
    await db.schema.createTable('ebook_pages').$call(id)
      .addColumn('ebook_id', 'integer', (c) => c.notNull().references('ebooks.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('post_id', 'integer', (c) => c.references('posts.id').onDelete('cascade'))
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('template', 'text')
      .addColumn('picture', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('ebook_pages_type', sql`type in ('1', '2', '2L', '3', '4')`)
      .execute()
    await db.schema.createIndex('ebook_pages_order').on('ebook_pages').columns(['ebook_id', 'position']).execute()
    await db.schema.createTable('ebook_images')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('ebook_id', 'integer', (c) => c.notNull().references('ebooks.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('data', bytes, (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
})
