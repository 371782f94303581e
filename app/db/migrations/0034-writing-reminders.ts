import { type Kysely } from 'kysely'

/**
 * Reminders to write (decision 0052): a row per journal, student and school day on which
 * a teacher reminded the student. The key makes "at most once a day" hold across processes (two
 * teachers clicking at once, two app processes): the second insert does nothing. A student erased
 * takes their reminders along (the cascade).
 */
export const writingReminders = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('writing_reminders')
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      // The school day in the journal's zone (YYYY-MM-DD).
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('teacher_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('reminded_at', 'text', (c) => c.notNull())
      .addColumn('mailed', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('writing_reminders_pk', ['journal_id', 'student_id', 'day'])
      .execute()
    await db.schema.createIndex('writing_reminders_student').on('writing_reminders').columns(['student_id', 'day']).execute()
  },
})
