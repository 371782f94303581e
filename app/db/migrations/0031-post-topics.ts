import { type Kysely } from 'kysely'

/**
 * What each post's event is about (decision 0049): `post_topics`, a row per topic of the
 * topic lexicon found in the post's title and event, written when the post is written (the student's
 * save, a revision); `posts.topics_version`, the lexicon version that read it, null until read. The
 * posts that exist are read by the batched migration 0032; a post whose version is behind is read
 * again, so a new lexicon reaches every post the same way.
 */
export const postTopics = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('post_topics')
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('topic', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_topics_pk', ['post_id', 'topic'])
      .execute()
    await db.schema.alterTable('posts').addColumn('topics_version', 'integer').execute()
    await db.schema.createIndex('posts_topics_version').on('posts').columns(['topics_version', 'id']).execute()
  },
})
