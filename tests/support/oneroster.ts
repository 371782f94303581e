import { strToU8, zipSync } from 'fflate'

/**
 * OneRoster 1.2 CSV zips for the tests (decision 0075). No sample roster published by 1EdTech or by the
 * Japan Profile's authors could be kept here under a licence that allows it, so these are built
 * from the published 1.2 CSV binding's tables (the columns in the binding's order, the Japan
 * Profile's `metadata.jp.*` columns after them) with the spec's own kind of example values.
 */

export const HEADERS = {
  academicSessions: ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
  orgs: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  courses: ['sourcedId', 'status', 'dateLastModified', 'schoolYearSourcedId', 'title', 'courseCode', 'grades', 'orgSourcedId', 'subjects', 'subjectCodes'],
  classes: ['sourcedId', 'status', 'dateLastModified', 'title', 'grades', 'courseSourcedId', 'classCode', 'classType', 'location', 'schoolSourcedId', 'termSourcedIds', 'subjects', 'subjectCodes', 'periods', 'metadata.jp.specialNeeds'],
  users: [
    'sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'userIds', 'givenName', 'familyName', 'middleName', 'identifier', 'email', 'sms', 'phone', 'agentSourcedIds', 'grades', 'password',
    'userMasterIdentifier', 'resourceSourcedIds', 'preferredGivenName', 'preferredMiddleName', 'preferredFamilyName', 'primaryOrgSourcedId', 'pronouns',
    'metadata.jp.kanaGivenName', 'metadata.jp.kanaFamilyName', 'metadata.jp.kanaMiddleName', 'metadata.jp.homeClass',
  ],
  roles: ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'beginDate', 'endDate', 'orgSourcedId', 'userProfileSourcedId'],
  enrollments: ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate', 'metadata.jp.ShussekiNo', 'metadata.jp.PublicFlg'],
} as const
export type FileName = keyof typeof HEADERS
type Row = Record<string, string | undefined>

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)
export function csvOf(file: FileName, rows: Row[], header: readonly string[] = HEADERS[file]) {
  return [header.join(','), ...rows.map((r) => header.map((h) => cell(r[h] ?? '')).join(','))].join('\r\n') + '\r\n'
}

export interface Student {
  id: string
  given: string
  family: string
  username?: string
  email?: string
  kanaGiven?: string
  kanaFamily?: string
  classes?: string[]
}
export interface RosterSpec {
  mode?: 'bulk' | 'delta'
  classes?: { id: string; title: string; status?: string }[]
  students?: Student[]
  teachers?: { id: string; given: string; family: string; email: string; classes: string[] }[]
  /** Delta rows' status (by user or enrollment id) and their date. */
  statusOf?: Record<string, string>
  modified?: string
  /** Raw files instead of the built ones, or a manifest's edits. */
  files?: Partial<Record<FileName | 'manifest', string>>
  omit?: FileName[]
}

/**
 * A school's roster: one org, one school year, the classes with one course, students (with kana
 * names when given) and teachers, their roles and enrollments.
 */
