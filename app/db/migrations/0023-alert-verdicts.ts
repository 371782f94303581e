import { sql, type Kysely } from 'kysely'

/**
 * Risk alerts learn from the teacher (decision 0042): when resolving, whether the
 * alert was right, a false alarm, or missed something. An alert a teacher raised on a post that
 * raised nothing ("this worries me") is a miss of the assessment; its reasons say who flagged it.
 */
export const alertVerdicts = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.alterTable('risk_alerts').addColumn('verdict', 'text', (c) => c.check(sql`verdict in ('right', 'false_alarm', 'missed')`)).execute()
    await db.schema.alterTable('risk_alerts').addColumn('flagged_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute()
  },
})
