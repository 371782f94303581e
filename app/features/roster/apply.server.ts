import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { hashStudentPassword } from '~/features/auth/password.server'
import { MEMBERSHIP_STATUS } from '~/features/journals/constants'
import { insertJournal } from '~/features/journals/insert.server'
import { ticketsFor } from '~/features/journals/settings.server'
import { insertStudentAccounts } from '~/features/students/import.server'
import { displayName, kanaName, type Roster, type RosterUser } from './model'
import type { RosterError } from './oneroster-tables'

/**
 * Where a roster lands (decision 0075): a team's classes, for its admin (the journals are the team's, the
 * admin owns the new ones), or a teacher's own journals. Links, matches and archives never reach out
 * of the scope: a class linked by another team is another journal here.
 */
export type RosterScope = { kind: 'team'; teamId: number; userId: number; planLimit: number } | { kind: 'owner'; userId: number; planLimit: number }

const JOURNAL_NAME_MAX = 50
const LISTED = 50

export interface PlannedClass {
  sourcedId: string
  name: string
  was?: string
  journalId?: number
}
export interface PlannedPerson {
  sourcedId: string
  name: string
  kana: string
  was?: string
  userId?: number
  account?: string
}
export interface RosterPlan {
  classes: { add: PlannedClass[]; match: PlannedClass[]; change: PlannedClass[]; archive: PlannedClass[] }
  students: { add: PlannedPerson[]; match: PlannedPerson[]; change: PlannedPerson[]; archive: PlannedPerson[] }
  teachers: { add: PlannedPerson[]; archive: PlannedPerson[]; unmatched: PlannedPerson[] }
  /** Places in classes: students joining a class, students leaving one (their diaries stay). */
  joins: { classSourcedId: string; userSourcedId: string; enrollmentId: string }[]
  leaves: { journalId: number; userId: number; enrollmentId: string | null }[]
  errors: RosterError[]
}

/** The counts a preview and a log entry show. */
export function planCounts(plan: RosterPlan) {
  return {
    classesAdd: plan.classes.add.length,
    classesMatch: plan.classes.match.length,
    classesChange: plan.classes.change.length,
    classesArchive: plan.classes.archive.length,
    studentsAdd: plan.students.add.length,
    studentsMatch: plan.students.match.length,
    studentsChange: plan.students.change.length,
    studentsArchive: plan.students.archive.length,
    teachersAdd: plan.teachers.add.length,
    teachersArchive: plan.teachers.archive.length,
    teachersUnmatched: plan.teachers.unmatched.length,
    joins: plan.joins.length,
    leaves: plan.leaves.length,
  }
}
export type RosterCounts = ReturnType<typeof planCounts>
export const planIsEmpty = (plan: RosterPlan) => Object.entries(planCounts(plan)).every(([k, n]) => k === 'teachersUnmatched' || n === 0)

const scopeWhere = (scope: RosterScope) => (scope.kind === 'team' ? sql<boolean>`team_id = ${scope.teamId}` : sql<boolean>`owner_id = ${scope.userId}`)
const linkScope = (scope: RosterScope) => (scope.kind === 'team' ? { team_id: scope.teamId, owner_id: null } : { team_id: null, owner_id: scope.userId })

type Link = { id: number; kind: string; sourced_id: string; local_id: number; name: string; data: string; modified_at: string | null; archived_at: string | null }

/** Stale: a delta row older than what was imported before says nothing new. */
const stale = (modified: string | null, link: Link | undefined) => Boolean(modified && link?.modified_at && Date.parse(modified) < Date.parse(link.modified_at))

function roleOf(user: RosterUser, enrollRoles: Map<string, Set<string>>) {
  const roles = new Set([...user.roles, ...(enrollRoles.get(user.sourcedId) ?? [])])
  if (roles.has('student')) return 'student'
  if (roles.has('teacher')) return 'teacher'
  return null
}

async function inSlices<T>(values: T[], read: (slice: T[]) => Promise<void>) {
  for (let i = 0; i < values.length; i += 500) await read(values.slice(i, i + 500))
}

