import { randomBytes } from 'node:crypto'
import type { DB } from '~/db/connect.server'
import { isoIn, nowIso } from '~/db/time'
import { membershipOf } from '~/features/team/team.server'
import { can } from '~/features/team/roles'
import type { RosterScope } from './apply.server'
import type { Roster } from './model'

/**
 * Who may import a roster, and where it lands (decision 0075): in team mode, an admin of the team (the
 * team's classes); otherwise a teacher who runs their own journals. Null: nobody here may (a
 * counsellor, a general account in team mode...).
 */
export async function rosterScopeOf(db: DB, user: { userId: number; mode: 'personal' | 'team'; studentLimit: number }): Promise<RosterScope | null> {
  const member = await membershipOf(db, user.userId)
  if (user.mode === 'team' && member) {
    if (can(member.roleId, 'editMembers')) return { kind: 'team', teamId: member.teamId, userId: user.userId, planLimit: user.studentLimit }
    return can(member.roleId, 'runJournals') ? { kind: 'owner', userId: user.userId, planLimit: user.studentLimit } : null
  }
  return { kind: 'owner', userId: user.userId, planLimit: user.studentLimit }
}

/** The team's name when the roster lands in a team's classes; null for one's own journals. */
export async function rosterScopeTeam(db: DB, scope: RosterScope) {
  if (scope.kind !== 'team') return null
  const team = await db.selectFrom('teams').select('name').where('id', '=', scope.teamId).executeTakeFirst()
  return team?.name ?? null
}

/** Where a Classroom course may land: the scope's open journals, newest first, and the courses imported before with their journals ("sync again"). */
export async function classroomTargets(db: DB, scope: RosterScope) {
  const column = scope.kind === 'team' ? 'team_id' : 'owner_id'
  const id = scope.kind === 'team' ? scope.teamId : scope.userId
  const journals = await db.selectFrom('journals').select(['id', 'name']).where(column, '=', id).where('archived_at', 'is', null).orderBy('created_at', 'desc').execute()
  const linked = await db
    .selectFrom('roster_links')
    .select(['sourced_id as courseId', 'local_id as journalId'])
    .where('source', '=', 'classroom')
    .where('kind', '=', 'class')
    .where(column, '=', id)
    .execute()
  return { journals, linked }
}

const UPLOAD_DAYS = 1

/** Keeps a previewed roster for its apply; the user's older ones go (one waits at a time). */
export async function keepUpload(db: DB, scope: RosterScope, source: 'csv' | 'rest' | 'classroom', roster: Roster) {
  const id = randomBytes(18).toString('base64url')
  await db.deleteFrom('roster_uploads').where((eb) => eb.or([eb('user_id', '=', scope.userId), eb('created_at', '<', isoIn(-UPLOAD_DAYS * 86_400_000))])).execute()
  await db.insertInto('roster_uploads').values({ id, user_id: scope.userId, team_id: scope.kind === 'team' ? scope.teamId : null, source, roster: JSON.stringify(roster), created_at: nowIso() }).execute()
  return id
}

/** A kept roster, only for the user and scope that previewed it; null for anyone else or too old. */
export async function keptUpload(db: DB, scope: RosterScope, id: string) {
  const row = await db.selectFrom('roster_uploads').select(['roster', 'source', 'team_id', 'created_at']).where('id', '=', id).where('user_id', '=', scope.userId).executeTakeFirst()
  if (!row || (row.team_id ?? null) !== (scope.kind === 'team' ? scope.teamId : null) || row.created_at < isoIn(-UPLOAD_DAYS * 86_400_000)) return null
  return { roster: JSON.parse(row.roster) as Roster, source: row.source }
}

export const dropUpload = (db: DB, id: string) => db.deleteFrom('roster_uploads').where('id', '=', id).execute()

/** The scope's roster imports, newest first (the log's `roster` entries), and one of them as a report. */
export async function rosterLog(db: DB, scope: RosterScope, { limit = 20, id }: { limit?: number; id?: number } = {}) {
  let q = db.selectFrom('team_log').select(['id', 'details', 'at']).where('kind', '=', 'roster')
  if (id !== undefined) q = q.where('id', '=', id)
  q = scope.kind === 'team' ? q.where('team_id', '=', scope.teamId) : q.where('owner_id', '=', scope.userId)
  const rows = (await q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute()).map((r) => ({ id: r.id, at: r.at, details: JSON.parse(r.details) as RosterLogDetails }))
  const ids = [...new Set(rows.map((r) => r.details.by))]
  const people = ids.length ? await db.selectFrom('users').select((eb) => ['id', eb.fn.coalesce('name', 'account').as('name')]).where('id', 'in', ids).execute() : []
  const names = new Map(people.map((p) => [p.id, p.name]))
  return rows.map((r) => ({ ...r, by: names.get(r.details.by) ?? '' }))
}

export interface RosterLogDetails {
  via: 'csv' | 'rest' | 'classroom'
  by: number
  counts: Record<string, number>
  classes: Record<string, { name: string; kana?: string; was?: string }[]>
  students: Record<string, { name: string; kana?: string; was?: string }[]>
  teachers: Record<string, { name: string; kana?: string }[]>
}
