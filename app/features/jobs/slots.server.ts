import type { DB } from '~/db/connect.server'
import { formatDate } from '~/shared/dates'

/** A slot is run by whoever writes its key first: another process, or this one after a restart, finds it taken. */
export async function claimSlot(db: DB, slot: string, at = new Date()) {
  const r = await db.insertInto('job_slots').values({ slot, claimed_at: at.toISOString() }).onConflict((oc) => oc.column('slot').doNothing()).executeTakeFirst()
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1
}

/** The wall-clock date and hour of a moment in a zone. */
export function wallClock(at: Date, timeZone: string) {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at))
  return { date: formatDate(at.toISOString(), timeZone), hour }
}
