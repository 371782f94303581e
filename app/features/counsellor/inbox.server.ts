import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import type { AlertReasons } from '~/features/alerts/rules'
import { alertSummary } from '~/features/alerts/summary'
import { ADMIN_ROLES, ROLE } from '~/features/team/roles'

/** The counsellor's list (decision 0046): what was escalated to them, open first (high before medium), then resolved; 10 a page. */
export async function counsellorInbox(db: DB, userId: number, page: number, pageSize = 10) {
  const base = db
    .selectFrom('alert_escalations as e')
    .innerJoin('risk_alerts as a', 'a.id', 'e.alert_id')
    .innerJoin('journals as j', 'j.id', 'a.journal_id')
    .innerJoin('team_members as m', (join) => join.onRef('m.team_id', '=', 'j.team_id').on('m.user_id', '=', userId))
    .where('e.user_id', '=', userId)
    .where('j.archived_at', 'is', null)
    .where('m.role_id', 'in', [ROLE.counsellor, ...ADMIN_ROLES])
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const rows = await base
    .innerJoin('users as u', 'u.id', 'a.student_id')
    .leftJoin('users as b', 'b.id', 'e.escalated_by')
    .leftJoin('users as k', 'k.id', 'a.taken_by')
    .select((eb) => [
      'a.id',
      'a.rule',
      'a.severity',
      'a.status',
      'a.snooze_until as snoozeUntil',
      'a.reasons',
      'a.student_id as studentId',
      'u.avatar_url as avatarUrl',
      'j.name as journal',
      'e.at as escalatedAt',
      'e.escalated_by as byId',
      eb.fn.coalesce('u.name', 'u.account').as('student'),
      eb.fn.coalesce('b.name', 'b.account').as('by'),
      eb.fn.coalesce('k.name', 'k.account').as('takenBy'),
    ])
    .orderBy(sql`case when a.status = 'resolved' then 1 else 0 end`)
    .orderBy(sql`case when a.severity = 'high' then 0 else 1 end`)
    .orderBy('e.at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute()
  return { rows: rows.map(({ reasons, ...r }) => ({ ...r, summary: alertSummary(r.rule, JSON.parse(reasons) as AlertReasons) })), total, totalPages: Math.max(1, Math.ceil(total / pageSize)) }
}
