import { TEAM_ROLES } from './constants'

/**
 * What each team role may see and do (issue 8; docs/decisions/0021-team-roles.md). The server
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
 *
 * receiveEscalations (issue 36): the alerts escalated to them, their cited posts and the student's
 * mood history; an admin receives them only where the team has no counsellor. childrenData: the
 * school's duties to a child's data (export, erasure and its undo, who looked, retention).
 */
export type TeamRight = 'viewTeam' | 'viewTeamStudents' | 'editMembers' | 'cancelPlan' | 'grantSuperAdmin' | 'receiveEscalations' | 'childrenData'

export const ROLE = { superAdmin: 1, admin: 2, customerService: 3, teamTeacher: 4, generalAccount: 5, counsellor: 6 } as const

const RIGHTS: Record<number, readonly TeamRight[]> = {
  [ROLE.superAdmin]: ['viewTeam', 'viewTeamStudents', 'editMembers', 'cancelPlan', 'grantSuperAdmin', 'receiveEscalations', 'childrenData'],
  [ROLE.admin]: ['viewTeam', 'viewTeamStudents', 'editMembers', 'cancelPlan', 'receiveEscalations', 'childrenData'],
  [ROLE.customerService]: ['viewTeam', 'viewTeamStudents'],
  [ROLE.teamTeacher]: ['viewTeam', 'viewTeamStudents'],
  [ROLE.generalAccount]: ['viewTeam'],
  [ROLE.counsellor]: ['viewTeam', 'receiveEscalations'],
}

export const can = (roleId: number, right: TeamRight) => RIGHTS[roleId]?.includes(right) ?? false

/** Roles that keep a team administered: the team must always have one member holding one. */
export const ADMIN_ROLES: readonly number[] = TEAM_ROLES.filter((r) => r.canEditRole).map((r) => r.id)
