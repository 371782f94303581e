import type { DB } from '~/db/connect.server'
import { lockRow } from '~/db/lock.server'
import { nowIso } from '~/db/time'
import { accountIs, normalizeAccount } from '~/features/auth/accounts.server'
import { TEAM_PLAN_STATUS } from '~/features/plans/constants'
import { ADMIN_ROLES, can, ROLE, type TeamRight } from './roles'
import { TEAM_ROLES } from './constants'
import { refreshValuesOf } from '~/features/account/session-values.server'

/** Add-member answers (spec 1 section 8): -1 in this team, -2 in another, -3 no such person; -5 the plan's member limit (ours). */
export const ADD_MEMBER = { ok: 0, alreadyInTeam: -1, otherTeam: -2, noSuchPerson: -3, failed: -4, full: -5 } as const
/** Role change and removal: -2 would leave the team without an admin. */
export const MEMBER_CHANGE = { ok: 0, oneAdmin: -2 } as const

/** Thrown when the actor's role lacks the right: the route answers 403. */
export class TeamForbidden extends Error {}

export async function membershipOf(db: DB, userId: number) {
  const row = await db.selectFrom('team_members').select(['team_id as teamId', 'role_id as roleId']).where('user_id', '=', userId).executeTakeFirst()
  return row ?? null
}

/** The actor's membership, checked for a right; read inside the caller's transaction when there is one. */
async function requireRight(db: DB, actorId: number, teamId: number, right: TeamRight) {
  const member = await db.selectFrom('team_members').select('role_id').where('user_id', '=', actorId).where('team_id', '=', teamId).executeTakeFirst()
  if (!member || !can(member.role_id, right)) throw new TeamForbidden(right)
  return member.role_id
}

/** A team plan's status as of today: cancelled and stopped stay; the others follow the dates. */
export function planStatus(p: { status: number; start_date: string; end_date: string }, now = nowIso()) {
  if (p.status === TEAM_PLAN_STATUS.cancelled || p.status === TEAM_PLAN_STATUS.stopped) return p.status
  if (p.start_date > now) return TEAM_PLAN_STATUS.notStarted
  if (p.end_date < now) return TEAM_PLAN_STATUS.ended
  return TEAM_PLAN_STATUS.inProgress
}

/** The members tab and the team profile tab (spec 1 section 3: team, userMap, historyPlanList). */
export async function teamOverview(db: DB, teamId: number, viewerId: number) {
  await requireRight(db, viewerId, teamId, 'viewTeam')
  const [team, members, plans] = await Promise.all([
    db.selectFrom('teams').select(['id', 'name']).where('id', '=', teamId).executeTakeFirstOrThrow(),
    db
      .selectFrom('team_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name', 'u.account', 'u.email', 'm.role_id as roleId'])
      .where('m.team_id', '=', teamId)
      .orderBy('m.role_id')
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('team_plans as p')
      .innerJoin('plans as pl', 'pl.id', 'p.plan_id')
      .select(['p.id', 'pl.code as planCode', 'p.start_date', 'p.end_date', 'p.number_limit', 'p.student_limit', 'p.status'])
      .where('p.team_id', '=', teamId)
      .orderBy('p.start_date', 'desc')
      .execute(),
  ])
  const history = plans.map((p) => ({
    id: p.id,
    planCode: p.planCode,
    startDate: p.start_date,
    endDate: p.end_date,
    days: Math.round((Date.parse(p.end_date) - Date.parse(p.start_date)) / 86_400_000),
    numberLimit: p.number_limit,
    studentLimit: p.student_limit,
    status: planStatus(p),
  }))
  const current = history.find((p) => p.status === TEAM_PLAN_STATUS.inProgress) ?? null
  return {
    team,
    current,
    history,
    members: members.map((m) => ({ id: m.id, displayName: m.name ?? m.account, account: m.account, email: m.email, roleId: m.roleId, isCurrentUser: m.id === viewerId })),
    roles: TEAM_ROLES.map((r) => ({ id: r.id, key: r.key })),
  }
}

/**
 * The students tab: every student of the team's journals (those made in team mode), with the plan's
 * usage. A member's personal journals stay private, even from the team's admins (decision 0032).
 */
export async function teamStudents(db: DB, teamId: number, viewerId: number) {
  await requireRight(db, viewerId, teamId, 'viewTeamStudents')
  const rows = await db
    .selectFrom('journal_members as jm')
    .innerJoin('journals as j', 'j.id', 'jm.journal_id')
    .innerJoin('users as u', 'u.id', 'jm.user_id')
    .select(['u.id', 'u.name', 'u.account', 'u.email', 'u.last_login_at as lastLogin', 'j.name as journalName', 'j.id as journalId'])
    .where('jm.role', '=', 'student')
    .where('j.archived_at', 'is', null)
    .where('j.team_id', '=', teamId)
    .orderBy('j.name')
    .orderBy('u.name')
    .execute()
  return { rows, used: new Set(rows.map((r) => r.id)).size }
}

/** Check team member: a teacher found by account or by e-mail. */
export async function findPerson(db: DB, query: { account?: string; email?: string }) {
  const account = query.account ? normalizeAccount(query.account) : null
  const email = query.email?.trim().toLowerCase() || null
  if (!account && !email) return null
  return (
    (await db
      .selectFrom('users')
      .select(['id', 'name', 'account', 'email'])
      .where('kind', '=', 'teacher')
      .where((eb) => (account ? accountIs(account) : eb('email', '=', email!)))
      .executeTakeFirst()) ?? null
  )
}

