import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import type { AlertStatus } from '~/db/schema'
import { nowIso } from '~/db/time'

/**
 * What a counsellor does with an alert escalated to them (decision 0046), besides resolving it
 * (`actOnAlert` of alerts/manage.server.ts, the same as a teacher's): take it, add steps. Each is a
 * step of the alert's trail. The right to act is checked before (`mayCounsel`, access.server.ts).
 */

/** The counsellor takes the alert: it is theirs to follow (an open one counts as acknowledged). 'stale' when someone took it first or it is resolved. */
export async function takeAlert(db: DB, alertId: number, userId: number): Promise<'ok' | 'stale'> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso()
    const r = await trx
      .updateTable('risk_alerts')
      .set({ taken_by: userId, taken_at: at, updated_at: at, status: sql<AlertStatus>`case when status = 'open' then 'acknowledged' else status end` })
      .where('id', '=', alertId)
      .where('taken_by', 'is', null)
      .where('status', '!=', 'resolved')
      .executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return 'stale'
    await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: userId, action: 'taken', at }).execute()
    return 'ok'
  })
}

/** A step the counsellor took (a talk, a call home, a referral): a note in the trail. 'stale' on a resolved alert. */
export async function addStep(db: DB, alertId: number, userId: number, note: string): Promise<'ok' | 'stale'> {
  return db.transaction().execute(async (trx) => {
    const a = await trx.selectFrom('risk_alerts').select('status').where('id', '=', alertId).executeTakeFirstOrThrow()
    if (a.status === 'resolved') return 'stale'
    const at = nowIso()
    await trx.insertInto('risk_alert_steps').values({ alert_id: alertId, user_id: userId, action: 'step', note, at }).execute()
    await trx.updateTable('risk_alerts').set({ updated_at: at }).where('id', '=', alertId).execute()
    return 'ok'
  })
}
