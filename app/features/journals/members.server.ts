import type { DB } from '~/db/connect.server'

/** How many students a journal has (not archived from it). */
export async function studentCount(db: DB, journalId: number) {
  const row = await db
    .selectFrom('journal_members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('journal_id', '=', journalId)
    .where('role', '=', 'student')
    .where('archived_at', 'is', null)
    .executeTakeFirst()
  return Number(row?.n ?? 0)
}
