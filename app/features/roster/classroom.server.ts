import type { Roster } from './model'

/**
 * Google Classroom (decision 0077): a teacher's courses (`courses.list`, teacherId=me,
 * the active ones) and a course's students (`courses.students.list`), read with the access token of
 * the teacher's Google sign-in that granted `classroom.courses.readonly` and
 * `classroom.rosters.readonly`. A course becomes a roster of one class: its students matched by
 * their Google id (the link), then e-mail (when Classroom gives it), else given accounts.
 */
export const CLASSROOM_SCOPES = ['https://www.googleapis.com/auth/classroom.courses.readonly', 'https://www.googleapis.com/auth/classroom.rosters.readonly'] as const

export interface ClassroomCourse {
  id: string
  name: string
  section?: string
  courseState?: string
}
export interface ClassroomStudent {
  userId: string
  profile?: { id?: string; name?: { givenName?: string; familyName?: string; fullName?: string }; emailAddress?: string }
}
export type ClassroomFailure = 'token' | 'unreachable' | 'status' | 'notFound'
export class ClassroomError extends Error {
  constructor(readonly reason: ClassroomFailure) {
    super(reason)
  }
}

const TIMEOUT_MS = 15_000
const PAGE = 100
const MAX_PAGES = 50

async function pages<T>(base: string, path: string, params: Record<string, string>, key: string, token: string, fetchImpl: typeof fetch): Promise<T[]> {
  const all: T[] = []
  let pageToken = ''
  for (let i = 0; i < MAX_PAGES; i++) {
    const url = new URL(`${base.replace(/\/+$/, '')}${path}`)
    for (const [k, v] of Object.entries({ ...params, pageSize: String(PAGE), ...(pageToken ? { pageToken } : {}) })) url.searchParams.append(k, v)
    let response: Response
    try {
      response = await fetchImpl(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' })
    } catch {
      throw new ClassroomError('unreachable')
    }
    if (response.status === 401 || response.status === 403) throw new ClassroomError('token')
    if (response.status === 404) throw new ClassroomError('notFound')
    if (!response.ok) throw new ClassroomError('status')
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>
    all.push(...((body[key] as T[] | undefined) ?? []))
    pageToken = typeof body.nextPageToken === 'string' ? body.nextPageToken : ''
    if (!pageToken) break
  }
  return all
}

/** The teacher's active courses. */
export async function classroomCourses(base: string, token: string, fetchImpl: typeof fetch = fetch) {
  const courses = await pages<ClassroomCourse>(base, '/v1/courses', { teacherId: 'me', courseStates: 'ACTIVE' }, 'courses', token, fetchImpl)
  return courses.map((c) => ({ id: c.id, name: [c.name, c.section].filter(Boolean).join(' ') }))
}

/** A course of the teacher's and its students as a roster; the class goes to `targetJournalId` when the teacher chose one. */
export async function classroomRoster(base: string, token: string, courseId: string, targetJournalId?: number, fetchImpl: typeof fetch = fetch): Promise<Roster> {
  const course = (await classroomCourses(base, token, fetchImpl)).find((c) => c.id === courseId)
  if (!course) throw new ClassroomError('notFound')
  const students = await pages<ClassroomStudent>(base, `/v1/courses/${encodeURIComponent(courseId)}/students`, {}, 'students', token, fetchImpl)
  return {
    source: 'classroom',
    // One course: its students are the whole list of its places (onlyClasses), the rest is untouched.
    modes: { classes: 'delta', users: 'delta', enrollments: 'bulk' },
    onlyClasses: [course.id],
    classes: [{ sourcedId: course.id, status: 'active', modified: null, title: course.name.slice(0, 50), classCode: '', metadata: {}, ...(targetJournalId ? { targetJournalId } : {}) }],
    users: students.map((s, i) => {
      const email = s.profile?.emailAddress?.trim() ?? ''
      const given = s.profile?.name?.givenName?.trim() || s.profile?.name?.fullName?.trim() || s.userId
      return {
        sourcedId: s.userId,
        status: 'active' as const,
        modified: null,
        enabled: true,
        // The account a new student gets: their school e-mail, else one named after their Google id.
        username: email || `gc-${s.userId}`,
        email,
        givenName: given,
        familyName: s.profile?.name?.familyName?.trim() ?? '',
        kanaGivenName: '',
        kanaFamilyName: '',
        password: '',
        roles: ['student'],
        metadata: {},
        line: i + 1,
      }
    }),
    enrollments: students.map((s) => ({ sourcedId: `${course.id}:${s.userId}`, status: 'active' as const, modified: null, classSourcedId: course.id, userSourcedId: s.userId, role: 'student', metadata: {} })),
  }
}
