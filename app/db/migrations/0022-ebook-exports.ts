import { type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * E-books, part 2 (decision 0040). A book's PDF and the job that makes it: one row a book,
 * claimed by one process (status and heartbeat), with its real progress (pages done of all), kept
 * with the version of the book it was made from. A book's share link: one at a time, its token and
 * an optional password hash.
 */
export const ebookExports = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const bytes = dialect === 'postgres' ? 'bytea' : 'blob'
    await db.schema.createTable('ebook_exports')
      .addColumn('ebook_id', 'integer', (c) => c.primaryKey().references('ebooks.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('book_version', 'text', (c) => c.notNull())
      .addColumn('pages_done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pages_total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('pdf', bytes)
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute()
    await db.schema.createTable('ebook_shares')
      .addColumn('ebook_id', 'integer', (c) => c.primaryKey().references('ebooks.id').onDelete('cascade'))
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
})
