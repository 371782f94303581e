import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { loadSessionValues } from '~/features/account/session-values.server'
import { applyRoster, type ApplyResult, type RosterScope } from './apply.server'
import type { Roster, RosterClass, RosterEnrollment, RosterUser } from './model'
import { CLASS_TYPES, ENROLLMENT_ROLES, MAX_ROSTER_USERS, type RosterError } from './oneroster-tables'
import { openSecret, sealSecret } from './secret.server'

/**
 * OneRoster 1.2 rostering over REST (decision 0076): an OAuth 2 client-credentials token
 * from the service's token address, then its classes, users and enrollments, page by page. The whole
 * lists: a pulled roster is a bulk one. A pull that fails says why and changes nothing.
 */
export interface RestSource {
  baseUrl: string
  tokenUrl: string
  clientId: string
  clientSecret: string
}
export type PullFailure = 'token' | 'unreachable' | 'status' | 'format' | 'secret'
export type PullResult = { ok: true; roster: Roster } | { ok: false; reason: PullFailure; detail: string; errors?: RosterError[] }

export const ROSTER_SCOPE = 'https://purl.imsglobal.org/spec/or/v1p2/scope/roster-core.readonly'
const PAGE = 1000
const TIMEOUT_MS = 20_000

/** The service's root as an admin may type it: with or without `/rostering/v1p2`, with or without a slash. */
export function rosteringRoot(baseUrl: string) {
  return baseUrl.replace(/\/+$/, '').replace(/\/rostering\/v1p2$/, '') + '/rostering/v1p2'
}

class PullError extends Error {
  constructor(
    readonly reason: PullFailure,
    detail: string,
  ) {
    super(detail)
  }
}

async function request(url: string, init: RequestInit, fetchImpl: typeof fetch) {
  try {
    return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' })
  } catch (e) {
    throw new PullError('unreachable', `${new URL(url).host}: ${e instanceof Error ? e.message : String(e)}`)
  }
}

async function tokenOf(source: RestSource, fetchImpl: typeof fetch) {
  const response = await request(
    source.tokenUrl,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Basic ${Buffer.from(`${encodeURIComponent(source.clientId)}:${encodeURIComponent(source.clientSecret)}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: ROSTER_SCOPE }).toString(),
    },
    fetchImpl,
  )
  if (!response.ok) throw new PullError('token', `HTTP ${response.status}`)
  const body = (await response.json().catch(() => null)) as { access_token?: unknown } | null
  if (typeof body?.access_token !== 'string') throw new PullError('token', 'no access_token')
  return body.access_token
}

async function listOf(root: string, resource: 'classes' | 'users' | 'enrollments', token: string, fetchImpl: typeof fetch) {
  const all: Record<string, unknown>[] = []
  for (let offset = 0; ; offset += PAGE) {
    const response = await request(`${root}/${resource}?limit=${PAGE}&offset=${offset}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } }, fetchImpl)
    if (!response.ok) throw new PullError('status', `${resource}: HTTP ${response.status}`)
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
    const page = body?.[resource]
    if (!Array.isArray(page)) throw new PullError('format', `${resource}: no "${resource}" list`)
    all.push(...(page as Record<string, unknown>[]))
    const total = Number(response.headers.get('x-total-count'))
    if (page.length < PAGE || (Number.isFinite(total) && all.length >= total)) return all
    if (resource === 'users' && all.length > MAX_ROSTER_USERS) throw new PullError('format', 'users: too many')
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '')
const refOf = (v: unknown) => str((v as { sourcedId?: unknown } | null)?.sourcedId)
/** A REST object's metadata as the CSV binding names it (`metadata.jp.kanaGivenName`), nested or flat. */
function metadataOf(v: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (o: unknown, prefix: string) => {
    if (!o || typeof o !== 'object') return
    for (const [k, val] of Object.entries(o)) {
      if (val && typeof val === 'object' && !Array.isArray(val)) walk(val, `${prefix}${k}.`)
      else if (str(val)) out[`${prefix}${k}`] = str(val)
    }
  }
  walk(v, 'metadata.')
  return out
}

