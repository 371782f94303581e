import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerWithPassword } from '~/features/auth/accounts.server'
import { TEAM_PLAN_STATUS } from '~/features/plans/constants'
import { can, consoleHome, ROLE, type TeamRight } from '~/features/team/roles'
import { createJournal } from '~/features/journals/settings.server'
import { ADD_MEMBER, addMember, cancelTeamPlan, changeMember, findPerson, MEMBER_CHANGE, TeamForbidden, teamOverview, teamStudents } from '~/features/team/team.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { accountsFor } from '../support/people'

describe('the roles matrix', () => {
  const matrix: Record<TeamRight, number[]> = {
    viewTeam: [1, 2, 3, 4, 5, 6],
    viewTeamStudents: [1, 2, 3, 4],
    editMembers: [1, 2],
    cancelPlan: [1, 2],
    grantSuperAdmin: [1],
    // Decision 0046: the counsellor (6) sees only what is escalated to them; admins receive it where there is no counsellor.
    receiveEscalations: [1, 2, 6],
    childrenData: [1, 2],
    // Decision 0067: the counsellor runs no journals; their console is the alerts escalated to them.
    runJournals: [1, 2, 3, 4, 5],
  }
  for (const [right, roles] of Object.entries(matrix)) {
    it(`${right}: roles ${roles.join(', ')} only`, () => {
      for (const role of [1, 2, 3, 4, 5, 6]) expect(can(role, right as TeamRight), `role ${role}`).toBe(roles.includes(role))
    })
  }
})

describe('where a console user starts', () => {
  it('a counsellor on the alerts escalated to them, everyone else on their journals, in either mode', () => {
    expect(consoleHome({ teamRoleId: ROLE.counsellor })).toBe('/counsellor')
    for (const role of [ROLE.superAdmin, ROLE.admin, ROLE.customerService, ROLE.teamTeacher, ROLE.generalAccount, null]) expect(consoleHome({ teamRoleId: role })).toBe('/diary')
  })
})

