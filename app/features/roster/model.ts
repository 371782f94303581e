import type { ProcessingMode, RosterError } from './oneroster-tables'

/**
 * A roster as every source gives it to the preview and the apply (decision 0075): OneRoster's CSV zip,
 * its REST API and Google Classroom all become this, so one plan and one apply serve the three.
 * `modes` says per kind whether the roster is the whole list (`bulk`: what is missing has left),
 * changes only (`delta`) or says nothing (`absent`).
 */
export type RosterStatus = 'active' | 'tobedeleted'
export interface RosterClass {
  sourcedId: string
  status: RosterStatus
  modified: string | null
  title: string
  classCode: string
  metadata: Record<string, string>
  /** The scope's journal the teacher chose for a class not linked yet (Google Classroom: "an existing journal"). */
  targetJournalId?: number
}
export interface RosterUser {
  sourcedId: string
  status: RosterStatus
  modified: string | null
  enabled: boolean
  username: string
  email: string
  givenName: string
  familyName: string
  kanaGivenName: string
  kanaFamilyName: string
  password: string
  /** The roles.csv roles (student, teacher...), the REST user's roles. */
  roles: string[]
  metadata: Record<string, string>
  /** Where the row is, for an error found when it is planned (users.csv's line). */
  line: number
}
export interface RosterEnrollment {
  sourcedId: string
  status: RosterStatus
  modified: string | null
  classSourcedId: string
  userSourcedId: string
  role: string
  metadata: Record<string, string>
}
export interface Roster {
  source: 'oneroster' | 'classroom'
  modes: { classes: ProcessingMode; users: ProcessingMode; enrollments: ProcessingMode }
  classes: RosterClass[]
  users: RosterUser[]
  enrollments: RosterEnrollment[]
  /**
   * A roster of some classes only (one Classroom course): its bulk enrollments are the whole list
   * of those classes, and nobody else's place is touched.
   */
  onlyClasses?: string[]
}
export type ReadResult = { ok: true; roster: Roster } | { ok: false; errors: RosterError[]; total: number }

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/

/** A person's name as shown: family name first in Chinese and Japanese, given name first otherwise. */
export function displayName(given: string, family: string) {
  const g = given.trim()
  const f = family.trim()
  if (!g || !f) return g || f
  return CJK.test(g + f) ? `${f} ${g}` : `${g} ${f}`
}

/** The kana reading, family first (Japanese order); empty when the roster has none. */
export function kanaName(user: Pick<RosterUser, 'kanaGivenName' | 'kanaFamilyName'>) {
  return [user.kanaFamilyName.trim(), user.kanaGivenName.trim()].filter(Boolean).join(' ')
}
