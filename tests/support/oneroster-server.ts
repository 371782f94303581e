import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RosterSpec } from './oneroster'

/**
 * A local OneRoster 1.2 rostering service (decision 0076), as the REST binding describes it: an OAuth 2
 * token endpoint taking client credentials (HTTP Basic), and `/ims/oneroster/rostering/v1p2/{classes,
 * users,enrollments}` answering a bearer token with `{ "<resource>": [...] }`, paged by `limit` and
 * `offset` with `X-Total-Count`. The roster it serves can be changed between pulls (`set`), and it
 * can be told to fail (`failWith`).
 */
export interface OneRosterServer {
  url: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  set(spec: RosterSpec): void
  failWith(status: number | null): void
  requests: string[]
  close(): Promise<void>
}

function resourcesOf(spec: RosterSpec) {
  const classes = (spec.classes ?? []).map((c) => ({ sourcedId: c.id, status: c.status ?? 'active', dateLastModified: '2026-04-01T00:00:00Z', title: c.title, classCode: c.id, classType: 'homeroom', course: { sourcedId: 'crs-hr', type: 'course' }, school: { sourcedId: 'org-1', type: 'org' }, terms: [{ sourcedId: 'ay-2026', type: 'academicSession' }] }))
  const students = spec.students ?? []
  const teachers = spec.teachers ?? []
  const users = [
    ...students.map((s) => ({
      sourcedId: s.id,
      status: spec.statusOf?.[s.id] ?? 'active',
      dateLastModified: spec.modified ?? '2026-04-01T00:00:00Z',
      enabledUser: true,
      username: s.username ?? s.id,
      givenName: s.given,
      familyName: s.family,
      email: s.email ?? '',
      roles: [{ roleType: 'primary', role: 'student', org: { sourcedId: 'org-1', type: 'org' } }],
      // The Japan Profile's fields in the REST binding's metadata object.
      metadata: s.kanaGiven ? { jp: { kanaGivenName: s.kanaGiven, kanaFamilyName: s.kanaFamily } } : {},
    })),
    ...teachers.map((t) => ({ sourcedId: t.id, status: 'active', dateLastModified: '2026-04-01T00:00:00Z', enabledUser: true, username: t.email, givenName: t.given, familyName: t.family, email: t.email, roles: [{ roleType: 'primary', role: 'teacher', org: { sourcedId: 'org-1' } }] })),
  ]
  const enrollments = [
    ...students.flatMap((s) => (s.classes ?? [spec.classes?.[0]?.id ?? 'cls-5a']).map((c) => ({ sourcedId: `enr-${c}-${s.id}`, status: 'active', dateLastModified: '2026-04-01T00:00:00Z', class: { sourcedId: c }, user: { sourcedId: s.id }, school: { sourcedId: 'org-1' }, role: 'student' }))),
    ...teachers.flatMap((t) => t.classes.map((c) => ({ sourcedId: `enr-${c}-${t.id}`, status: 'active', class: { sourcedId: c }, user: { sourcedId: t.id }, school: { sourcedId: 'org-1' }, role: 'teacher', primary: true }))),
  ]
  return { classes, users, enrollments }
}

export async function startOneRosterServer(spec: RosterSpec): Promise<OneRosterServer> {
  let data = resourcesOf(spec)
  let failure: number | null = null
  const clientId = 'console-client'
  const clientSecret = 'sis-secret-1234'
  const tokens = new Set<string>()
  const requests: string[] = []
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push(`${req.method} ${url.pathname}`)
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    if (req.method === 'POST' && url.pathname === '/oauth/token') {
      let body = ''
      req.on('data', (c: Buffer) => (body += c.toString()))
      req.on('end', () => {
        const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':').map(decodeURIComponent)
        const form = new URLSearchParams(body)
        if (form.get('grant_type') !== 'client_credentials' || id !== clientId || secret !== clientSecret) return json(401, { error: 'invalid_client' })
        const token = `tok-${tokens.size + 1}`
        tokens.add(token)
        json(200, { access_token: token, token_type: 'bearer', expires_in: 3600, scope: form.get('scope') })
      })
      return
    }
    const match = /^\/ims\/oneroster\/rostering\/v1p2\/(classes|users|enrollments)$/.exec(url.pathname)
    if (!match) return json(404, { imsx_codeMajor: 'failure', imsx_description: 'not found' })
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return json(401, { imsx_codeMajor: 'failure', imsx_description: 'unauthorized' })
    if (failure) return json(failure, { imsx_codeMajor: 'failure' })
    const all = data[match[1] as keyof typeof data]
    const limit = Number(url.searchParams.get('limit') ?? 100)
    const offset = Number(url.searchParams.get('offset') ?? 0)
    json(200, { [match[1]]: all.slice(offset, offset + limit) }, { 'X-Total-Count': String(all.length) })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    url: `${origin}/ims/oneroster`,
    tokenUrl: `${origin}/oauth/token`,
    clientId,
    clientSecret,
    requests,
    set: (next) => {
      data = resourcesOf(next)
    },
    failWith: (status) => {
      failure = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
