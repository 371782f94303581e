import type { Kysely } from 'kysely'

/** The teacher's corrections of a post's text, one per frame (spec 2 revise page). */
export const postRevisions = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createTable('post_revisions')
      .addColumn('frame_id', 'integer', (c) => c.primaryKey().references('post_frames.id').onDelete('cascade'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('post_revisions_post').on('post_revisions').column('post_id').execute()
  },
}
