import { sql, type CreateTableBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A student's data, exportable and erasable (decision 0047).
 * - `student_exports`: one zip of a student's data in a journal, made as a job (status, progress,
 *   heartbeat), downloadable by its token until `expires_at` (7 days). One running a student and journal.
 * - `student_erasures`: an erasure asked for; pending for 30 days (the account locked, off the
 *   lists) and undoable, then done by the daily job. At most one pending a student (a partial
 *   unique index: two requests at once make one). `student_id` is set null once the account is gone;
 *   the row keeps the counts, never content.
 * - `users.disabled_at`: an account that may not sign in (a student awaiting erasure).
 * - `team_log`: what the school's duties did (an erasure's counts, a retention run), for its admins.
 * - `erased_alerts`: the risk alerts of students since erased, anonymous, for the school's figures.
 * - `student_views`: who opened a student's posts, alerts, report or exports: one row per person,
 *   student and day, the kinds as bits (an upsert ORs them in), the first and last time.
 */
export const childrensData = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute()
    await db.schema.createTable('student_exports').$call(id)
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size', 'integer')
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('heartbeat_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addCheckConstraint('student_exports_status', sql`status in ('running', 'done', 'failed')`)
      .execute()
    await db.schema.createIndex('student_exports_running').on('student_exports').columns(['journal_id', 'student_id']).unique().where(sql.ref('status'), '=', 'running').execute()
    await db.schema.createTable('student_erasures').$call(id)
      .addColumn('student_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('journal_id', 'integer', (c) => c.references('journals.id').onDelete('set null'))
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
      .addColumn('requested_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('due_at', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      // The journal memberships the erasure took the student off (JSON ids), given back by an undo.
      .addColumn('memberships', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('undone_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('undone_at', 'text')
      .addColumn('done_at', 'text')
      .addColumn('counts', 'text')
      .addCheckConstraint('student_erasures_status', sql`status in ('pending', 'undone', 'done')`)
      .execute()
    await db.schema.createIndex('student_erasures_one_pending').on('student_erasures').column('student_id').unique().where(sql.ref('status'), '=', 'pending').execute()
    await db.schema.createIndex('student_erasures_due').on('student_erasures').columns(['status', 'due_at']).execute()
    await db.schema.createTable('team_log').$call(id)
      .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('cascade'))
      // A journal outside any team: its owner reads the entry.
      .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('team_log_team').on('team_log').columns(['team_id', 'at']).execute()
    await db.schema.createTable('student_views')
      .addColumn('viewer_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('kinds', 'integer', (c) => c.notNull())
      .addColumn('journal_id', 'integer', (c) => c.references('journals.id').onDelete('set null'))
      .addColumn('first_at', 'text', (c) => c.notNull())
      .addColumn('last_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('student_views_pk', ['viewer_id', 'student_id', 'day'])
      .execute()
    await db.schema.createIndex('student_views_student').on('student_views').columns(['student_id', 'day']).execute()
    await db.schema.createTable('erased_alerts').$call(id)
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('verdict', 'text')
      .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .execute()
  },
})