export async function addMember(db: DB, actorId: number, teamId: number, userId: number, roleId: number) {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'teams', teamId)
    const actorRole = await requireRight(trx, actorId, teamId, 'editMembers')
    if (roleId === ROLE.superAdmin && !can(actorRole, 'grantSuperAdmin')) throw new TeamForbidden('grantSuperAdmin')
    if (!TEAM_ROLES.some((r) => r.id === roleId)) return ADD_MEMBER.failed
    const person = await trx.selectFrom('users').select('id').where('id', '=', userId).where('kind', '=', 'teacher').executeTakeFirst()
    if (!person) return ADD_MEMBER.noSuchPerson
    const membership = await trx.selectFrom('team_members').select('team_id').where('user_id', '=', userId).executeTakeFirst()
    if (membership) return membership.team_id === teamId ? ADD_MEMBER.alreadyInTeam : ADD_MEMBER.otherTeam
    const plan = await trx.selectFrom('team_plans').select(['number_limit', 'status', 'start_date', 'end_date']).where('team_id', '=', teamId).execute()
    const current = plan.find((p) => planStatus(p) === TEAM_PLAN_STATUS.inProgress)
    const count = await trx.selectFrom('team_members').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).executeTakeFirstOrThrow()
    if (current && Number(count.n) >= current.number_limit) return ADD_MEMBER.full
    await trx.insertInto('team_members').values({ team_id: teamId, user_id: userId, role_id: roleId, joined_at: nowIso() }).execute()
    await refreshValuesOf(trx, [userId])
    return ADD_MEMBER.ok
  })
}

/**
 * Changes a member's role, or removes them (roleId null); a member may also leave (remove
 * themselves) without the editing right. The team keeps at least one admin: the check runs with the
 * team row locked, so two admins demoting each other, or both leaving, at once cannot both succeed.
 */
export async function changeMember(db: DB, actorId: number, teamId: number, targetId: number, roleId: number | null) {
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, 'teams', teamId)
    const leaving = targetId === actorId && roleId === null
    const actorRole = await requireRight(trx, actorId, teamId, leaving ? 'viewTeam' : 'editMembers')
    const target = await trx.selectFrom('team_members').select('role_id').where('team_id', '=', teamId).where('user_id', '=', targetId).executeTakeFirst()
    if (!target) throw new TeamForbidden('editMembers')
    // Only a super admin gives or takes the super-admin role.
    if ((target.role_id === ROLE.superAdmin || roleId === ROLE.superAdmin) && !can(actorRole, 'grantSuperAdmin')) throw new TeamForbidden('grantSuperAdmin')
    if (roleId !== null && !TEAM_ROLES.some((r) => r.id === roleId)) throw new TeamForbidden('editMembers')
    const losesAdmin = ADMIN_ROLES.includes(target.role_id) && (roleId === null || !ADMIN_ROLES.includes(roleId))
    if (losesAdmin) {
      const others = await trx
        .selectFrom('team_members')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', teamId)
        .where('user_id', '!=', targetId)
        .where('role_id', 'in', [...ADMIN_ROLES])
        .executeTakeFirstOrThrow()
      if (Number(others.n) === 0) return MEMBER_CHANGE.oneAdmin
    }
    if (roleId === null) {
      await trx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', targetId).execute()
      // Out of the team, out of team mode.
      await trx.updateTable('users').set({ mode: 'personal' }).where('id', '=', targetId).execute()
    } else {
      await trx.updateTable('team_members').set({ role_id: roleId }).where('team_id', '=', teamId).where('user_id', '=', targetId).execute()
    }
    await refreshValuesOf(trx, [targetId])
    return MEMBER_CHANGE.ok
  })
}

/** Cancel an in-progress team plan (spec 1 section 4): only status 1, only by an editor; it then shows -1. */
export async function cancelTeamPlan(db: DB, actorId: number, teamId: number, planId: number) {
  return db.transaction().execute(async (trx) => {
    await requireRight(trx, actorId, teamId, 'cancelPlan')
    const plan = await trx.selectFrom('team_plans').selectAll().where('id', '=', planId).where('team_id', '=', teamId).executeTakeFirst()
    if (!plan || planStatus(plan) !== TEAM_PLAN_STATUS.inProgress) return false
    await trx.updateTable('team_plans').set({ status: TEAM_PLAN_STATUS.cancelled }).where('id', '=', planId).execute()
    const members = await trx.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute()
    await refreshValuesOf(trx, members.map((m) => m.user_id))
    return true
  })
}

/** The school's calendar (decision 0046): what /team/my shows and its admins change. */
export async function teamCalendar(db: DB, teamId: number) {
  const t = await db.selectFrom('teams').select(['school_days', 'school_start_hour', 'school_end_hour', 'closed_dates', 'time_zone']).where('id', '=', teamId).executeTakeFirstOrThrow()
  return { days: t.school_days.split(',').filter(Boolean), startHour: t.school_start_hour, endHour: t.school_end_hour, closed: t.closed_dates, timeZone: t.time_zone }
}

/** Saves the calendar; only a member who manages the team (TeamForbidden otherwise). Closed dates are kept sorted, once each. */
export async function saveTeamCalendar(db: DB, actorId: number, teamId: number, cal: { days: string[]; startHour: number; endHour: number; closed: string[]; timeZone: string }) {
  await db.transaction().execute(async (trx) => {
    await requireRight(trx, actorId, teamId, 'editMembers')
    await trx
      .updateTable('teams')
      .set({ school_days: [...new Set(cal.days)].sort().join(','), school_start_hour: cal.startHour, school_end_hour: cal.endHour, closed_dates: cal.closed.join(','), time_zone: cal.timeZone })
      .where('id', '=', teamId)
      .execute()
  })
}
