import type { DB } from '~/db/connect.server'

export interface JournalCard {
  id: number
  name: string
  labelColorCode: number
  createdAt: string
  lastPostAt: string | null
  studentCount: number
  postCount: number
  ownerName: string
  drpStatus: number
}

function cards(db: DB) {
  return db
    .selectFrom('journals as j')
    .innerJoin('users as o', 'o.id', 'j.owner_id')
    .select((eb) => [
      'j.id',
      'j.name',
      'j.label_color_code as labelColorCode',
      'j.created_at as createdAt',
      'j.last_post_at as lastPostAt',
      eb.fn.coalesce('o.name', 'o.account').as('ownerName'),
      eb
        .selectFrom('journal_members as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.journal_id', '=', 'j.id')
        .where('m.role', '=', 'student')
        .as('studentCount'),
      // Kept by triggers (migration 0035): a large journal's posts are not counted on every /diary.
      'j.post_count as postCount',
    ])
    .where('j.archived_at', 'is', null)
}

const toCard = (r: { studentCount: number | null; postCount: number | null }) => ({
  studentCount: Number(r.studentCount ?? 0),
  postCount: Number(r.postCount ?? 0),
})

/** The journals a teacher owns, newest first. */
export async function ownJournals(db: DB, userId: number): Promise<JournalCard[]> {
  const rows = await cards(db).where('j.owner_id', '=', userId).orderBy('j.created_at', 'desc').orderBy('j.id', 'desc').execute()
  return rows.map((r) => ({ ...r, ...toCard(r), drpStatus: 1 }))
}

/** Other teachers' journals this teacher joined, with the approval status (drp_status). */
export async function joinedJournals(db: DB, userId: number): Promise<JournalCard[]> {
  const rows = await cards(db)
    .innerJoin('journal_members as me', (join) => join.onRef('me.journal_id', '=', 'j.id').on('me.user_id', '=', userId).on('me.role', '=', 'teacher'))
    .select('me.drp_status as drpStatus')
    .where('j.owner_id', '!=', userId)
    .orderBy('me.joined_at', 'desc')
    .execute()
  return rows.map((r) => ({ ...r, ...toCard(r), drpStatus: Number(r.drpStatus) }))
}

/** The teacher's archived journals: names and dates only, their content is gone. */
export async function archivedJournals(db: DB, userId: number) {
  return db
    .selectFrom('journals')
    .select(['id', 'name', 'label_color_code as labelColorCode', 'created_at as createdAt', 'archived_at as archivedAt'])
    .where('owner_id', '=', userId)
    .where('archived_at', 'is not', null)
    .orderBy('archived_at', 'desc')
    .execute()
}
