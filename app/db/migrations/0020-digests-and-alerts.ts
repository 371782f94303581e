import { sql, type CreateTableBuilder, type Kysely } from 'kysely'
import type { Dialect } from '../dialect'

/**
 * Digests and risk alerts (decision 0037).
 * - `job_slots`: a scheduled slot (a journal's digest at an hour of a day, a day's clean-up) is run
 *   by whoever inserts its key first: with several processes or after a restart it runs once.
 * - `journals.time_zone`: the school's zone, as the teacher's browser said when the settings were
 *   saved; the digest hours are read in it.
 * - `users.digest_mail`: a teacher who also wants each digest by e-mail.
 * - `risk_alerts` and their trail `risk_alert_steps`. At most one unresolved alert per student, rule
 *   and journal (a partial unique index): new evidence joins the alert that is already open.
 */
export const digestsAndAlerts = (dialect: Dialect) => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
      dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    await db.schema.createTable('job_slots')
      .addColumn('slot', 'text', (c) => c.primaryKey())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.alterTable('journals').addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('Asia/Taipei')).execute()
    await db.schema.alterTable('users').addColumn('digest_mail', 'integer', (c) => c.notNull().defaultTo(0)).execute()
    await db.schema.createTable('risk_alerts').$call(id)
      .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id').onDelete('cascade'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('rule', 'text', (c) => c.notNull())
      .addColumn('severity', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
      .addColumn('snooze_until', 'text')
      .addColumn('reasons', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .addCheckConstraint('risk_alerts_rule', sql`rule in ('words', 'streak', 'drop')`)
      .addCheckConstraint('risk_alerts_severity', sql`severity in ('high', 'medium')`)
      .addCheckConstraint('risk_alerts_status', sql`status in ('open', 'acknowledged', 'snoozed', 'resolved')`)
      .execute()
    await db.schema.createIndex('risk_alerts_one_open').on('risk_alerts').columns(['journal_id', 'student_id', 'rule']).unique().where(sql.ref('status'), '<>', 'resolved').execute()
    await db.schema.createIndex('risk_alerts_journal').on('risk_alerts').columns(['journal_id', 'status', 'created_at']).execute()
    await db.schema.createTable('risk_alert_steps').$call(id)
      .addColumn('alert_id', 'integer', (c) => c.notNull().references('risk_alerts.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('at', 'text', (c) => c.notNull())
      .execute()
    await db.schema.createIndex('risk_alert_steps_alert').on('risk_alert_steps').columns(['alert_id', 'at']).execute()
    // Retention removes old read notifications of everyone: by age first.
    await db.schema.createIndex('notifications_read_age').on('notifications').column('created_at').where(sql.ref('read_at'), 'is not', null).execute()
  },
})
