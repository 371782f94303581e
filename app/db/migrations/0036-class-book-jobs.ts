import { type Kysely } from 'kysely'

/**
 * A class's e-books made in one job (issue 38, decision 0053): one row per journal, the job now or
 * the last one. The key makes "one job per journal at a time" hold across clicks and processes; the
 * results (a JSON list, one entry per student done) let a job cut short by a restart go on where it
 * stopped; the heartbeat tells a running job from one whose process is gone.
 */
export const classBookJobs = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('class_book_jobs')
      .addColumn('journal_id', 'integer', (c) => c.primaryKey().references('journals.id').onDelete('cascade'))
      .addColumn('made_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // 'newest' (the newest `newest` posts), 'stars' (the teacher's starred posts), 'own' (the student's choice, else the newest).
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('newest', 'integer', (c) => c.notNull())
      .addColumn('design', 'text', (c) => c.notNull())
      .addColumn('student_ids', 'text', (c) => c.notNull())
      .addColumn('results', 'text', (c) => c.notNull())
      .addColumn('current_student_id', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .execute()
  },
})
