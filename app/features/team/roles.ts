import { TEAM_ROLES } from './constants'

/**
 * What each team role may see and do (docs/decisions/0021-team-roles.md). The server
 * checks every team loader and action against this table; the pages only hide what it refuses.
 *
 * | right              | super admin | admin | customer service | team teacher | general | counsellor |
 * | ------------------ | ----------- | ----- | ---------------- | ------------ | ------- | ---------- |
 * | viewTeam           | yes         | yes   | yes              | yes          | yes     | yes        |
 * | viewTeamStudents   | yes         | yes   | yes              | yes          | no      | no         |
 * | editMembers        | yes         | yes   | no               | no           | no      | no         |
 * | cancelPlan         | yes         | yes   | no               | no           | no      | no         |
 * | grantSuperAdmin    | yes         | no    | no               | no           | no      | no         |
 * | receiveEscalations | yes         | yes   | no               | no           | no      | yes        |
 * | childrenData       | yes         | yes   | no               | no           | no      | no         |
 * | runJournals        | yes         | yes   | yes              | yes          | yes     | no         |
 *
 * receiveEscalations (decision 0046): the alerts escalated to them, their cited posts and the student's
 * mood history; an admin receives them only where the team has no counsellor. childrenData: the
 * school's duties to a child's data (export, erasure and its undo, who looked, retention).
 * runJournals (decision 0067): journals, students, samples, books and login codes; a counsellor's work is
 * the alerts escalated to them, so their console opens on /counsellor and lists only that.
 */
export type TeamRight = 'viewTeam' | 'viewTeamStudents' | 'editMembers' | 'cancelPlan' | 'grantSuperAdmin' | 'receiveEscalations' | 'childrenData' | 'runJournals'

export const ROLE = { superAdmin: 1, admin: 2, customerService: 3, teamTeacher: 4, generalAccount: 5, counsellor: 6 } as const

const RIGHTS: Record<number, readonly TeamRight[]> = {
  [ROLE.superAdmin]: ['viewTeam', 'viewTeamStudents', 'editMembers', 'cancelPlan', 'grantSuperAdmin', 'receiveEscalations', 'childrenData', 'runJournals'],
  [ROLE.admin]: ['viewTeam', 'viewTeamStudents', 'editMembers', 'cancelPlan', 'receiveEscalations', 'childrenData', 'runJournals'],
  [ROLE.customerService]: ['viewTeam', 'viewTeamStudents', 'runJournals'],
  [ROLE.teamTeacher]: ['viewTeam', 'viewTeamStudents', 'runJournals'],
  [ROLE.generalAccount]: ['viewTeam', 'runJournals'],
  [ROLE.counsellor]: ['viewTeam', 'receiveEscalations'],
}

export const can = (roleId: number, right: TeamRight) => RIGHTS[roleId]?.includes(right) ?? false

/** Roles that keep a team administered: the team must always have one member holding one. */
export const ADMIN_ROLES: readonly number[] = TEAM_ROLES.filter((r) => r.canEditRole).map((r) => r.id)

/**
 * Where a signed-in console user starts (after sign-in, and the console's home): a team member whose
 * role runs no journals but receives escalations (the counsellor) starts on their alerts.
 */
export function consoleHome(values: { teamRoleId?: number | null }) {
  return runsNoJournals(values.teamRoleId ?? null) ? '/counsellor' : '/diary'
}

/** A member whose team role is to receive escalations and run no journals, in either mode (decision 0067). */
export const runsNoJournals = (teamRoleId: number | null) => teamRoleId !== null && !can(teamRoleId, 'runJournals') && can(teamRoleId, 'receiveEscalations')