describe.each(DIALECTS)('team management on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  const u: Record<string, number> = {}
  let teamId = 0
  let otherTeam = 0
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    const names = ['sa', 'a1', 'a2', 'cs', 'tt', 'gen', 'out', 'elsewhere']
    const byAccount = await accountsFor(conn.db, names.map((name) => `${name}@team.test`))
    for (const name of names) u[name] = byAccount[`${name}@team.test`]
    const now = Date.now()
    teamId = (await conn.db.insertInto('teams').values({ name: 'Team A', school_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id
    otherTeam = (await conn.db.insertInto('teams').values({ name: 'Team B', school_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow()).id
    const plan = await conn.db.selectFrom('plans').select('id').where('code', '=', 'team').executeTakeFirstOrThrow()
    await conn.db
      .insertInto('team_plans')
      .values([
        { team_id: teamId, plan_id: plan.id, start_date: new Date(now - 10 * 86_400_000).toISOString(), end_date: new Date(now + 300 * 86_400_000).toISOString(), number_limit: 7, student_limit: 100, status: 1, created_at: new Date().toISOString() },
        { team_id: teamId, plan_id: plan.id, start_date: new Date(now - 400 * 86_400_000).toISOString(), end_date: new Date(now - 35 * 86_400_000).toISOString(), number_limit: 5, student_limit: 50, status: 1, created_at: new Date().toISOString() },
      ])
      .execute()
    const members: [string, number, number][] = [['sa', ROLE.superAdmin, teamId], ['a1', ROLE.admin, teamId], ['cs', ROLE.customerService, teamId], ['tt', ROLE.teamTeacher, teamId], ['gen', ROLE.generalAccount, teamId], ['elsewhere', ROLE.admin, otherTeam]]
    for (const [name, role, team] of members) await conn.db.insertInto('team_members').values({ team_id: team, user_id: u[name], role_id: role, joined_at: new Date().toISOString() }).execute()
  })
  afterAll(() => conn.close())

  it('shows members with the viewer marked, and the plan history with statuses from the dates', async () => {
    const view = await teamOverview(conn.db, teamId, u.gen)
    expect(view.members.map((m) => [m.account, m.roleId, m.isCurrentUser])).toContainEqual(['gen@team.test', ROLE.generalAccount, true])
    expect(view.current?.numberLimit).toBe(7)
    expect(view.history.map((p) => p.status)).toEqual([TEAM_PLAN_STATUS.inProgress, TEAM_PLAN_STATUS.ended])
    await expect(teamOverview(conn.db, teamId, u.out)).rejects.toBeInstanceOf(TeamForbidden)
    await expect(teamStudents(conn.db, teamId, u.gen)).rejects.toBeInstanceOf(TeamForbidden)
    expect((await teamStudents(conn.db, teamId, u.cs)).used).toBe(0)
  })

  it("lists the students of the team's journals only: a member's personal journal stays private", async () => {
    const student = async (account: string) => ((await registerWithPassword(conn.db, { account, password: 'secret-pass-1', locale: 'en' })) as { userId: number }).userId
    const settings = { name: 'J', labelColorCode: '1', speechLang: 'en', display: 'list' as const, expireType: '1', studentLimit: '5', shareType: '2' }
    const personal = await createJournal(conn.db, { userId: u.tt, planLimit: 30 }, { ...settings, name: 'Private' })
    const shared = await createJournal(conn.db, { userId: u.tt, planLimit: 30, teamId }, { ...settings, name: 'Team' })
    if (!personal.ok || !shared.ok) throw new Error('journals')
    const join = async (journalId: number, userId: number) => conn.db.insertInto('journal_members').values({ journal_id: journalId, user_id: userId, role: 'student', drp_status: 1, joined_at: new Date().toISOString() }).execute()
    await join(personal.id, await student('private-kid@team.test'))
    await join(shared.id, await student('team-kid@team.test'))
    const { rows, used } = await teamStudents(conn.db, teamId, u.cs)
    expect(rows.map((r) => [r.account, r.journalName])).toEqual([['team-kid@team.test', 'Team']])
    expect(used).toBe(1)
  })

  it('adds: -3 no such person, -1 in the team, -2 in another team; only editors; only a super admin grants super admin', async () => {
    expect(await findPerson(conn.db, { email: 'nobody@team.test' })).toBeNull()
    expect((await findPerson(conn.db, { account: ' OUT@team.test ' }))?.id).toBe(u.out)
    expect(await addMember(conn.db, u.a1, teamId, 999_999, ROLE.teamTeacher)).toBe(ADD_MEMBER.noSuchPerson)
    expect(await addMember(conn.db, u.a1, teamId, u.tt, ROLE.teamTeacher)).toBe(ADD_MEMBER.alreadyInTeam)
    expect(await addMember(conn.db, u.a1, teamId, u.elsewhere, ROLE.teamTeacher)).toBe(ADD_MEMBER.otherTeam)
    await expect(addMember(conn.db, u.tt, teamId, u.out, ROLE.teamTeacher)).rejects.toBeInstanceOf(TeamForbidden)
    await expect(addMember(conn.db, u.a1, teamId, u.out, ROLE.superAdmin)).rejects.toBeInstanceOf(TeamForbidden)
    expect(await addMember(conn.db, u.a1, teamId, u.out, ROLE.generalAccount)).toBe(ADD_MEMBER.ok)
    // Seven members now: the plan's limit.
    const r = await registerWithPassword(conn.db, { account: 'late@team.test', password: 'secret-pass-1', locale: 'en' })
    expect(await addMember(conn.db, u.sa, teamId, (r as { userId: number }).userId, ROLE.generalAccount)).toBe(ADD_MEMBER.ok)
    const r2 = await registerWithPassword(conn.db, { account: 'later@team.test', password: 'secret-pass-1', locale: 'en' })
    expect(await addMember(conn.db, u.sa, teamId, (r2 as { userId: number }).userId, ROLE.generalAccount)).toBe(ADD_MEMBER.full)
  })

  it('keeps one admin: two admins demoting each other at once, exactly one succeeds; the last cannot go', async () => {
    // Setup: the super admin steps down, so a1 and "out" are the only admins.
    await conn.db.updateTable('team_members').set({ role_id: ROLE.teamTeacher }).where('user_id', '=', u.sa).execute()
    await conn.db.updateTable('team_members').set({ role_id: ROLE.admin }).where('user_id', '=', u.out).execute()
    const results = await Promise.allSettled([changeMember(conn.db, u.a1, teamId, u.out, ROLE.teamTeacher), changeMember(conn.db, u.out, teamId, u.a1, ROLE.teamTeacher)])
    // The second one runs after the first, as a member who is no longer an admin: refused either way.
    expect(results.filter((r) => r.status === 'fulfilled' && r.value === MEMBER_CHANGE.ok)).toHaveLength(1)
    const refused = results.find((r) => !(r.status === 'fulfilled' && r.value === MEMBER_CHANGE.ok))!
    expect(refused.status === 'rejected' ? refused.reason instanceof TeamForbidden : refused.value === MEMBER_CHANGE.oneAdmin).toBe(true)
    const admins = await conn.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('role_id', 'in', [ROLE.superAdmin, ROLE.admin]).execute()
    expect(admins).toHaveLength(1)
    const admin = admins[0].user_id
    const other = admin === u.a1 ? u.out : u.a1
    // The demoted one has lost the right; the last admin may not leave or step down.
    await expect(changeMember(conn.db, other, teamId, admin, null)).rejects.toBeInstanceOf(TeamForbidden)
    expect(await changeMember(conn.db, admin, teamId, admin, null)).toBe(MEMBER_CHANGE.oneAdmin)
    expect(await changeMember(conn.db, admin, teamId, admin, ROLE.teamTeacher)).toBe(MEMBER_CHANGE.oneAdmin)
    // Two admins leaving at once: one of them must stay.
    await conn.db.updateTable('team_members').set({ role_id: ROLE.admin }).where('user_id', '=', other).execute()
    const leaving = await Promise.all([changeMember(conn.db, admin, teamId, admin, null), changeMember(conn.db, other, teamId, other, null)])
    expect(leaving.filter((r) => r === MEMBER_CHANGE.ok)).toHaveLength(1)
    expect(leaving.filter((r) => r === MEMBER_CHANGE.oneAdmin)).toHaveLength(1)
    const stayed = leaving[0] === MEMBER_CHANGE.ok ? other : admin
    // A member is removed and leaves team mode.
    await conn.db.updateTable('users').set({ mode: 'team' }).where('id', '=', u.gen).execute()
    expect(await changeMember(conn.db, stayed, teamId, u.gen, null)).toBe(MEMBER_CHANGE.ok)
    expect(await conn.db.selectFrom('team_members').select('user_id').where('user_id', '=', u.gen).execute()).toEqual([])
    expect((await conn.db.selectFrom('users').select('mode').where('id', '=', u.gen).executeTakeFirstOrThrow()).mode).toBe('personal')
  })

  it('cancels only an in-progress plan, only by an editor; it then shows -1', async () => {
    const view = await teamOverview(conn.db, teamId, u.cs)
    const current = view.current!
    const ended = view.history.find((p) => p.status === TEAM_PLAN_STATUS.ended)!
    await expect(cancelTeamPlan(conn.db, u.cs, teamId, current.id)).rejects.toBeInstanceOf(TeamForbidden)
    const admin = (await conn.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).where('role_id', '=', ROLE.admin).executeTakeFirstOrThrow()).user_id
    // A general account may leave without any right.
    expect(await changeMember(conn.db, u.tt, teamId, u.tt, null)).toBe(MEMBER_CHANGE.ok)
    expect(await cancelTeamPlan(conn.db, admin, teamId, ended.id)).toBe(false)
    expect(await cancelTeamPlan(conn.db, admin, teamId, current.id)).toBe(true)
    expect(await cancelTeamPlan(conn.db, admin, teamId, current.id)).toBe(false)
    const after = await teamOverview(conn.db, teamId, u.cs)
    expect(after.history.find((p) => p.id === current.id)?.status).toBe(TEAM_PLAN_STATUS.cancelled)
    expect(after.current).toBeNull()
  })
})