/** The JSON lists as a roster, each object checked for what the console needs (its errors by resource, position and field). */
export function rosterFromRest(lists: { classes: Record<string, unknown>[]; users: Record<string, unknown>[]; enrollments: Record<string, unknown>[] }): { roster: Roster; errors: RosterError[] } {
  const errors: RosterError[] = []
  const need = (file: string, i: number, o: Record<string, unknown>, fields: string[]) => {
    for (const f of fields) if (!str(o[f]) && !refOf(o[f])) errors.push({ file, line: i + 1, column: f, code: 'required' })
  }
  const statusOf = (o: Record<string, unknown>) => (str(o.status) === 'tobedeleted' ? 'tobedeleted' : 'active')
  const classes: RosterClass[] = lists.classes.map((o, i) => {
    need('classes', i, o, ['sourcedId', 'title'])
    if (str(o.classType) && !(CLASS_TYPES as readonly string[]).includes(str(o.classType)) && !str(o.classType).startsWith('ext:')) errors.push({ file: 'classes', line: i + 1, column: 'classType', code: 'badEnum', value: str(o.classType) })
    return { sourcedId: str(o.sourcedId), status: statusOf(o), modified: str(o.dateLastModified) || null, title: str(o.title), classCode: str(o.classCode), metadata: metadataOf(o.metadata) }
  })
  const users: RosterUser[] = lists.users.map((o, i) => {
    need('users', i, o, ['sourcedId', 'username', 'givenName', 'familyName'])
    const metadata = metadataOf(o.metadata)
    const roles = Array.isArray(o.roles) ? (o.roles as { role?: unknown }[]).map((r) => str(r.role)).filter(Boolean) : str(o.role) ? [str(o.role)] : []
    return {
      sourcedId: str(o.sourcedId),
      status: statusOf(o),
      modified: str(o.dateLastModified) || null,
      enabled: str(o.enabledUser) !== 'false',
      username: str(o.username),
      email: str(o.email),
      givenName: str(o.preferredFirstName) || str(o.preferredGivenName) || str(o.givenName),
      familyName: str(o.preferredLastName) || str(o.preferredFamilyName) || str(o.familyName),
      kanaGivenName: metadata['metadata.jp.kanaGivenName'] ?? '',
      kanaFamilyName: metadata['metadata.jp.kanaFamilyName'] ?? '',
      password: '',
      roles,
      metadata,
      line: i + 1,
    }
  })
  const enrollments: RosterEnrollment[] = lists.enrollments.map((o, i) => {
    need('enrollments', i, o, ['sourcedId', 'class', 'user', 'role'])
    if (str(o.role) && !(ENROLLMENT_ROLES as readonly string[]).includes(str(o.role)) && !str(o.role).startsWith('ext:')) errors.push({ file: 'enrollments', line: i + 1, column: 'role', code: 'badEnum', value: str(o.role) })
    return { sourcedId: str(o.sourcedId), status: statusOf(o), modified: str(o.dateLastModified) || null, classSourcedId: refOf(o.class), userSourcedId: refOf(o.user), role: str(o.role), metadata: metadataOf(o.metadata) }
  })
  return { roster: { source: 'oneroster', modes: { classes: 'bulk', users: 'bulk', enrollments: 'bulk' }, classes, users, enrollments }, errors }
}

/** Pulls the whole roster from a service: nothing is written, whatever happens. */
export async function pullOneRoster(source: RestSource, fetchImpl: typeof fetch = fetch): Promise<PullResult> {
  try {
    const token = await tokenOf(source, fetchImpl)
    const root = rosteringRoot(source.baseUrl)
    const lists = { classes: await listOf(root, 'classes', token, fetchImpl), users: await listOf(root, 'users', token, fetchImpl), enrollments: await listOf(root, 'enrollments', token, fetchImpl) }
    const { roster, errors } = rosterFromRest(lists)
    if (errors.length) return { ok: false, reason: 'format', detail: `${errors.length}`, errors: errors.slice(0, 200) }
    return { ok: true, roster }
  } catch (e) {
    if (e instanceof PullError) return { ok: false, reason: e.reason, detail: e.message }
    throw e
  }
}

const scopeFilter = (scope: RosterScope) => (scope.kind === 'team' ? { column: 'team_id' as const, id: scope.teamId } : { column: 'owner_id' as const, id: scope.userId })

/** The scope's service as its page shows it: never the secret, only whether one is kept. */
export async function rosterSourceOf(db: DB, scope: RosterScope) {
  const { column, id } = scopeFilter(scope)
  const row = await db.selectFrom('roster_sources').select(['id', 'base_url as baseUrl', 'token_url as tokenUrl', 'client_id as clientId', 'nightly', 'last_pull_at as lastPullAt', 'last_error as lastError', 'updated_at as updatedAt']).where(column, '=', id).executeTakeFirst()
  return row ? { ...row, nightly: row.nightly === 1 } : null
}

