import type { DB } from '~/db/connect.server'
import { calendarOfJoined, type SchoolCalendar } from '~/features/team/school-hours'

/**
 * A journal's school calendar: its team's school days, hours and closed dates (set on /team/my), in
 * the journal's zone; a journal outside a team keeps the default week (Monday to Friday, 08:00 to
 * 17:00). It counts the school hours of alerts (escalate.server.ts reads the same columns for many
 * journals at once) and guards the teachers' reminders (decision 0064).
 */
export async function journalCalendar(db: DB, journalId: number): Promise<SchoolCalendar> {
  const j = await db
    .selectFrom('journals as j')
    .leftJoin('teams as t', 't.id', 'j.team_id')
    .select(['j.time_zone', 't.school_days', 't.school_start_hour', 't.school_end_hour', 't.closed_dates'])
    .where('j.id', '=', journalId)
    .executeTakeFirstOrThrow()
  return calendarOfJoined(j, j.time_zone)
}
