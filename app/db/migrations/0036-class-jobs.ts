import { type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Work for a whole class in one job (decision 0053): a class's e-books ('books') and the
 * parent-meeting pack of the class ('packs'). One row per journal and kind, the job now or the last
 * one: the key makes "one job per journal at a time" hold across clicks and processes; the results
 * (a JSON list, one entry per student done) let a job cut short by a restart go on where it stopped;
 * the heartbeat tells a running job from one whose process is gone; `file` holds what the job makes
 * as one file (the pack's PDF).
 */
export const classJobs = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('class_jobs')
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('made_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      // JSON: what the teacher chose (the books' rule and design, the pack's period).
      .addColumn('settings', 'text', (c) => c.notNull())
      .addColumn('student_ids', 'text', (c) => c.notNull())
      .addColumn('results', 'text', (c) => c.notNull())
      .addColumn('current_student_id', 'integer')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('file', dialect === 'postgres' ? 'bytea' : 'blob')
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addPrimaryKeyConstraint('class_jobs_pk', ['journal_id', 'kind'])
      .execute()
  },
})
