import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local Google Classroom API (decision 0077), written from Google's published API description (the
 * discovery document of classroom v1): `GET /v1/courses` (teacherId, courseStates, pageSize,
 * pageToken → `{ courses, nextPageToken }`) and `GET /v1/courses/{courseId}/students` (pageSize,
 * pageToken → `{ students, nextPageToken }`, each `{ courseId, userId, profile: { id, name:
 * { givenName, familyName, fullName }, emailAddress } }`), errors as `{ error: { code, message,
 * status } }`. Who calls is the bearer token's owner: `whoIs` asks (the local OpenID provider's
 * userinfo in the journeys, a table in vitest). Courses belong to a teacher by that subject.
 */
export interface LocalCourse {
  id: string
  name: string
  section?: string
  courseState?: 'ACTIVE' | 'ARCHIVED'
  students: { userId: string; givenName: string; familyName: string; email?: string }[]
}

export async function startClassroomServer(options: { port?: number; whoIs: (token: string) => Promise<string | null>; coursesOf: (subject: string) => LocalCourse[] | Promise<LocalCourse[]> }) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const fail = (code: number, status: string, message: string) => {
      res.writeHead(code, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ error: { code, message, status } }))
    }
    const answer = (body: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '')
    const subject = token ? await options.whoIs(token).catch(() => null) : null
    if (!subject) return fail(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.')
    const courses = await options.coursesOf(subject)
    const size = Math.min(Number(url.searchParams.get('pageSize') || 30), 100)
    const start = Number(url.searchParams.get('pageToken') || 0)
    const page = <T>(list: T[], key: string) => answer({ [key]: list.slice(start, start + size), ...(start + size < list.length ? { nextPageToken: String(start + size) } : {}) })
    if (req.method === 'GET' && url.pathname === '/v1/courses') {
      if (url.searchParams.get('teacherId') !== 'me') return fail(403, 'PERMISSION_DENIED', 'The caller does not have permission')
      const states = url.searchParams.getAll('courseStates')
      const list = courses.filter((c) => !states.length || states.includes(c.courseState ?? 'ACTIVE'))
      return page(list.map((c) => ({ id: c.id, name: c.name, section: c.section, ownerId: subject, courseState: c.courseState ?? 'ACTIVE', alternateLink: `https://classroom.google.com/c/${c.id}` })), 'courses')
    }
    const students = /^\/v1\/courses\/([^/]+)\/students$/.exec(url.pathname)
    if (req.method === 'GET' && students) {
      const course = courses.find((c) => c.id === decodeURIComponent(students[1]))
      if (!course) return fail(404, 'NOT_FOUND', 'Requested entity was not found.')
      return page(
        course.students.map((s) => ({ courseId: course.id, userId: s.userId, profile: { id: s.userId, name: { givenName: s.givenName, familyName: s.familyName, fullName: `${s.givenName} ${s.familyName}` }, ...(s.email ? { emailAddress: s.email } : {}) } })),
        'students',
      )
    }
    fail(404, 'NOT_FOUND', 'Requested entity was not found.')
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}
