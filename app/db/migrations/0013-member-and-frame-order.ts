import type { Kysely } from 'kysely'

/**
 * A journal's students are counted and listed on every feed and student-list page: an index on the
 * role and archive mark answers the count from the index alone and spares a scan of every journal's
 * members. A post's frames are read in their order: the new index gives it without a sort and
 * replaces the one on the post alone.
 */
export const memberAndFrameOrder = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex('journal_members_role').on('journal_members').columns(['journal_id', 'role', 'archived_at']).execute()
    await db.schema.createIndex('post_frames_post_position').on('post_frames').columns(['post_id', 'position']).execute()
    await db.schema.dropIndex('post_frames_post').execute()
  },
}