/**
 * The preview (decision 0075): what applying the roster would change in the scope, read from the database
 * and written nowhere. Classes: new journals, journals matched by name, renamed, archived. Students:
 * new accounts, accounts matched by e-mail, renamed, left (archived: their places in the classes end,
 * their diaries stay). Teachers: added to or removed from a class's journal, or not found (a teacher
 * signs up; no teacher account is made). A bulk file is the whole list: who is not in it has left.
 */
export async function planRoster(db: DB, scope: RosterScope, roster: Roster): Promise<RosterPlan> {
  const plan: RosterPlan = { classes: { add: [], match: [], change: [], archive: [] }, students: { add: [], match: [], change: [], archive: [] }, teachers: { add: [], archive: [], unmatched: [] }, joins: [], leaves: [], errors: [] }
  const links = (await db.selectFrom('roster_links').select(['id', 'kind', 'sourced_id', 'local_id', 'name', 'data', 'modified_at', 'archived_at']).where(scopeWhere(scope)).where('source', '=', roster.source).execute()) as Link[]
  const byKind = (kind: string) => new Map(links.filter((l) => l.kind === kind).map((l) => [l.sourced_id, l]))
  const classLinks = byKind('class')
  const userLinks = byKind('user')
  const enrollLinks = byKind('enrollment')
  const journals = await db.selectFrom('journals').select(['id', 'name', 'archived_at']).where(scopeWhere(scope)).execute()
  const journalById = new Map(journals.map((j) => [j.id, j]))
  const linkedJournals = new Set([...classLinks.values()].map((l) => l.local_id))

  // Classes: the journal each active class is (or becomes).
  const classJournal = new Map<string, number | 'new'>()
  const inFile = new Set(roster.classes.map((c) => c.sourcedId))
  for (const c of roster.classes) {
    const link = classLinks.get(c.sourcedId)
    const journal = link ? journalById.get(link.local_id) : undefined
    const name = c.title.slice(0, JOURNAL_NAME_MAX)
    if (c.status === 'tobedeleted') {
      if (journal && !journal.archived_at && !link!.archived_at) plan.classes.archive.push({ sourcedId: c.sourcedId, name: journal.name, journalId: journal.id })
      continue
    }
    if (stale(c.modified, link) && journal) {
      classJournal.set(c.sourcedId, journal.id)
      continue
    }
    if (journal && !journal.archived_at) {
      classJournal.set(c.sourcedId, journal.id)
      // Renamed at the source since the last import (a name given here, or a journal the teacher chose, stays).
      if (link!.name !== name) plan.classes.change.push({ sourcedId: c.sourcedId, name, was: journal.name, journalId: journal.id })
      continue
    }
    const chosen = c.targetJournalId !== undefined ? journals.find((j) => j.id === c.targetJournalId && !j.archived_at && !linkedJournals.has(j.id)) : undefined
    const same = chosen ?? journals.find((j) => !j.archived_at && j.name === name && !linkedJournals.has(j.id))
    if (same) {
      linkedJournals.add(same.id)
      classJournal.set(c.sourcedId, same.id)
      plan.classes.match.push({ sourcedId: c.sourcedId, name, journalId: same.id })
    } else {
      classJournal.set(c.sourcedId, 'new')
      plan.classes.add.push({ sourcedId: c.sourcedId, name })
    }
  }
  if (roster.modes.classes === 'bulk') {
    for (const link of classLinks.values()) {
      const journal = journalById.get(link.local_id)
      if (!inFile.has(link.sourced_id) && journal && !journal.archived_at && !link.archived_at) plan.classes.archive.push({ sourcedId: link.sourced_id, name: journal.name, journalId: journal.id })
    }
  }
  // Classes the roster does not list but linked before (a delta's enrollments may name them).
  for (const link of classLinks.values()) {
    const journal = journalById.get(link.local_id)
    if (!classJournal.has(link.sourced_id) && !inFile.has(link.sourced_id) && journal && !journal.archived_at && !link.archived_at) classJournal.set(link.sourced_id, journal.id)
  }
  const archivedClasses = new Set(plan.classes.archive.map((c) => c.sourcedId))

  // People: who is a student, who a teacher (roles.csv, else their enrollments).
  const enrollRoles = new Map<string, Set<string>>()
  for (const e of roster.enrollments) if (e.status === 'active') enrollRoles.set(e.userSourcedId, (enrollRoles.get(e.userSourcedId) ?? new Set()).add(e.role))
  const linkedIds = [...new Set([...userLinks.values()].map((l) => l.local_id))]
  const accounts = new Map<number, { id: number; name: string | null; name_kana: string | null; kind: string; disabled_at: string | null }>()
  await inSlices(linkedIds, async (ids) => {
    for (const u of await db.selectFrom('users').select(['id', 'name', 'name_kana', 'kind', 'disabled_at']).where('id', 'in', ids).execute()) accounts.set(u.id, u)
  })
  const students = roster.users.filter((u) => roleOf(u, enrollRoles) === 'student' || (u.status === 'tobedeleted' && userLinks.has(u.sourcedId)))
  const teachers = roster.users.filter((u) => roleOf(u, enrollRoles) === 'teacher')
  // E-mails and account names looked up in slices: a year group of 2,000 in a few statements.
  const emails = [...new Set(students.filter((u) => u.email && !userLinks.has(u.sourcedId)).map((u) => u.email.toLowerCase()))]
  const byEmail = new Map<string, { id: number; name: string | null }>()
  await inSlices(emails, async (slice) => {
    const found = await db.selectFrom('users').select((eb) => ['id', 'name', eb.fn<string>('lower', ['email']).as('email')]).where('kind', '=', 'student').where((eb) => eb(eb.fn('lower', ['email']), 'in', slice)).execute()
    for (const f of found) if (!byEmail.has(f.email)) byEmail.set(f.email, f)
  })
  const wanted = [...new Set(students.filter((u) => !userLinks.has(u.sourcedId)).map((u) => u.username.toLowerCase()))]
  const takenAccounts = new Set<string>()
  await inSlices(wanted, async (slice) => {
    const found = await db.selectFrom('users').select((eb) => eb.fn<string>('lower', ['account']).as('account')).where((eb) => eb(eb.fn('lower', ['account']), 'in', slice)).execute()
    for (const f of found) takenAccounts.add(f.account)
  })

  const studentUser = new Map<string, number | 'new'>()
  const leaving = new Set<string>()
  const usersInFile = new Set(roster.users.map((u) => u.sourcedId))
  const newAccounts = new Set<string>()
  for (const u of students) {
    const link = userLinks.get(u.sourcedId)
    const account = link ? accounts.get(link.local_id) : undefined
    const person: PlannedPerson = { sourcedId: u.sourcedId, name: displayName(u.givenName, u.familyName), kana: kanaName(u), userId: account?.id, account: u.username }
    if (u.status === 'tobedeleted' || !u.enabled) {
      if (account && !link!.archived_at) {
        plan.students.archive.push({ ...person, name: account.name ?? person.name })
        leaving.add(u.sourcedId)
      }
      continue
    }
    if (account) {
      if (account.disabled_at) continue
      studentUser.set(u.sourcedId, account.id)
      if (!stale(u.modified, link) && (account.name !== person.name || (account.name_kana ?? '') !== person.kana)) plan.students.change.push({ ...person, was: account.name ?? '' })
      continue
    }
    const matched = u.email ? byEmail.get(u.email.toLowerCase()) : undefined
    if (matched) {
      studentUser.set(u.sourcedId, matched.id)
      plan.students.match.push({ ...person, userId: matched.id, was: matched.name ?? '' })
      continue
    }
    const key = u.username.toLowerCase()
    if (takenAccounts.has(key) || newAccounts.has(key)) {
      plan.errors.push({ file: 'users.csv', line: u.line, column: 'username', code: 'accountTaken', value: u.username })
      continue
    }
    newAccounts.add(key)
    studentUser.set(u.sourcedId, 'new')
    plan.students.add.push(person)
  }
  if (roster.modes.users === 'bulk') {
    for (const link of userLinks.values()) {
      const account = accounts.get(link.local_id)
      if (usersInFile.has(link.sourced_id) || link.archived_at || !account || account.kind !== 'student') continue
      plan.students.archive.push({ sourcedId: link.sourced_id, name: account.name ?? link.name, kana: account.name_kana ?? '', userId: account.id })
      leaving.add(link.sourced_id)
    }
  }
  // Students linked before whom this roster does not list (a delta of enrollments only).
  for (const link of userLinks.values()) {
    const account = accounts.get(link.local_id)
    if (!studentUser.has(link.sourced_id) && !leaving.has(link.sourced_id) && !link.archived_at && account?.kind === 'student' && !account.disabled_at) studentUser.set(link.sourced_id, account.id)
  }

  // Teachers: matched by link, then e-mail, to a console account (in the team, for a team's roster).
  const teacherUser = new Map<string, number>()
  const teacherEmails = [...new Set(teachers.filter((u) => u.email).map((u) => u.email.toLowerCase()))]
  const teachersByEmail = new Map<string, number>()
  await inSlices(teacherEmails, async (slice) => {
    let q = db.selectFrom('users as u').select((eb) => ['u.id', eb.fn<string>('lower', ['u.email']).as('email')]).where('u.kind', '!=', 'student').where((eb) => eb(eb.fn('lower', ['u.email']), 'in', slice))
    if (scope.kind === 'team') q = q.innerJoin('team_members as m', 'm.user_id', 'u.id').where('m.team_id', '=', scope.teamId)
    for (const f of await q.execute()) teachersByEmail.set(f.email, f.id)
  })
  for (const u of teachers) {
    const link = userLinks.get(u.sourcedId)
    const id = link ? link.local_id : u.email ? teachersByEmail.get(u.email.toLowerCase()) : undefined
    if (id !== undefined && u.status === 'active' && u.enabled) teacherUser.set(u.sourcedId, id)
    else if (u.status === 'active' && u.enabled) plan.teachers.unmatched.push({ sourcedId: u.sourcedId, name: displayName(u.givenName, u.familyName), kana: kanaName(u), account: u.email || u.username })
  }
  for (const link of userLinks.values()) if (!teacherUser.has(link.sourced_id) && JSON.parse(link.data).role === 'teacher' && !link.archived_at) teacherUser.set(link.sourced_id, link.local_id)

  // Places: each active enrollment of a student (or teacher) in an active class; enrollments gone leave.
  const existingJournalIds = [...new Set([...classJournal.values()].filter((v): v is number => v !== 'new'))]
  const members = new Map<string, { archived: boolean; role: string }>()
  await inSlices(existingJournalIds, async (ids) => {
    for (const m of await db.selectFrom('journal_members').select(['journal_id', 'user_id', 'role', 'archived_at']).where('journal_id', 'in', ids).execute()) members.set(`${m.journal_id}|${m.user_id}`, { archived: m.archived_at !== null, role: m.role })
  })
  const owners = new Map<number, number>()
  if (existingJournalIds.length) await inSlices(existingJournalIds, async (ids) => {
    for (const j of await db.selectFrom('journals').select(['id', 'owner_id']).where('id', 'in', ids).execute()) owners.set(j.id, j.owner_id)
  })
  const enrollmentsInFile = new Set(roster.enrollments.map((e) => e.sourcedId))
  const leavingPlaces = new Set<string>()
  const leave = (journalId: number, userId: number, enrollmentId: string | null) => {
    const key = `${journalId}|${userId}`
    const member = members.get(key)
    if (!member || member.archived || leavingPlaces.has(key)) return
    leavingPlaces.add(key)
    plan.leaves.push({ journalId, userId, enrollmentId })
  }
  const teacherAdds = new Set<string>()
  for (const e of roster.enrollments) {
    const journal = classJournal.get(e.classSourcedId)
    const link = enrollLinks.get(e.sourcedId)
    if (e.status === 'tobedeleted') {
      if (link && !link.archived_at) {
        const data = JSON.parse(link.data) as { journalId: number; userId: number; role: string }
        if (data.role === 'student') leave(data.journalId, data.userId, e.sourcedId)
        else if (members.has(`${data.journalId}|${data.userId}`)) plan.teachers.archive.push({ sourcedId: e.userSourcedId, name: link.name, kana: '', userId: data.userId })
      }
      continue
    }
    if (journal === undefined || archivedClasses.has(e.classSourcedId) || stale(e.modified, link)) continue
    if (e.role === 'student') {
      const user = studentUser.get(e.userSourcedId)
      if (user === undefined || leaving.has(e.userSourcedId)) continue
      const member = journal === 'new' || user === 'new' ? undefined : members.get(`${journal}|${user}`)
      if (!member || member.archived) plan.joins.push({ classSourcedId: e.classSourcedId, userSourcedId: e.userSourcedId, enrollmentId: e.sourcedId })
    } else if (e.role === 'teacher') {
      const user = teacherUser.get(e.userSourcedId)
      if (user === undefined || user === scope.userId || (journal !== 'new' && (owners.get(journal) === user || members.has(`${journal}|${user}`)))) continue
      const key = `${e.classSourcedId}|${user}`
      if (teacherAdds.has(key)) continue
      teacherAdds.add(key)
      const u = roster.users.find((x) => x.sourcedId === e.userSourcedId)
      plan.teachers.add.push({ sourcedId: e.userSourcedId, name: u ? displayName(u.givenName, u.familyName) : e.userSourcedId, kana: u ? kanaName(u) : '', userId: user, was: e.classSourcedId })
    }
  }
  if (roster.modes.enrollments === 'bulk') {
    // A roster of some classes speaks only for their places.
    const within = roster.onlyClasses ? new Set(roster.onlyClasses.map((c) => classJournal.get(c)).filter((j): j is number => typeof j === 'number')) : null
    for (const link of enrollLinks.values()) {
      if (enrollmentsInFile.has(link.sourced_id) || link.archived_at) continue
      const data = JSON.parse(link.data) as { journalId: number; userId: number; role: string }
      if (within && !within.has(data.journalId)) continue
      if (data.role === 'student') leave(data.journalId, data.userId, link.sourced_id)
    }
  }
  // A student who left leaves every class of the scope's roster.
  for (const s of plan.students.archive) {
    for (const link of enrollLinks.values()) {
      const data = JSON.parse(link.data) as { journalId: number; userId: number; role: string }
      if (data.userId === s.userId && data.role === 'student') leave(data.journalId, data.userId, link.sourced_id)
    }
  }

  // The plan's places: new journals get their students' number, full ones grow; within the plan's tickets.
  const joinsPerClass = new Map<string, number>()
  for (const j of plan.joins) joinsPerClass.set(j.classSourcedId, (joinsPerClass.get(j.classSourcedId) ?? 0) + 1)
  let placesNeeded = 0
  for (const [classId, n] of joinsPerClass) {
    const journal = classJournal.get(classId)
    if (journal === 'new') placesNeeded += n
    else if (journal !== undefined) placesNeeded += Math.max(0, (await placesShort(db, journal, n)))
  }
  if (placesNeeded > 0) {
    const { max } = await ticketsFor(db, scope.userId, scope.planLimit)
    if (placesNeeded > max) plan.errors.push({ file: 'enrollments.csv', line: 0, column: '', code: 'overPlan', value: String(max) })
  }
  return plan
}

