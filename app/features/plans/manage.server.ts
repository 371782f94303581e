import type { DB } from '~/db/connect.server'

/**
 * The plan-locked page's students tab (spec 1 section 2): every student taking part in the
 * teacher's active journals, once, with the journals they are in; they are what the plan counts.
 */
export async function studentsInOwnJournalsList(db: DB, userId: number) {
  const rows = await db
    .selectFrom('journal_members as m')
    .innerJoin('journals as j', 'j.id', 'm.journal_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.account', 'j.name as journal'])
    .where('j.owner_id', '=', userId)
    .where('j.archived_at', 'is', null)
    .where('m.role', '=', 'student')
    .orderBy('u.account')
    .orderBy('j.name')
    .execute()
  const byStudent = new Map<number, { id: number; name: string; account: string; journals: string[] }>()
  for (const r of rows) {
    const s = byStudent.get(r.id) ?? { id: r.id, name: r.name ?? r.account, account: r.account, journals: [] }
    s.journals.push(r.journal)
    byStudent.set(r.id, s)
  }
  return [...byStudent.values()]
}