export function rosterFiles(spec: RosterSpec): Record<string, string> {
  const mode = spec.mode ?? 'bulk'
  const delta = mode === 'delta'
  const meta = (id: string): Row => (delta ? { status: spec.statusOf?.[id] ?? 'active', dateLastModified: spec.modified ?? '2026-04-10T08:00:00Z' } : {})
  const classes = spec.classes ?? [{ id: 'cls-5a', title: '5年A組' }]
  const students = spec.students ?? []
  const teachers = spec.teachers ?? []
  const files: Record<string, string> = {
    academicSessions: csvOf('academicSessions', [{ sourcedId: 'ay-2026', ...meta('ay-2026'), title: '2026年度', type: 'schoolYear', startDate: '2026-04-01', endDate: '2027-03-31', schoolYear: '2027' }]),
    orgs: csvOf('orgs', [{ sourcedId: 'org-1', ...meta('org-1'), name: '青葉小学校', type: 'school', identifier: 'B113210000019' }]),
    courses: csvOf('courses', [{ sourcedId: 'crs-hr', ...meta('crs-hr'), schoolYearSourcedId: 'ay-2026', title: '学級', orgSourcedId: 'org-1' }]),
    classes: csvOf('classes', classes.map((c) => ({ sourcedId: c.id, ...meta(c.id), ...(c.status ? { status: c.status } : {}), title: c.title, grades: 'P5', courseSourcedId: 'crs-hr', classCode: c.id.toUpperCase(), classType: 'homeroom', schoolSourcedId: 'org-1', termSourcedIds: 'ay-2026', 'metadata.jp.specialNeeds': 'false' }))),
    users: csvOf('users', [
      ...students.map((s) => ({
        sourcedId: s.id,
        ...meta(s.id),
        enabledUser: 'true',
        username: s.username ?? s.id,
        givenName: s.given,
        familyName: s.family,
        email: s.email ?? '',
        grades: 'P5',
        primaryOrgSourcedId: 'org-1',
        'metadata.jp.kanaGivenName': s.kanaGiven ?? '',
        'metadata.jp.kanaFamilyName': s.kanaFamily ?? '',
        'metadata.jp.homeClass': s.classes?.[0] ?? classes[0].id,
      })),
      ...teachers.map((t) => ({ sourcedId: t.id, ...meta(t.id), enabledUser: 'true', username: t.email, givenName: t.given, familyName: t.family, email: t.email, primaryOrgSourcedId: 'org-1' })),
    ]),
    roles: csvOf('roles', [
      ...students.map((s) => ({ sourcedId: `role-${s.id}`, ...meta(s.id), userSourcedId: s.id, roleType: 'primary', role: 'student', orgSourcedId: 'org-1' })),
      ...teachers.map((t) => ({ sourcedId: `role-${t.id}`, ...meta(t.id), userSourcedId: t.id, roleType: 'primary', role: 'teacher', orgSourcedId: 'org-1' })),
    ]),
    enrollments: csvOf('enrollments', [
      ...students.flatMap((s) => (s.classes ?? [classes[0].id]).map((c, i) => ({ sourcedId: `enr-${c}-${s.id}`, ...meta(`enr-${c}-${s.id}`), classSourcedId: c, schoolSourcedId: 'org-1', userSourcedId: s.id, role: 'student', primary: 'false', 'metadata.jp.ShussekiNo': String(i + 1) }))),
      ...teachers.flatMap((t) => t.classes.map((c) => ({ sourcedId: `enr-${c}-${t.id}`, ...meta(`enr-${c}-${t.id}`), classSourcedId: c, schoolSourcedId: 'org-1', userSourcedId: t.id, role: 'teacher', primary: 'true' }))),
    ]),
  }
  for (const f of spec.omit ?? []) delete files[f]
  for (const [f, text] of Object.entries(spec.files ?? {})) if (f !== 'manifest') files[f] = text!
  const listed = ['academicSessions', 'categories', 'classes', 'classResources', 'courses', 'courseResources', 'demographics', 'enrollments', 'lineItemLearningObjectiveIds', 'lineItems', 'lineItemScoreScales', 'orgs', 'resources', 'resultLearningObjectiveIds', 'results', 'resultScoreScales', 'roles', 'scoreScales', 'userProfiles', 'userResources', 'users']
  const manifest =
    spec.files?.manifest ??
    ['propertyName,value', 'manifest.version,1.0', 'oneroster.version,1.2', ...listed.map((f) => `file.${f},${f in files ? mode : 'absent'}`), 'source.systemName,校務支援システム', 'source.systemCode,demo-sis'].join('\r\n') + '\r\n'
  return { manifest, ...files }
}

export function rosterZip(spec: RosterSpec): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(rosterFiles(spec)).map(([f, text]) => [`${f}.csv`, strToU8(text)])))
}

/** A class of `n` students with Japanese names and kana, for the journeys and the bench. */
export function japaneseClass(n: number, classId = 'cls-5a', prefix = 'stu'): Student[] {
  const families = [['山田', 'ヤマダ'], ['佐藤', 'サトウ'], ['鈴木', 'スズキ'], ['高橋', 'タカハシ'], ['田中', 'タナカ']]
  const givens = [['太郎', 'タロウ'], ['花子', 'ハナコ'], ['健', 'ケン'], ['さくら', 'サクラ'], ['翔', 'ショウ']]
  return Array.from({ length: n }, (_, i) => {
    const [family, kanaFamily] = families[i % families.length]
    const [given, kanaGiven] = givens[Math.floor(i / families.length) % givens.length]
    return { id: `${prefix}-${String(i + 1).padStart(4, '0')}`, given, family, kanaGiven, kanaFamily, username: `${prefix}${String(i + 1).padStart(4, '0')}@aoba.example.jp`, email: `${prefix}${String(i + 1).padStart(4, '0')}@aoba.example.jp`, classes: [classId] }
  })
}
