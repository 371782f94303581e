import type { Kysely } from 'kysely'

/** Extreme-word flags of a post (decision 0013): a category and the words that matched. */
export const postFlags = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createTable('post_flags')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('words', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_flags_pk', ['post_id', 'category'])
      .execute()
  },
}
