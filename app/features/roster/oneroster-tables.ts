/**
 * The OneRoster 1.2 CSV binding's tables as this console reads them (decision 0075): each
 * file's columns (a required column must be in the header and have a value; `null`: optional), the
 * enumerations, the dates, and what each column refers to. The Japan Profile adds `metadata.jp.*`
 * columns (kana names, home class...), read and kept; any other `metadata.*` column is kept too.
 */

export const ROSTER_FILES = ['academicSessions', 'orgs', 'courses', 'classes', 'users', 'roles', 'enrollments', 'demographics'] as const
export type RosterFile = (typeof ROSTER_FILES)[number]
/** Files of the 1.2 binding this console does not read (gradebook, resources, profiles): listed, never refused. */
export const IGNORED_FILES = ['categories', 'classResources', 'courseResources', 'lineItems', 'lineItemLearningObjectiveIds', 'lineItemScoreScales', 'resources', 'results', 'resultLearningObjectiveIds', 'resultScoreScales', 'scoreScales', 'userProfiles', 'userResources'] as const
export const PROCESSING_MODES = ['absent', 'bulk', 'delta'] as const
export type ProcessingMode = (typeof PROCESSING_MODES)[number]

export type ColumnKind = 'text' | 'date' | 'datetime' | 'year' | 'bool' | 'enum' | 'kana' | 'list'
export interface Column {
  required: boolean
  kind: ColumnKind
  /** An enumeration's values (1.2 also allows `ext:` extensions where the binding says so). */
  values?: readonly string[]
  extensible?: boolean
  /** The file whose sourcedIds the values name (a list: each of them). */
  refers?: RosterFile
}

const req = (kind: ColumnKind = 'text', more: Partial<Column> = {}): Column => ({ required: true, kind, ...more })
const opt = (kind: ColumnKind = 'text', more: Partial<Column> = {}): Column => ({ required: false, kind, ...more })
const COMMON = { sourcedId: req(), status: opt('enum', { values: ['active', 'tobedeleted'] }), dateLastModified: opt('datetime') }

export const SESSION_TYPES = ['gradingPeriod', 'semester', 'schoolYear', 'term'] as const
export const ORG_TYPES = ['department', 'school', 'district', 'local', 'state', 'national'] as const
export const CLASS_TYPES = ['homeroom', 'scheduled'] as const
export const ENROLLMENT_ROLES = ['administrator', 'proctor', 'student', 'teacher'] as const
export const ROLE_TYPES = ['primary', 'secondary'] as const
export const USER_ROLES = ['aide', 'counselor', 'districtAdministrator', 'guardian', 'parent', 'principal', 'proctor', 'relative', 'siteAdministrator', 'student', 'systemAdministrator', 'teacher'] as const
export const SEXES = ['male', 'female', 'other', 'unspecified'] as const

