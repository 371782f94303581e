import type { DB } from '~/db/connect.server'
import { citedPostIds } from '~/features/alerts/summary'
import { ADMIN_ROLES, ROLE } from '~/features/team/roles'

/**
 * The counsellor's right (decision 0046): an alert escalated to them, while they still hold a
 * receiving role (counsellor, or an admin where the team has none) in the journal's team, and the
 * pictures of the posts such an alert cites. Nothing else of the journal is theirs to see.
 */

/** The counsellor's (or receiving admin's) right to an alert: it was escalated to them and they still hold a receiving role in the journal's team. */
export async function mayCounsel(db: DB, userId: number, alertId: number) {
  const row = await db
    .selectFrom('alert_escalations as e')
    .innerJoin('risk_alerts as a', 'a.id', 'e.alert_id')
    .innerJoin('journals as j', 'j.id', 'a.journal_id')
    .innerJoin('team_members as m', (join) => join.onRef('m.team_id', '=', 'j.team_id').on('m.user_id', '=', userId))
    .select(['a.id', 'a.journal_id as journalId'])
    .where('e.alert_id', '=', alertId)
    .where('e.user_id', '=', userId)
    .where('j.archived_at', 'is', null)
    .where('m.role_id', 'in', [ROLE.counsellor, ...ADMIN_ROLES])
    .executeTakeFirst()
  return row ?? null
}

/** Whether a post is cited by an alert escalated to this person (they may see its pictures). */
export async function counselsPost(db: DB, userId: number, postId: number, journalId: number) {
  const rows = await db
    .selectFrom('alert_escalations as e')
    .innerJoin('risk_alerts as a', 'a.id', 'e.alert_id')
    .select(['a.id', 'a.reasons'])
    .where('e.user_id', '=', userId)
    .where('a.journal_id', '=', journalId)
    .where('a.reasons', 'like', `%"id":${postId},%`)
    .execute()
  for (const r of rows) if (citedPostIds(r.reasons).includes(postId) && (await mayCounsel(db, userId, r.id))) return true
  return false
}
