import { sql, type Kysely } from 'kysely'

/**
 * The locked accounts (decision 0061): the one door check for a child's data (DESIGN.md
 * rule 12) leaves out every student whose account is locked or whose erasure waits, in lists of
 * thousands of posts. A partial index of the locked accounts keeps that set a few rows to read,
 * as `student_erasures_one_pending` does for the erasures.
 */
export const lockedAccounts = () => ({
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex('users_locked').on('users').column('id').where(sql.ref('disabled_at'), 'is not', null).execute()
  },
})
