import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyRoster, planCounts, planRoster, type RosterScope } from '~/features/roster/apply.server'
import type { Roster } from '~/features/roster/model'
import { readOneRosterZip } from '~/features/roster/read-csv.server'
import { keepUpload, keptUpload, rosterLog } from '~/features/roster/uploads.server'
import { pullForScope, pullOneRoster, rosterSourceOf, runNightlyRosterPulls, saveRosterSource } from '~/features/roster/rest.server'
import { openSecret, sealingKey } from '~/features/roster/secret.server'
import { wallClock } from '~/features/jobs/slots.server'
import { startOneRosterServer, type OneRosterServer } from '../support/oneroster-server'
import { startClassroomServer, type LocalCourse } from '../support/classroom-server'
import { classroomCourses, classroomRoster } from '~/features/roster/classroom.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { csvOf, japaneseClass, rosterFiles, rosterZip, type RosterSpec } from '../support/oneroster'
import { safeguardingSchool } from '../support/journals'

const read = (spec: RosterSpec) => readOneRosterZip(rosterZip(spec))
const zipOf = (files: Record<string, string>) => zipSync(Object.fromEntries(Object.entries(files).map(([f, t]) => [`${f}.csv`, strToU8(t)])))
function rosterOf(spec: RosterSpec): Roster {
  const r = read(spec)
  if (!r.ok) throw new Error(JSON.stringify(r.errors))
  return r.roster
}
const errorsOf = (bytes: Uint8Array) => {
  const r = readOneRosterZip(bytes)
  return r.ok ? [] : r.errors
}

