import { sql, type CreateTableBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Assessments (decision 0036). A quiz is the platform's: its questions and their graded
 * options are one JSON text (read whole, never queried inside). A journal runs a quiz (a "run": a
 * pre-test, later the same quiz again as a post-test); at most one run of a quiz is open at a time
 * (a partial unique index, so two clicks on "Open" cannot open two). A student answers a run once:
 * unique (run, student), so two racing submissions store one result.
 */
export const assessments = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema.createTable('quizzes').$call(id)
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('questions', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createTable('journal_quizzes').$call(id)
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('quiz_id', 'integer', (c) => c.notNull().references('quizzes.id'))
      .addColumn('round', 'integer', (c) => c.notNull())
      .addColumn('opened_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('opened_at', 'text', (c) => c.notNull())
      .addColumn('closed_at', 'text')
      .addUniqueConstraint('journal_quizzes_round', ['journal_id', 'quiz_id', 'round'])
      .execute()
    await db.schema.createIndex('journal_quizzes_one_open').on('journal_quizzes').columns(['journal_id', 'quiz_id']).unique().where(sql.ref('closed_at'), 'is', null).execute()
    await db.schema.createTable('quiz_results').$call(id)
      .addColumn('uuid', 'text', (c) => c.notNull().unique())
      .addColumn('run_id', 'integer', (c) => c.notNull().references('journal_quizzes.id').onDelete('cascade'))
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('quiz_results_once', ['run_id', 'student_id'])
      .execute()
    await db.schema.createIndex('quiz_results_journal').on('quiz_results').columns(['journal_id', 'created_at']).execute()
  },
})
