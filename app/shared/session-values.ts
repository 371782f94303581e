import type { Locale } from '~/i18n/config'

/** The spec's browser-held values (spec 1 section 3), kept on the server. */
export interface SessionValues {
  userId: number
  userName: string
  locale: Locale
  mode: 'personal' | 'team'
  teamModeAvailable: boolean
  /** The user's role in their team (features/team/roles.ts), for the menu: the counsellor's page (decision 0046). */
  teamRoleId?: number | null
  isHomeworkLock: boolean
  planName: string
  planLevel: number
  planEndDate: string | null
  studentLimit: number
  payfunctionMap: Record<string, 0 | 1>
  infoSet: '0' | '1'
  emailVerified: '0' | '1'
  /** The school's zone for pages outside a journal: the team's, else the newest journal's the user teaches; null for neither. */
  timeZone: string | null
  /** When these values were read: they are read again after a few minutes (auth/guards.server.ts). */
  valuesAt?: string
}
