import type { Kysely, Migration } from 'kysely'

/** The teacher invitation code of a journal (spec 2, journal info), made when first asked for. */
export const journalInvitations: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('journals').addColumn('teacher_invite_code', 'text').execute()
    await db.schema.createIndex('journals_teacher_invite_code').on('journals').column('teacher_invite_code').unique().execute()
  },
}
