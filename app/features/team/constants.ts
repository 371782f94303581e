/** Team roles (spec 1 section 6). Only roles with canEditRole manage members and roles. */
export const TEAM_ROLES = [
  { id: 1, key: 'superAdmin', canEditRole: 1 },
  { id: 2, key: 'admin', canEditRole: 1 },
  { id: 3, key: 'customerService', canEditRole: 0 },
  { id: 4, key: 'teamTeacher', canEditRole: 0 },
  { id: 5, key: 'generalAccount', canEditRole: 0 },
  // Decision 0046: the school's counsellor, who receives the alerts escalated to them and nothing else of the journals.
  { id: 6, key: 'counsellor', canEditRole: 0 },
] as const
