import type { SessionValues } from '~/auth/session-storage.server'
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
  const team = await db.selectFrom('team_members').select(['team_id', 'role_id']).where('user_id', '=', userId).executeTakeFirst()
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
    valuesAt: new Date().toISOString(),
  }
}

/**
 * Marks every session of these accounts: their snapshot of plan, mode and rights is read again on
 * the next request (a member removed from a team loses the team plan's functions at once).
 */
export async function refreshValuesOf(db: DB, userIds: number[]) {
  if (userIds.length) await db.updateTable('sessions').set({ values_changed_at: nowIso() }).where('user_id', 'in', userIds).execute()
}