describe('reading a OneRoster 1.2 zip', () => {
  it('reads classes, students with their kana (Japan Profile) and enrollments', () => {
    const roster = rosterOf({ students: japaneseClass(3), teachers: [{ id: 't-1', given: '一郎', family: '木村', email: 'kimura@aoba.example.jp', classes: ['cls-5a'] }] })
    expect(roster.modes).toEqual({ classes: 'bulk', users: 'bulk', enrollments: 'bulk' })
    expect(roster.classes).toEqual([{ sourcedId: 'cls-5a', status: 'active', modified: null, title: '5年A組', classCode: 'CLS-5A', metadata: { 'metadata.jp.specialNeeds': 'false' } }])
    expect(roster.users).toHaveLength(4)
    expect(roster.users[0]).toMatchObject({ sourcedId: 'stu-0001', givenName: '太郎', familyName: '山田', kanaGivenName: 'タロウ', kanaFamilyName: 'ヤマダ', roles: ['student'], metadata: { 'metadata.jp.kanaGivenName': 'タロウ', 'metadata.jp.homeClass': 'cls-5a' } })
    expect(roster.users[3].roles).toEqual(['teacher'])
    expect(roster.enrollments.filter((e) => e.role === 'student')).toHaveLength(3)
  })

  it('refuses every malformed file with its file, line and column', () => {
    const base = rosterFiles({ students: japaneseClass(2) })
    const users = base.users.split('\r\n')
    // Line 2: no given name; line 3: an enabledUser that is not a boolean, and kana in half-width katakana.
    users[1] = users[1].replace(',太郎,', ',,')
    users[2] = users[2].replace(',,,true,', ',,,yes,').replace(',タロウ,', ',ﾀﾛｳ,')
    const cases: [Partial<Record<string, string>>, { file: string; line: number; column: string; code: string }[]][] = [
      [{ users: users.join('\r\n') }, [
        { file: 'users.csv', line: 2, column: 'givenName', code: 'required' },
        { file: 'users.csv', line: 3, column: 'enabledUser', code: 'badBool' },
        { file: 'users.csv', line: 3, column: 'metadata.jp.kanaGivenName', code: 'badKana' },
      ]],
      [{ classes: base.classes.replace('homeroom', 'lecture') }, [{ file: 'classes.csv', line: 2, column: 'classType', code: 'badEnum' }]],
      [{ academicSessions: base.academicSessions.replace('2026-04-01', '2026-02-30') }, [{ file: 'academicSessions.csv', line: 2, column: 'startDate', code: 'badDate' }]],
      [{ enrollments: base.enrollments.replace('enr-cls-5a-stu-0002,,,cls-5a', 'enr-cls-5a-stu-0002,,,cls-9z') }, [{ file: 'enrollments.csv', line: 3, column: 'classSourcedId', code: 'unknownRef' }]],
      [{ enrollments: base.enrollments.replace('stu-0002,student', 'stu-0002,learner') }, [{ file: 'enrollments.csv', line: 3, column: 'role', code: 'badEnum' }]],
      [{ classes: base.classes.replace(/^sourcedId,status,dateLastModified,title,/, 'sourcedId,status,dateLastModified,name,') }, [{ file: 'classes.csv', line: 1, column: 'title', code: 'missingColumn' }, { file: 'classes.csv', line: 1, column: 'name', code: 'unknownColumn' }]],
      [{ orgs: base.orgs + 'org-1,,,青葉小学校,school,,\r\n' }, [{ file: 'orgs.csv', line: 3, column: 'sourcedId', code: 'duplicateId' }]],
      [{ users: base.users.replace('stu-0001,,,true', 'stu-0001,tobedeleted,,true') }, [{ file: 'users.csv', line: 2, column: 'status', code: 'bulkStatus' }]],
      [{ courses: base.courses + 'crs-x,,,"unclosed,title\r\n' }, [{ file: 'courses.csv', line: 3, column: '', code: 'malformed' }]],
      [{ manifest: base.manifest.replace('oneroster.version,1.2', 'oneroster.version,1.1') }, [{ file: 'manifest.csv', line: 3, column: 'oneroster.version', code: 'onerosterVersion' }]],
      [{ manifest: base.manifest.replace('file.roles,bulk', 'file.roles,full') }, [{ file: 'manifest.csv', line: 20, column: 'file.roles', code: 'badMode' }]],
    ]
    for (const [edits, expected] of cases) {
      const errors = errorsOf(zipOf({ ...base, ...edits } as Record<string, string>))
      expect(errors.map(({ file, line, column, code }) => ({ file, line, column, code })), JSON.stringify(edits).slice(0, 80)).toEqual(expected)
    }
    // A file the manifest lists but the zip lacks, one it leaves out, no manifest, not a zip at all.
    const { roles, ...noRoles } = base
    void roles
    expect(errorsOf(zipOf(noRoles)).map((e) => [e.file, e.column, e.code])).toEqual([['manifest.csv', 'file.roles', 'fileMissing']])
    expect(errorsOf(zipOf({ ...base, manifest: base.manifest.replace('file.roles,bulk', 'file.roles,absent') })).map((e) => [e.file, e.code])).toEqual([['roles.csv', 'fileNotListed']])
    const { manifest, ...noManifest } = base
    void manifest
    expect(errorsOf(zipOf(noManifest)).map((e) => e.code)).toEqual(['noManifest'])
    expect(errorsOf(strToU8('sourcedId,title\r\n')).map((e) => e.code)).toEqual(['notZip'])
  })

  it('wants status and dateLastModified on every delta row', () => {
    const files = rosterFiles({ mode: 'delta', students: japaneseClass(1) })
    const users = files.users.replace(/stu-0001,active,2026-04-10T08:00:00Z/, 'stu-0001,,')
    expect(errorsOf(zipOf({ ...files, users })).map((e) => [e.file, e.line, e.column, e.code])).toEqual([
      ['users.csv', 2, 'status', 'deltaStatus'],
      ['users.csv', 2, 'dateLastModified', 'deltaDate'],
    ])
    // A delta's references may name what an earlier roster sent: not refused.
    const onlyEnrollments = rosterFiles({ mode: 'delta', students: japaneseClass(1), omit: ['classes', 'users', 'roles', 'orgs', 'courses', 'academicSessions'] })
    expect(readOneRosterZip(zipOf(onlyEnrollments)).ok).toBe(true)
    expect(csvOf('orgs', [])).toBe('sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\n')
  })
})

