import type { Kysely } from 'kysely'

/**
 * A teacher's marks on students and posts (spec 2): watched students (cases) per journal, starred
 * posts (collection), posts read (the unread dot), and students archived from a journal.
 */
export const watchStarRead = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createTable('student_cases')
      .addColumn('teacher_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('student_cases_pk', ['teacher_id', 'journal_id', 'student_id'])
      .execute()
    await db.schema.createTable('post_collections')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_collections_pk', ['user_id', 'post_id'])
      .execute()
    await db.schema.createTable('post_reads')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('post_reads_pk', ['user_id', 'post_id'])
      .execute()
    await db.schema.alterTable('journal_members').addColumn('archived_at', 'text').execute()
    await db.schema.createIndex('posts_journal_creator').on('posts').columns(['journal_id', 'creator_id', 'created_at']).execute()
  },
}
