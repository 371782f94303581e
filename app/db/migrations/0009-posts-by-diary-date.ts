import type { Kysely } from 'kysely'

/** Reports and exports pick a journal's posts by diary date (decision 0018). */
export const postsByDiaryDate = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async up(db: Kysely<any>) {
    await db.schema.createIndex('posts_journal_diary_date').on('posts').columns(['journal_id', 'diary_date', 'id']).execute()
  },
}