describe.each(DIALECTS)('importing a roster on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let school: Awaited<ReturnType<typeof safeguardingSchool>>
  let solo: RosterScope
  let team: RosterScope
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    school = await safeguardingSchool(conn.db)
    solo = { kind: 'owner', userId: school.id.solo, planLimit: 3000 }
    team = { kind: 'team', teamId: school.teamId, userId: school.id.admin, planLimit: 3000 }
  })
  afterAll(() => conn.close())
  const count = async (table: 'users' | 'journals' | 'journal_members' | 'team_log' | 'roster_links') => Number((await conn.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
  const snapshot = async () => ({ users: await count('users'), journals: await count('journals'), members: await count('journal_members'), log: await count('team_log'), links: await count('roster_links') })

  it('previews without writing, applies in one go, and a second time changes nothing', async () => {
    const students = japaneseClass(4)
    const spec: RosterSpec = { classes: [{ id: 'cls-5a', title: '5年A組' }, { id: 'cls-5b', title: '5年B組' }], students: [...students, ...japaneseClass(2, 'cls-5b', 'bstu')] }
    const roster = rosterOf(spec)
    const before = await snapshot()
    const plan = await planRoster(conn.db, solo, roster)
    expect(planCounts(plan)).toMatchObject({ classesAdd: 2, studentsAdd: 6, joins: 6, studentsArchive: 0, leaves: 0 })
    expect(plan.students.add[0]).toMatchObject({ name: '山田 太郎', kana: 'ヤマダ タロウ' })
    expect(await snapshot()).toEqual(before)

    // Kept for the apply: only for its user and scope.
    const kept = await keepUpload(conn.db, solo, 'csv', roster)
    expect(await keptUpload(conn.db, team, kept)).toBeNull()
    expect((await keptUpload(conn.db, solo, kept))?.roster.users).toHaveLength(6)

    const applied = await applyRoster(conn.db, solo, roster, 'csv')
    expect(applied).toMatchObject({ ok: true, changed: true, counts: { classesAdd: 2, studentsAdd: 6, joins: 6 } })
    const journal = await conn.db.selectFrom('journals').select(['id', 'diary_publish_num', 'owner_id', 'team_id']).where('name', '=', '5年A組').executeTakeFirstOrThrow()
    expect(journal).toMatchObject({ owner_id: school.id.solo, team_id: null, diary_publish_num: 4 })
    const taro = await conn.db.selectFrom('users').select(['id', 'name', 'name_kana', 'kind', 'account', 'email']).where('account', '=', 'stu0001@aoba.example.jp').executeTakeFirstOrThrow()
    expect(taro).toMatchObject({ name: '山田 太郎', name_kana: 'ヤマダ タロウ', kind: 'student', email: 'stu0001@aoba.example.jp' })
    expect(await conn.db.selectFrom('credentials').select('user_id').where('user_id', '=', taro.id).executeTakeFirst()).toBeTruthy()

    const after = await snapshot()
    expect(await applyRoster(conn.db, solo, rosterOf(spec), 'csv')).toMatchObject({ ok: true, changed: false })
    expect(await snapshot()).toEqual(after)

    const log = await rosterLog(conn.db, solo)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ by: 'SOLO', details: { via: 'csv', counts: { classesAdd: 2, studentsAdd: 6 }, students: { add: expect.arrayContaining([{ name: '山田 太郎', kana: 'ヤマダ タロウ' }]) } } })
  })

  it('updates an edited name, archives who left (bulk and delta), never deletes a diary', async () => {
    const students = japaneseClass(4)
    const spec: RosterSpec = { classes: [{ id: 'cls-5a', title: '5年A組' }, { id: 'cls-5b', title: '5年B組' }], students: [...students, ...japaneseClass(2, 'cls-5b', 'bstu')] }
    const journal = await conn.db.selectFrom('journals').select('id').where('name', '=', '5年A組').where('owner_id', '=', school.id.solo).executeTakeFirstOrThrow()
    const hanako = await conn.db.selectFrom('users').select('id').where('account', '=', 'stu0002@aoba.example.jp').executeTakeFirstOrThrow()
    const taro = await conn.db.selectFrom('users').select('id').where('account', '=', 'stu0001@aoba.example.jp').executeTakeFirstOrThrow()

    // Bulk: 佐藤 花子 renamed, 山田 太郎 gone from the file.
    const edited = students.map((s) => (s.id === 'stu-0002' ? { ...s, given: '花', kanaGiven: 'ハナ' } : s)).filter((s) => s.id !== 'stu-0001')
    const roster = rosterOf({ ...spec, students: [...edited, ...japaneseClass(2, 'cls-5b', 'bstu')] })
    const plan = await planRoster(conn.db, solo, roster)
    expect(planCounts(plan)).toMatchObject({ studentsChange: 1, studentsArchive: 1, leaves: 1, studentsAdd: 0, joins: 0, classesAdd: 0 })
    expect(await applyRoster(conn.db, solo, roster, 'csv')).toMatchObject({ ok: true, changed: true })
    expect(await conn.db.selectFrom('users').select(['name', 'name_kana']).where('id', '=', hanako.id).executeTakeFirstOrThrow()).toEqual({ name: '佐藤 花', name_kana: 'サトウ ハナ' })
    const member = await conn.db.selectFrom('journal_members').select('archived_at').where('journal_id', '=', journal.id).where('user_id', '=', taro.id).executeTakeFirstOrThrow()
    expect(member.archived_at).not.toBeNull()
    // The account, and with it the diary, stays: only the place in the class ends.
    expect(await conn.db.selectFrom('users').select('id').where('id', '=', taro.id).executeTakeFirst()).toBeTruthy()

    // Delta: one enrollment dropped, one student marked tobedeleted; the others untouched.
    const delta = rosterOf({ mode: 'delta', classes: [], students: [edited[1], edited[2]], statusOf: { 'stu-0003': 'tobedeleted', 'enr-cls-5a-stu-0004': 'tobedeleted' }, modified: '2026-05-01T00:00:00Z', omit: ['academicSessions', 'orgs', 'courses', 'classes'] })
    const deltaPlan = await planRoster(conn.db, solo, delta)
    expect(planCounts(deltaPlan)).toMatchObject({ studentsArchive: 1, leaves: 2, studentsChange: 0, classesArchive: 0 })
    await applyRoster(conn.db, solo, delta, 'csv')
    const left = await conn.db.selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select('u.account').where('m.journal_id', '=', journal.id).where('m.archived_at', 'is not', null).orderBy('u.account').execute()
    expect(left.map((l) => l.account)).toEqual(['stu0001@aoba.example.jp', 'stu0003@aoba.example.jp', 'stu0004@aoba.example.jp'])
    // The same delta again, and an older one, change nothing.
    expect(await applyRoster(conn.db, solo, delta, 'csv')).toMatchObject({ ok: true, changed: false })
    const older = rosterOf({ mode: 'delta', classes: [], students: [{ ...edited[0], given: '古い' }], modified: '2026-04-01T00:00:00Z', omit: ['academicSessions', 'orgs', 'courses', 'classes', 'enrollments', 'roles'] })
    expect(planCounts(await planRoster(conn.db, solo, older)).studentsChange).toBe(0)
  })

  it('matches students by e-mail and classes by name in a team, adds its teachers, and keeps teams apart', async () => {
    await conn.db.updateTable('users').set({ email: 'amy@school.test' }).where('id', '=', school.id.amy).execute()
    const spec: RosterSpec = {
      classes: [{ id: 'c5', title: 'Class 5' }, { id: 'c6', title: 'Class 6' }],
      students: [{ id: 's-amy', given: 'Amy', family: 'Lee', email: 'AMY@school.test', classes: ['c5'] }, { id: 's-dan', given: 'Dan', family: 'Ho', username: 'dan-ho', classes: ['c6'] }],
      teachers: [{ id: 't-owner', given: 'Olive', family: 'Wu', email: 'owner@school.test', classes: ['c6'] }, { id: 't-x', given: 'Xavier', family: 'Unknown', email: 'nobody@school.test', classes: ['c6'] }],
    }
    const plan = await planRoster(conn.db, team, rosterOf(spec))
    expect(planCounts(plan)).toMatchObject({ classesMatch: 1, classesAdd: 1, studentsMatch: 1, studentsAdd: 1, teachersAdd: 1, teachersUnmatched: 1, joins: 1 })
    expect(plan.classes.match[0]).toMatchObject({ name: 'Class 5', journalId: school.journalId })
    await applyRoster(conn.db, team, rosterOf(spec), 'csv')
    const c6 = await conn.db.selectFrom('journals').select(['id', 'team_id', 'owner_id']).where('name', '=', 'Class 6').executeTakeFirstOrThrow()
    expect(c6).toMatchObject({ team_id: school.teamId, owner_id: school.id.admin })
    expect(await conn.db.selectFrom('journal_members').select('role').where('journal_id', '=', c6.id).where('user_id', '=', school.id.owner).executeTakeFirst()).toEqual({ role: 'teacher' })
    expect((await rosterLog(conn.db, team))[0].details.counts.teachersUnmatched).toBe(1)
    // The other team's admin importing the same ids makes their own journals and never touches these.
    const other: RosterScope = { kind: 'team', teamId: school.otherTeam, userId: school.id.otheradmin, planLimit: 3000 }
    const otherPlan = await planRoster(conn.db, other, rosterOf({ ...spec, students: [spec.students![1]] }))
    expect(planCounts(otherPlan)).toMatchObject({ classesAdd: 2, classesMatch: 0 })
    // Dan's account name is taken now: refused with its line and column, and nothing written.
    expect(otherPlan.errors).toEqual([{ file: 'users.csv', line: 2, column: 'username', code: 'accountTaken', value: 'dan-ho' }])
    const before = await snapshot()
    expect(await applyRoster(conn.db, other, rosterOf({ ...spec, students: [spec.students![1]] }), 'csv')).toMatchObject({ ok: false })
    expect(await snapshot()).toEqual(before)
  })

  it('previews 2,000 students in under 3 s and applies them in under 10 s', async () => {
    const big: RosterSpec = { classes: Array.from({ length: 20 }, (_, i) => ({ id: `big-${i}`, title: `Big ${i}` })), students: Array.from({ length: 20 }, (_, i) => japaneseClass(100, `big-${i}`, `big${i}x`)).flat() }
    const started = performance.now()
    const result = read(big)
    if (!result.ok) throw new Error('read')
    const plan = await planRoster(conn.db, solo, result.roster)
    const previewMs = performance.now() - started
    expect(plan.students.add).toHaveLength(2000)
    const applyStarted = performance.now()
    await applyRoster(conn.db, solo, result.roster, 'csv')
    const applyMs = performance.now() - applyStarted
    console.log(`roster of 2,000 on ${dialect}: preview ${Math.round(previewMs)} ms, apply ${Math.round(applyMs)} ms`)
    expect(previewMs).toBeLessThan(3000)
    expect(applyMs).toBeLessThan(10_000)
  }, 60_000)
})