/** How many places a journal lacks for `joining` more students. */
async function placesShort(db: DB, journalId: number, joining: number) {
  const j = await db.selectFrom('journals').select('diary_publish_num').where('id', '=', journalId).executeTakeFirstOrThrow()
  const taken = await db.selectFrom('journal_members').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journalId).where('role', '=', 'student').where('archived_at', 'is', null).executeTakeFirstOrThrow()
  return Number(taken.n) + joining - j.diary_publish_num
}

/** The random password of an account a roster makes without one: the student signs in by their school's sign-in, or the teacher sets one. */
const unknownPassword = () => randomBytes(18).toString('base64url')

export type ApplyResult = { ok: true; changed: boolean; counts: RosterCounts; logId: number | null } | { ok: false; plan: RosterPlan }

/**
 * Apply (decision 0075): the plan made again inside one transaction and carried out, or nothing at all.
 * New students' accounts are made the way the class file makes them (insertStudentAccounts), with the
 * roster's password or an unknown one; a student who left is archived from the classes (never
 * deleted: their diary stays). A roster that changes nothing writes nothing, not even a log entry.
 */
export async function applyRoster(db: DB, scope: RosterScope, roster: Roster, via: 'csv' | 'rest' | 'classroom'): Promise<ApplyResult> {
  // Hashing is the slow part: done before the transaction holds any lock, for the students the preview adds.
  const first = await planRoster(db, scope, roster)
  if (first.errors.length) return { ok: false, plan: first }
  const users = new Map(roster.users.map((u) => [u.sourcedId, u]))
  const hashes = new Map<string, string>()
  await Promise.all(first.students.add.map(async (p) => hashes.set(p.sourcedId, await hashStudentPassword(validPassword(users.get(p.sourcedId)!.password) ?? unknownPassword()))))
  return db.transaction().execute(async (trx): Promise<ApplyResult> => {
    const plan = await planRoster(trx, scope, roster)
    if (plan.errors.length) return { ok: false, plan }
    const counts = planCounts(plan)
    if (planIsEmpty(plan)) return { ok: true, changed: false, counts, logId: null }
    const now = nowIso()
    const where = linkScope(scope)
    const upsertLink = async (kind: 'class' | 'user' | 'enrollment', sourcedId: string, localId: number, name: string, data: object, modified: string | null, archivedAt: string | null = null) => {
      const found = await trx.selectFrom('roster_links').select('id').where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', kind).where('sourced_id', '=', sourcedId).executeTakeFirst()
      const values = { local_id: localId, name, data: JSON.stringify(data), modified_at: modified, archived_at: archivedAt, updated_at: now }
      if (found) await trx.updateTable('roster_links').set(values).where('id', '=', found.id).execute()
      else await trx.insertInto('roster_links').values({ ...where, source: roster.source, kind, sourced_id: sourcedId, ...values }).execute()
    }
    const classes = new Map(roster.classes.map((c) => [c.sourcedId, c]))
    const journalOf = new Map<string, number>()
    const classLinks = await trx.selectFrom('roster_links').select(['sourced_id', 'local_id']).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'class').execute()
    for (const l of classLinks) journalOf.set(l.sourced_id, l.local_id)
    const joinsPerClass = new Map<string, number>()
    for (const j of plan.joins) joinsPerClass.set(j.classSourcedId, (joinsPerClass.get(j.classSourcedId) ?? 0) + 1)

    // Classes.
    for (const c of plan.classes.add) {
      const id = await insertJournal(trx, { owner_id: scope.userId, team_id: scope.kind === 'team' ? scope.teamId : null, name: c.name, diary_publish_num: Math.max(1, joinsPerClass.get(c.sourcedId) ?? 0) })
      journalOf.set(c.sourcedId, id)
      await upsertLink('class', c.sourcedId, id, c.name, { metadata: classes.get(c.sourcedId)?.metadata ?? {}, classCode: classes.get(c.sourcedId)?.classCode ?? '' }, classes.get(c.sourcedId)?.modified ?? null)
    }
    for (const c of plan.classes.match) {
      journalOf.set(c.sourcedId, c.journalId!)
      await upsertLink('class', c.sourcedId, c.journalId!, c.name, { metadata: classes.get(c.sourcedId)?.metadata ?? {} }, classes.get(c.sourcedId)?.modified ?? null)
    }
    for (const c of plan.classes.change) {
      await trx.updateTable('journals').set({ name: c.name }).where('id', '=', c.journalId!).execute()
      await upsertLink('class', c.sourcedId, c.journalId!, c.name, { metadata: classes.get(c.sourcedId)?.metadata ?? {} }, classes.get(c.sourcedId)?.modified ?? null)
    }
    for (const c of plan.classes.archive) {
      await trx.updateTable('journals').set({ archived_at: now }).where('id', '=', c.journalId!).where('archived_at', 'is', null).execute()
      await trx.updateTable('roster_links').set({ archived_at: now, updated_at: now }).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'class').where('sourced_id', '=', c.sourcedId).execute()
    }

    // Students.
    const userOf = new Map<string, number>()
    const userLinks = await trx.selectFrom('roster_links').select(['sourced_id', 'local_id']).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'user').execute()
    for (const l of userLinks) userOf.set(l.sourced_id, l.local_id)
    const adds = plan.students.add.map((p) => users.get(p.sourcedId)!)
    const missing = adds.filter((u) => !hashes.has(u.sourcedId))
    for (const u of missing) hashes.set(u.sourcedId, await hashStudentPassword(validPassword(u.password) ?? unknownPassword()))
    const ids = await insertStudentAccounts(
      trx,
      adds.map((u) => ({ account: u.username, name: displayName(u.givenName, u.familyName), nameKana: kanaName(u), email: u.email, passwordHash: hashes.get(u.sourcedId)! })),
      null,
    )
    const personData = (u: RosterUser | undefined, role: string) => ({ role, metadata: u?.metadata ?? {}, username: u?.username ?? '' })
    for (const [i, u] of adds.entries()) {
      userOf.set(u.sourcedId, ids[i])
      await upsertLink('user', u.sourcedId, ids[i], displayName(u.givenName, u.familyName), personData(u, 'student'), u.modified)
    }
    for (const p of plan.students.match) {
      userOf.set(p.sourcedId, p.userId!)
      const u = users.get(p.sourcedId)
      if (u && p.name !== p.was) await trx.updateTable('users').set({ name: p.name, nickname: p.name, name_kana: p.kana || null }).where('id', '=', p.userId!).execute()
      await upsertLink('user', p.sourcedId, p.userId!, p.name, personData(u, 'student'), u?.modified ?? null)
    }
    for (const p of plan.students.change) {
      await trx.updateTable('users').set({ name: p.name, nickname: p.name, name_kana: p.kana || null }).where('id', '=', p.userId!).execute()
      await upsertLink('user', p.sourcedId, p.userId!, p.name, personData(users.get(p.sourcedId), 'student'), users.get(p.sourcedId)?.modified ?? null)
    }
    for (const p of plan.students.archive) {
      await trx.updateTable('roster_links').set({ archived_at: now, updated_at: now }).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'user').where('sourced_id', '=', p.sourcedId).execute()
    }

    // Places: leaving ones archived (the diary stays), joining ones added or opened again.
    for (const l of plan.leaves) {
      await trx.updateTable('journal_members').set({ archived_at: now }).where('journal_id', '=', l.journalId).where('user_id', '=', l.userId).where('archived_at', 'is', null).execute()
      if (l.enrollmentId) await trx.updateTable('roster_links').set({ archived_at: now, updated_at: now }).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'enrollment').where('sourced_id', '=', l.enrollmentId).execute()
    }
    const enrollments = new Map(roster.enrollments.map((e) => [e.sourcedId, e]))
    for (const j of plan.joins) {
      const journalId = journalOf.get(j.classSourcedId)!
      const userId = userOf.get(j.userSourcedId)!
      const member = await trx.selectFrom('journal_members').select('archived_at').where('journal_id', '=', journalId).where('user_id', '=', userId).executeTakeFirst()
      if (member) await trx.updateTable('journal_members').set({ archived_at: null, role: 'student' }).where('journal_id', '=', journalId).where('user_id', '=', userId).execute()
      else await trx.insertInto('journal_members').values({ journal_id: journalId, user_id: userId, role: 'student', drp_status: MEMBERSHIP_STATUS.approved, joined_at: now }).execute()
      const e = enrollments.get(j.enrollmentId)
      await upsertLink('enrollment', j.enrollmentId, journalId, users.get(j.userSourcedId)?.username ?? j.userSourcedId, { journalId, userId, role: 'student', metadata: e?.metadata ?? {} }, e?.modified ?? null)
    }
    // Journals grow to hold their students.
    for (const journalId of new Set(plan.joins.map((j) => journalOf.get(j.classSourcedId)!))) {
      const taken = await trx.selectFrom('journal_members').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journalId).where('role', '=', 'student').where('archived_at', 'is', null).executeTakeFirstOrThrow()
      await trx.updateTable('journals').set({ diary_publish_num: sql<number>`case when diary_publish_num < ${Number(taken.n)} then ${Number(taken.n)} else diary_publish_num end` }).where('id', '=', journalId).execute()
    }

    // Teachers.
    for (const t of plan.teachers.add) {
      const journalId = journalOf.get(t.was!)!
      const exists = await trx.selectFrom('journal_members').select('user_id').where('journal_id', '=', journalId).where('user_id', '=', t.userId!).executeTakeFirst()
      if (!exists) await trx.insertInto('journal_members').values({ journal_id: journalId, user_id: t.userId!, role: 'teacher', drp_status: MEMBERSHIP_STATUS.approved, joined_at: now }).execute()
      await upsertLink('user', t.sourcedId, t.userId!, t.name, personData(users.get(t.sourcedId), 'teacher'), users.get(t.sourcedId)?.modified ?? null)
      const e = roster.enrollments.find((x) => x.userSourcedId === t.sourcedId && x.classSourcedId === t.was)
      if (e) await upsertLink('enrollment', e.sourcedId, journalId, t.name, { journalId, userId: t.userId, role: 'teacher' }, e.modified)
    }
    for (const t of plan.teachers.archive) {
      const e = roster.enrollments.find((x) => x.userSourcedId === t.sourcedId && x.status === 'tobedeleted')
      const link = e ? await trx.selectFrom('roster_links').select(['data']).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'enrollment').where('sourced_id', '=', e.sourcedId).executeTakeFirst() : undefined
      const data = link ? (JSON.parse(link.data) as { journalId: number }) : null
      if (data) await trx.deleteFrom('journal_members').where('journal_id', '=', data.journalId).where('user_id', '=', t.userId!).where('role', '=', 'teacher').execute()
      if (e) await trx.updateTable('roster_links').set({ archived_at: now, updated_at: now }).where(scopeWhere(scope)).where('source', '=', roster.source).where('kind', '=', 'enrollment').where('sourced_id', '=', e.sourcedId).execute()
    }

    const logId = await logRoster(trx, scope, via, counts, plan)
    return { ok: true, changed: true, counts, logId }
  })
}

const validPassword = (p: string) => (p.length >= 6 && p.length <= 128 ? p : null)

/** The import's entry in the team's log (or the teacher's): who, when, the counts and the names. */
async function logRoster(trx: DB, scope: RosterScope, via: string, counts: RosterCounts, plan: RosterPlan) {
  const names = (list: { name: string; kana?: string; was?: string }[]) => list.slice(0, LISTED).map((p) => ({ name: p.name, kana: p.kana || undefined, was: p.was }))
  const details = {
    via,
    by: scope.userId,
    counts,
    classes: { add: names(plan.classes.add), match: names(plan.classes.match), change: names(plan.classes.change), archive: names(plan.classes.archive) },
    students: { add: names(plan.students.add), match: names(plan.students.match), change: names(plan.students.change), archive: names(plan.students.archive) },
    teachers: { add: names(plan.teachers.add.map((t) => ({ name: t.name, kana: t.kana }))), unmatched: names(plan.teachers.unmatched) },
  }
  const row = await trx
    .insertInto('team_log')
    .values({ ...(scope.kind === 'team' ? { team_id: scope.teamId, owner_id: null } : { team_id: null, owner_id: scope.userId }), kind: 'roster', details: JSON.stringify(details), at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