/** Saves the service; an empty secret keeps the one sealed before. */
export async function saveRosterSource(db: DB, scope: RosterScope, key: Buffer, input: { baseUrl: string; tokenUrl: string; clientId: string; clientSecret: string; nightly: boolean }) {
  const { column, id } = scopeFilter(scope)
  const existing = await db.selectFrom('roster_sources').select(['id', 'secret_sealed']).where(column, '=', id).executeTakeFirst()
  if (!existing && !input.clientSecret) return false
  const values = { base_url: input.baseUrl, token_url: input.tokenUrl, client_id: input.clientId, secret_sealed: input.clientSecret ? sealSecret(input.clientSecret, key) : existing!.secret_sealed, nightly: input.nightly ? 1 : 0, set_by: scope.userId, updated_at: nowIso() }
  if (existing) await db.updateTable('roster_sources').set(values).where('id', '=', existing.id).execute()
  else await db.insertInto('roster_sources').values({ ...(scope.kind === 'team' ? { team_id: scope.teamId, owner_id: null } : { team_id: null, owner_id: scope.userId }), ...values }).execute()
  return true
}

/** Pulls the scope's service (nothing written but the pull's outcome on the service's row). */
export async function pullForScope(db: DB, scope: RosterScope, key: Buffer, fetchImpl: typeof fetch = fetch): Promise<PullResult> {
  const { column, id } = scopeFilter(scope)
  const row = await db.selectFrom('roster_sources').selectAll().where(column, '=', id).executeTakeFirst()
  if (!row) return { ok: false, reason: 'secret', detail: 'no service' }
  const secret = openSecret(row.secret_sealed, key)
  const result: PullResult = secret === null ? { ok: false, reason: 'secret', detail: 'sealed under another SESSION_SECRET' } : await pullOneRoster({ baseUrl: row.base_url, tokenUrl: row.token_url, clientId: row.client_id, clientSecret: secret }, fetchImpl)
  await db.updateTable('roster_sources').set({ last_pull_at: nowIso(), last_error: result.ok ? null : `${result.reason}: ${result.detail}`.slice(0, 300) }).where('id', '=', row.id).execute()
  return result
}

/**
 * The nightly pull (the jobs tick, decision 0076): each service marked nightly, at 02:00 in its school's
 * zone, once a night (the slot claimed in the database), pulled and applied straight away, as its
 * admin would after the preview. A failed pull or a roster with errors changes nothing; the reason
 * is kept on the service for its page.
 */
export async function runNightlyRosterPulls(db: DB, key: Buffer, at: Date, claim: (slot: string) => Promise<boolean>, wallClock: (at: Date, zone: string) => { date: string; hour: number }, fetchImpl: typeof fetch = fetch) {
  const sources = await db
    .selectFrom('roster_sources as s')
    .leftJoin('teams as t', 't.id', 's.team_id')
    .select(['s.id', 's.team_id', 's.owner_id', 's.set_by', 't.time_zone'])
    .where('s.nightly', '=', 1)
    .execute()
  const results: { sourceId: number; result: PullResult | ApplyResult }[] = []
  for (const s of sources) {
    const clock = wallClock(at, s.time_zone ?? 'Asia/Taipei')
    if (clock.hour !== 2 || !(await claim(`roster-pull:${s.id}:${clock.date}`))) continue
    const userId = s.team_id !== null ? s.set_by : s.owner_id
    if (userId === null) continue
    // The plan's places as the admin's own session would read them.
    const planLimit = (await loadSessionValues(db, userId))?.studentLimit ?? 0
    const scope: RosterScope = s.team_id !== null ? { kind: 'team', teamId: s.team_id, userId, planLimit } : { kind: 'owner', userId, planLimit }
    const pulled = await pullForScope(db, scope, key, fetchImpl)
    if (!pulled.ok) {
      results.push({ sourceId: s.id, result: pulled })
      continue
    }
    const applied = await applyRoster(db, scope, pulled.roster, 'rest')
    if (!applied.ok) await db.updateTable('roster_sources').set({ last_error: `plan: ${applied.plan.errors.map((e) => e.code).join(', ')}`.slice(0, 300) }).where('id', '=', s.id).execute()
    results.push({ sourceId: s.id, result: applied })
  }
  return results
}
