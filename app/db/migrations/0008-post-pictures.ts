import type { Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Pictures in students' posts (decision 0017), kept in the database so that every app process serves
 * them (README: many machines). A picture is stored when it is chosen and checked; the post's
 * frame points at it by its URL. `owner_id` is the student who sent it.
 */
export const postPictures = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createTable('post_pictures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
  },
})