export const TABLES: Record<RosterFile, Record<string, Column>> = {
  academicSessions: { ...COMMON, title: req(), type: req('enum', { values: SESSION_TYPES, extensible: true }), startDate: req('date'), endDate: req('date'), parentSourcedId: opt('text', { refers: 'academicSessions' }), schoolYear: req('year') },
  orgs: { ...COMMON, name: req(), type: req('enum', { values: ORG_TYPES, extensible: true }), identifier: opt(), parentSourcedId: opt('text', { refers: 'orgs' }) },
  courses: { ...COMMON, schoolYearSourcedId: opt('text', { refers: 'academicSessions' }), title: req(), courseCode: opt(), grades: opt('list'), orgSourcedId: req('text', { refers: 'orgs' }), subjects: opt('list'), subjectCodes: opt('list') },
  classes: {
    ...COMMON,
    title: req(),
    grades: opt('list'),
    courseSourcedId: req('text', { refers: 'courses' }),
    classCode: opt(),
    classType: req('enum', { values: CLASS_TYPES, extensible: true }),
    location: opt(),
    schoolSourcedId: req('text', { refers: 'orgs' }),
    termSourcedIds: req('list', { refers: 'academicSessions' }),
    subjects: opt('list'),
    subjectCodes: opt('list'),
    periods: opt('list'),
    'metadata.jp.specialNeeds': opt('bool'),
  },
  users: {
    ...COMMON,
    enabledUser: req('bool'),
    username: req(),
    userIds: opt('list'),
    givenName: req(),
    familyName: req(),
    middleName: opt(),
    identifier: opt(),
    email: opt(),
    sms: opt(),
    phone: opt(),
    agentSourcedIds: opt('list', { refers: 'users' }),
    grades: opt('list'),
    password: opt(),
    userMasterIdentifier: opt(),
    resourceSourcedIds: opt('list'),
    preferredGivenName: opt(),
    preferredMiddleName: opt(),
    preferredFamilyName: opt(),
    primaryOrgSourcedId: opt('text', { refers: 'orgs' }),
    pronouns: opt(),
    'metadata.jp.kanaGivenName': opt('kana'),
    'metadata.jp.kanaFamilyName': opt('kana'),
    'metadata.jp.kanaMiddleName': opt('kana'),
    'metadata.jp.homeClass': opt('text', { refers: 'classes' }),
  },
  roles: { ...COMMON, userSourcedId: req('text', { refers: 'users' }), roleType: req('enum', { values: ROLE_TYPES }), role: req('enum', { values: USER_ROLES, extensible: true }), beginDate: opt('date'), endDate: opt('date'), orgSourcedId: req('text', { refers: 'orgs' }), userProfileSourcedId: opt() },
  enrollments: {
    ...COMMON,
    classSourcedId: req('text', { refers: 'classes' }),
    schoolSourcedId: req('text', { refers: 'orgs' }),
    userSourcedId: req('text', { refers: 'users' }),
    role: req('enum', { values: ENROLLMENT_ROLES, extensible: true }),
    primary: opt('bool'),
    beginDate: opt('date'),
    endDate: opt('date'),
    'metadata.jp.ShussekiNo': opt(),
    'metadata.jp.PublicFlg': opt('bool'),
  },
  demographics: { ...COMMON, birthDate: opt('date'), sex: opt('enum', { values: SEXES, extensible: true }) },
}

/** The manifest's required properties and the versions read. */
export const MANIFEST_VERSION = '1.0'
/** `1.2`, and the Japan Profile's `1.2_JP`-style variants. */
export const isOneRoster12 = (v: string) => /^1\.2(\.\d+)?([_-]?JP.*)?$/i.test(v)

/** The error codes of a roster's check: each a `roster.error.*` text in the page's language. */
export const ROSTER_ERRORS = [
  'notZip',
  'tooBig',
  'tooMany',
  'encoding',
  'malformed',
  'noManifest',
  'manifestVersion',
  'onerosterVersion',
  'badMode',
  'fileMissing',
  'fileNotListed',
  'missingColumn',
  'unknownColumn',
  'required',
  'badEnum',
  'badDate',
  'badDateTime',
  'badYear',
  'badBool',
  'badKana',
  'duplicateId',
  'unknownRef',
  'bulkStatus',
  'deltaStatus',
  'deltaDate',
  'accountTaken',
  'overPlan',
] as const
export type RosterErrorCode = (typeof ROSTER_ERRORS)[number]

/** One error: the file, its line (1: the header), the column's name, and the value found. */
export interface RosterError {
  file: string
  line: number
  column: string
  code: RosterErrorCode
  value?: string
}

/** The largest roster zip and how many rows of users one holds (a school district's year fits). */
export const MAX_ROSTER_BYTES = 8 * 1024 * 1024
export const MAX_ROSTER_UNZIPPED_BYTES = 64 * 1024 * 1024
export const MAX_ROSTER_USERS = 20_000
/** Errors listed at most (the count says how many more). */
export const MAX_LISTED_ERRORS = 200