describe.each(DIALECTS)('pulling a roster from a OneRoster REST service on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let school: Awaited<ReturnType<typeof safeguardingSchool>>
  let sis: OneRosterServer
  let team: RosterScope
  const key = sealingKey('a-session-secret-of-the-tests')
  const spec: RosterSpec = { classes: [{ id: 'c-rest', title: '6年1組' }], students: japaneseClass(3, 'c-rest', 'rest') }
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    school = await safeguardingSchool(conn.db)
    team = { kind: 'team', teamId: school.teamId, userId: school.id.admin, planLimit: 3000 }
    sis = await startOneRosterServer(spec)
  })
  afterAll(async () => {
    await sis.close()
    await conn.close()
  })

  it('keeps the secret sealed, pulls, previews and applies; a failed pull changes nothing and says why', async () => {
    expect(await saveRosterSource(conn.db, team, key, { baseUrl: sis.url, tokenUrl: sis.tokenUrl, clientId: sis.clientId, clientSecret: sis.clientSecret, nightly: true })).toBe(true)
    const row = await conn.db.selectFrom('roster_sources').select('secret_sealed').executeTakeFirstOrThrow()
    expect(row.secret_sealed).not.toContain(sis.clientSecret)
    expect(openSecret(row.secret_sealed, key)).toBe(sis.clientSecret)
    expect(openSecret(row.secret_sealed, sealingKey('another-session-secret'))).toBeNull()
    expect(await rosterSourceOf(conn.db, team)).not.toHaveProperty('secret_sealed')

    const pulled = await pullForScope(conn.db, team, key)
    if (!pulled.ok) throw new Error(pulled.detail)
    expect(pulled.roster.users[0]).toMatchObject({ givenName: '太郎', kanaGivenName: 'タロウ', roles: ['student'] })
    expect(planCounts(await planRoster(conn.db, team, pulled.roster))).toMatchObject({ classesAdd: 1, studentsAdd: 3, joins: 3 })
    expect(await applyRoster(conn.db, team, pulled.roster, 'rest')).toMatchObject({ ok: true, changed: true })

    // Failures: the service refuses the secret, answers 500, or is gone. Nothing written; the reason kept.
    const before = await conn.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    await saveRosterSource(conn.db, team, key, { baseUrl: sis.url, tokenUrl: sis.tokenUrl, clientId: sis.clientId, clientSecret: 'wrong-secret', nightly: true })
    expect(await pullForScope(conn.db, team, key)).toMatchObject({ ok: false, reason: 'token', detail: 'HTTP 401' })
    expect((await rosterSourceOf(conn.db, team))?.lastError).toBe('token: HTTP 401')
    await saveRosterSource(conn.db, team, key, { baseUrl: sis.url, tokenUrl: sis.tokenUrl, clientId: sis.clientId, clientSecret: '', nightly: true })
    expect(openSecret((await conn.db.selectFrom('roster_sources').select('secret_sealed').executeTakeFirstOrThrow()).secret_sealed, key)).toBe('wrong-secret')
    await saveRosterSource(conn.db, team, key, { baseUrl: sis.url, tokenUrl: sis.tokenUrl, clientId: sis.clientId, clientSecret: sis.clientSecret, nightly: true })
    sis.failWith(500)
    expect(await pullForScope(conn.db, team, key)).toMatchObject({ ok: false, reason: 'status', detail: 'classes: HTTP 500' })
    sis.failWith(null)
    expect(await pullOneRoster({ baseUrl: 'http://127.0.0.1:9/ims/oneroster', tokenUrl: 'http://127.0.0.1:9/oauth/token', clientId: 'x', clientSecret: 'y' })).toMatchObject({ ok: false, reason: 'unreachable' })
    expect((await conn.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toEqual(before.n)
  })

  it('pulls each night at 02:00 in the school’s zone, once: a student added joins, one who left is archived', async () => {
    sis.set({ ...spec, students: [...spec.students!.slice(1), ...japaneseClass(1, 'c-rest', 'late')] })
    const claimed = new Set<string>()
    const claim = async (slot: string) => !claimed.has(slot) && Boolean(claimed.add(slot))
    const twoAmTaipei = new Date('2026-05-01T18:10:00Z')
    expect(await runNightlyRosterPulls(conn.db, key, new Date('2026-05-01T10:00:00Z'), claim, wallClock)).toEqual([])
    const [night] = await runNightlyRosterPulls(conn.db, key, twoAmTaipei, claim, wallClock)
    expect(night.result).toMatchObject({ ok: true, changed: true, counts: { studentsAdd: 1, studentsArchive: 1, joins: 1, leaves: 1 } })
    expect(await runNightlyRosterPulls(conn.db, key, twoAmTaipei, claim, wallClock)).toEqual([])
    expect((await rosterLog(conn.db, team)).map((l) => l.details.via)).toEqual(['rest', 'rest'])
  })
})

