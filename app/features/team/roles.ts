import { TEAM_ROLES } from './constants'

/**
 * What each team role may see and do (issue 8; docs/decisions/0021-team-roles.md). The server
 * checks every team loader and action against this table; the pages only hide what it refuses.
 *
 * | right            | super admin | admin | customer service | team teacher | general |
 * | ---------------- | ----------- | ----- | ---------------- | ------------ | ------- |
 * | viewTeam         | yes         | yes   | yes              | yes          | yes     |
 * | viewTeamStudents | yes         | yes   | yes              | yes          | no      |
 * | editMembers      | yes         | yes   | no               | no           | no      |
 * | cancelPlan       | yes         | yes   | no               | no           | no      |
 * | grantSuperAdmin  | yes         | no    | no               | no           | no      |
 */
export type TeamRight = 'viewTeam' | 'viewTeamStudents' | 'editMembers' | 'cancelPlan' | 'grantSuperAdmin'

export const ROLE = { superAdmin: 1, admin: 2, customerService: 3, teamTeacher: 4, generalAccount: 5 } as const

const RIGHTS: Record<number, readonly TeamRight[]> = {
  [ROLE.superAdmin]: ['viewTeam', 'viewTeamStudents', 'editMembers', 'cancelPlan', 'grantSuperAdmin'],
  [ROLE.admin]: ['viewTeam', 'viewTeamStudents', 'editMembers', 'cancelPlan'],
  [ROLE.customerService]: ['viewTeam', 'viewTeamStudents'],
  [ROLE.teamTeacher]: ['viewTeam', 'viewTeamStudents'],
  [ROLE.generalAccount]: ['viewTeam'],
}

export const can = (roleId: number, right: TeamRight) => RIGHTS[roleId]?.includes(right) ?? false

/** Roles that keep a team administered: the team must always have one member holding one. */
export const ADMIN_ROLES: readonly number[] = TEAM_ROLES.filter((r) => r.canEditRole).map((r) => r.id)
