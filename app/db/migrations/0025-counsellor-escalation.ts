import { type CreateTableBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * A counsellor in the loop (decision 0046).
 * - `teams`: the school's calendar (school days 1 Monday … 7 Sunday, the hours of a school day, the
 *   days the school is closed): "within 4 school hours" is counted in it.
 * - `journals.escalate_after_hours`: how many school hours a high alert may wait unopened.
 * - `risk_alerts.overdue_at`: when the unopened rule fired; set once (a conditional update is the
 *   claim, so two processes escalate an alert once). `taken_by`/`taken_at`: the counsellor who took it.
 * - `alert_escalations`: to whom an alert was escalated (one row a person), by whom (null: by itself).
 */
export const counsellorEscalation = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema.alterTable('teams').addColumn('school_days', 'text', (c) => c.notNull().defaultTo('1,2,3,4,5')).execute()
    await db.schema.alterTable('teams').addColumn('school_start_hour', 'integer', (c) => c.notNull().defaultTo(8)).execute()
    await db.schema.alterTable('teams').addColumn('school_end_hour', 'integer', (c) => c.notNull().defaultTo(17)).execute()
    await db.schema.alterTable('teams').addColumn('closed_dates', 'text', (c) => c.notNull().defaultTo('')).execute()
    await db.schema.alterTable('journals').addColumn('escalate_after_hours', 'integer', (c) => c.notNull().defaultTo(4)).execute()
    await db.schema.alterTable('risk_alerts').addColumn('overdue_at', 'text').execute()
    await db.schema.alterTable('risk_alerts').addColumn('taken_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute()
    await db.schema.alterTable('risk_alerts').addColumn('taken_at', 'text').execute()
    await db.schema.createTable('alert_escalations').$call(id)
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('risk_alerts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('escalated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('at', 'text', (c) => c.notNull())
      .addUniqueConstraint('alert_escalations_once', ['alert_id', 'user_id'])
      .execute()
    await db.schema.createIndex('alert_escalations_user').on('alert_escalations').columns(['user_id', 'at']).execute()
    // The overdue check reads open alerts not yet overdue: few rows, by status.
    await db.schema.createIndex('risk_alerts_waiting').on('risk_alerts').columns(['status', 'overdue_at']).execute()
  },
})
