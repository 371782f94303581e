import type { CreateTableBuilder, Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/** The comment library (spec 2): a teacher's reusable comments by type, plus the canned phrases. */
export function commentLibrary(dialect: Dialect) {
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async up(db: Kysely<any>) {
      await db.schema.createTable('comment_library').$call(id)
        // Null for a canned phrase, which every teacher sees in their language.
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('revise_type', 'integer', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lang', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('comment_library_owner').on('comment_library').columns(['owner_id', 'revise_type']).execute()
    },
  }
}