describe.each(DIALECTS)('importing a Google Classroom course on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let school: Awaited<ReturnType<typeof safeguardingSchool>>
  let classroom: Awaited<ReturnType<typeof startClassroomServer>>
  const courses: LocalCourse[] = [
    { id: 'course-1', name: 'Science', section: '5A', students: [{ userId: '1001', givenName: 'Amy', familyName: 'Lee', email: 'amy@school.test' }, { userId: '1002', givenName: 'Bo', familyName: 'Chen' }] },
    { id: 'course-2', name: 'Art', students: [{ userId: '1003', givenName: 'Cy', familyName: 'Wu' }] },
    { id: 'course-old', name: 'Last year', courseState: 'ARCHIVED', students: [] },
  ]
  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    school = await safeguardingSchool(conn.db)
    classroom = await startClassroomServer({ whoIs: async (token) => (token === 'token-solo' ? 'google-solo' : null), coursesOf: () => courses })
  })
  afterAll(async () => {
    await classroom.close()
    await conn.close()
  })

  it('lists the teacher’s active courses, imports one into a chosen journal, and a second sync adds the new student and archives who left', async () => {
    const solo: RosterScope = { kind: 'owner', userId: school.id.solo, planLimit: 3000 }
    expect(await classroomCourses(classroom.url, 'token-solo')).toEqual([{ id: 'course-1', name: 'Science 5A' }, { id: 'course-2', name: 'Art' }])
    await expect(classroomCourses(classroom.url, 'token-wrong')).rejects.toMatchObject({ reason: 'token' })
    await expect(classroomRoster(classroom.url, 'token-solo', 'course-x')).rejects.toMatchObject({ reason: 'notFound' })

    const roster = await classroomRoster(classroom.url, 'token-solo', 'course-1', school.soloJournalId)
    const plan = await planRoster(conn.db, solo, roster)
    // Amy is matched by e-mail to her account; Bo gets one; the class is the journal the teacher chose.
    expect(planCounts(plan)).toMatchObject({ classesMatch: 1, classesAdd: 0, studentsMatch: 1, studentsAdd: 1, joins: 2 })
    expect(plan.classes.match[0].journalId).toBe(school.soloJournalId)
    await applyRoster(conn.db, solo, roster, 'classroom')
    expect(await applyRoster(conn.db, solo, await classroomRoster(classroom.url, 'token-solo', 'course-1', school.soloJournalId), 'classroom')).toMatchObject({ changed: false })
    // Course 2 into a new journal: course 1's places are not touched by it.
    await applyRoster(conn.db, solo, await classroomRoster(classroom.url, 'token-solo', 'course-2'), 'classroom')

    courses[0].students = [courses[0].students[0], { userId: '1009', givenName: 'Dee', familyName: 'Ng' }]
    const again = await planRoster(conn.db, solo, await classroomRoster(classroom.url, 'token-solo', 'course-1'))
    expect(planCounts(again)).toMatchObject({ studentsAdd: 1, joins: 1, leaves: 1, classesAdd: 0, classesMatch: 0 })
    await applyRoster(conn.db, solo, await classroomRoster(classroom.url, 'token-solo', 'course-1'), 'classroom')
    const members = await conn.db.selectFrom('journal_members as m').innerJoin('users as u', 'u.id', 'm.user_id').select(['u.name', 'm.archived_at']).where('m.journal_id', '=', school.soloJournalId).where('m.role', '=', 'student').orderBy('u.name').execute()
    expect(members.map((m) => [m.name, m.archived_at === null])).toEqual([['Amy Lee', true], ['Bo Chen', false], ['CARA', true], ['Dee Ng', true]])
    const art = await conn.db.selectFrom('journals').select('id').where('name', '=', 'Art').executeTakeFirstOrThrow()
    expect(await conn.db.selectFrom('journal_members').select('archived_at').where('journal_id', '=', art.id).execute()).toEqual([{ archived_at: null }])
  })
})
