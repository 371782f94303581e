import type { SessionValues } from '~/shared/session-values'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { isLocale, DEFAULT_LOCALE } from '~/i18n/config'
import { chargePlanFor } from '~/features/plans/charge-plan.server'

/**
 * Everything the spec keeps in browser storage after login and /refresh: user name, locale, mode,
 * plan lock and limits, pay-function map, and the setup flags. Null when the user is gone.
 */
export async function loadSessionValues(db: DB, userId: number): Promise<SessionValues | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'account', 'name', 'locale', 'mode', 'info_set', 'email_verified'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (!user) return null
  const team = await db.selectFrom('team_members as m').innerJoin('teams as t', 't.id', 'm.team_id').select(['m.team_id', 'm.role_id', 't.time_zone']).where('m.user_id', '=', userId).executeTakeFirst()
  const teamModeAvailable = Boolean(team)
  const mode = teamModeAvailable && user.mode === 'team' ? 'team' : 'personal'
  const plan = await chargePlanFor(db, userId, mode)
  return {
    userId: user.id,
    userName: user.name ?? user.account,
    locale: isLocale(user.locale) ? user.locale : DEFAULT_LOCALE,
    mode,
    teamModeAvailable,
    teamRoleId: team?.role_id ?? null,
    isHomeworkLock: plan.isHomeworkLock,
    planName: plan.planCode,
    planLevel: plan.planLevel,
    planEndDate: plan.planEndDate,
    studentLimit: plan.studentLimit,
    payfunctionMap: plan.payfunctionMap,
    infoSet: user.info_set ? '1' : '0',
    emailVerified: user.email_verified ? '1' : '0',
    timeZone: team?.time_zone ?? (await newestJournalZone(db, userId)),
    valuesAt: new Date().toISOString(),
  }
}

/** The zone of the newest journal the user owns or teaches: a teacher without a team reads its clock. */
async function newestJournalZone(db: DB, userId: number) {
  const row = await db
    .selectFrom('journals as j')
    .select('j.time_zone')
    .where((eb) => eb.or([eb('j.owner_id', '=', userId), eb.exists(eb.selectFrom('journal_members as m').select('m.user_id').whereRef('m.journal_id', '=', 'j.id').where('m.user_id', '=', userId).where('m.role', '=', 'teacher'))]))
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .executeTakeFirst()
  return row?.time_zone ?? null
}

/**
 * Marks every session of these accounts: their snapshot of plan, mode and rights is read again on
 * the next request (a member removed from a team loses the team plan's functions at once).
 */
export async function refreshValuesOf(db: DB, userIds: number[]) {
  if (userIds.length) await db.updateTable('sessions').set({ values_changed_at: nowIso() }).where('user_id', 'in', userIds).execute()
}
