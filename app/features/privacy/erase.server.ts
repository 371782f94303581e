import type { DB } from '~/db/connect.server'
import { notify, tell } from '~/features/notifications/notify.server'
import { DAY_MS, ERASURE_GRACE_DAYS } from './constants'
import { removeExportFiles, type ExportDir } from './export.server'
import { undoersOf, type StudentDataRights } from './rights.server'
import { formatDate } from '~/shared/dates'

/**
 * Erasure of a student's account and everything of theirs (decision 0047). Asked for, it
 * waits 30 days: the account cannot sign in, its sessions end, the student leaves the journals'
 * lists, and the team's admins (the owner, for a personal journal) can undo it (rights.server.ts). Then the daily job
 * erases for good, in one transaction, and writes the counts (never content) to the school's log.
 */

/** The erasure waiting for this student, if there is one. */
export async function pendingErasureOf(db: DB, studentId: number) {
  return (
    (await db
      .selectFrom('student_erasures as e')
      .leftJoin('users as u', 'u.id', 'e.requested_by')
      .select((eb) => ['e.id', 'e.requested_at as requestedAt', 'e.due_at as dueAt', 'e.team_id as teamId', eb.fn.coalesce('u.name', 'u.account').as('by')])
      .where('e.student_id', '=', studentId)
      .where('e.status', '=', 'pending')
      .executeTakeFirst()) ?? null
  )
}

export type ErasureRequest = { ok: true; id: number; dueAt: string } | { ok: false; why: 'already' | 'notAllowed' }

/**
 * Asks for the erasure: one pending a student (two requests at once make one: a partial unique
 * index), the account locked, its sessions ended, its journal memberships archived (kept to give
 * back on undo). The requester and the team's admins are told, with the day it becomes final.
 */
export async function requestErasure(db: DB, rights: StudentDataRights, userId: number, now = new Date()): Promise<ErasureRequest> {
  if (!rights.mayErase) return { ok: false, why: 'notAllowed' }
  const at = now.toISOString()
  const dueAt = new Date(now.getTime() + ERASURE_GRACE_DAYS * DAY_MS).toISOString()
  const studentId = rights.student.id
  let id: number
  try {
    id = await db.transaction().execute(async (trx) => {
      const memberships = await trx.selectFrom('journal_members').select('journal_id').where('user_id', '=', studentId).where('role', '=', 'student').where('archived_at', 'is', null).execute()
      const { id } = await trx
        .insertInto('student_erasures')
        .values({ student_id: studentId, journal_id: rights.journal.id, team_id: rights.journal.teamId, requested_by: userId, requested_at: at, due_at: dueAt, status: 'pending', memberships: JSON.stringify(memberships.map((m) => m.journal_id)), undone_by: null, undone_at: null, done_at: null, counts: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (memberships.length) await trx.updateTable('journal_members').set({ archived_at: at }).where('user_id', '=', studentId).where('journal_id', 'in', memberships.map((m) => m.journal_id)).execute()
      await trx.updateTable('users').set({ disabled_at: at }).where('id', '=', studentId).execute()
      await trx.deleteFrom('sessions').where('user_id', '=', studentId).execute()
      return id
    })
  } catch (error) {
    if (String(error).match(/unique|UNIQUE/)) return { ok: false, why: 'already' }
    throw error
  }
  await tell('erasure asked', async () => {
    // The same rule as the page's words and the undo's guard: who undoes it is told so, by name for a personal journal.
    const undo = await undoersOf(db, rights.journal)
    await notify(db, {
      readers: [userId, ...undo.ids],
      type: 'd',
      eventKey: `erasure:${id}:asked`,
      msgKey: undo.kind === 'owner' ? 'notification.erasureAskedOwner' : 'notification.erasureAsked',
      params: { student: rights.student.name, date: formatDate(dueAt), ...(undo.kind === 'owner' ? { owner: undo.owner } : {}) },
      link: `/diary/homework/${rights.journal.id}/student/${studentId}/erase`,
      actorId: userId,
      journalId: rights.journal.id,
    })
  })
  return { ok: true, id, dueAt }
}

/** Who is told of an erasure: who asked for it and who may undo it (the rule of rights.server.ts). */
async function erasureReaders(db: DB, e: { requestedBy: number | null; teamId: number | null; journalId: number | null }) {
  const journal = e.journalId === null ? undefined : await db.selectFrom('journals').select('owner_id').where('id', '=', e.journalId).executeTakeFirst()
  const undo = await undoersOf(db, { teamId: e.teamId, ownerId: journal?.owner_id ?? null })
  return [...(e.requestedBy === null ? [] : [e.requestedBy]), ...undo.ids]
}

/**
 * Undoes a pending erasure: the account signs in again and is back in the journals it left. The
 * notices that it "will be erased on …" are retired, and those who had them (who asked, who may
 * undo) are told it was undone, and by whom. 'stale' when it is no longer pending.
 */
export async function undoErasure(db: DB, erasureId: number, userId: number, now = new Date()): Promise<'ok' | 'stale'> {
  const undone = await db.transaction().execute(async (trx) => {
    const e = await trx.selectFrom('student_erasures').select(['student_id', 'memberships', 'requested_by as requestedBy', 'team_id as teamId', 'journal_id as journalId']).where('id', '=', erasureId).where('status', '=', 'pending').executeTakeFirst()
    if (!e || e.student_id === null) return null
    const r = await trx.updateTable('student_erasures').set({ status: 'undone', undone_by: userId, undone_at: now.toISOString() }).where('id', '=', erasureId).where('status', '=', 'pending').executeTakeFirst()
    if (Number(r.numUpdatedRows) !== 1) return null
    const journals = JSON.parse(e.memberships) as number[]
    if (journals.length) await trx.updateTable('journal_members').set({ archived_at: null }).where('user_id', '=', e.student_id).where('journal_id', 'in', journals).execute()
    await trx.updateTable('users').set({ disabled_at: null }).where('id', '=', e.student_id).execute()
    // The notice of the day it would have been erased on is no longer true: it goes with the undo.
    await trx.deleteFrom('notifications').where('event_key', '=', `erasure:${erasureId}:asked`).execute()
    return { ...e, studentId: e.student_id }
  })
  if (!undone) return 'stale'
  await tell('erasure undone', async () => {
    const [student, by] = await Promise.all([
      db.selectFrom('users').select((eb) => eb.fn.coalesce('name', 'account').as('name')).where('id', '=', undone.studentId).executeTakeFirstOrThrow(),
      db.selectFrom('users').select((eb) => eb.fn.coalesce('name', 'account').as('name')).where('id', '=', userId).executeTakeFirstOrThrow(),
    ])
    const readers = (await erasureReaders(db, undone)).filter((id) => id !== userId)
    await notify(db, { readers, type: 'd', eventKey: `erasure:${erasureId}:undone`, msgKey: 'notification.erasureUndone', params: { student: student.name, by: by.name }, link: `/diary/homework/${undone.journalId}/student/${undone.studentId}/erase`, actorId: userId, journalId: undone.journalId })
  })
  return 'ok'
}

/** What an erasure removed, by kind: the log holds these numbers and nothing else of the student. */
export interface ErasureCounts {
  posts: number
  pictures: number
  comments: number
  notifications: number
  alerts: number
  quizAnswers: number
  ebooks: number
  sessions: number
  tickets: number
  exports: number
  journals: number
  views: number
}

const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await q.executeTakeFirstOrThrow()).n)

/**
 * Erases one student for good: their alerts become anonymous rows (kept for the school's figures),
 * then every row of theirs goes: posts (with their frames, feelings, the comments on them, reads,
 * stars, revisions, flags), pictures, notifications about them, quiz answers, e-books, exports,
 * the looks at them, sessions, login codes, memberships, and the account. Claimed by one
 * conditional update in the same transaction: two processes erase once. Null when not due or taken.
 */
export async function eraseForGood(db: DB, dir: ExportDir, erasureId: number, now = new Date()) {
  const e = await db.selectFrom('student_erasures').select(['student_id', 'team_id', 'journal_id', 'requested_by', 'requested_at']).where('id', '=', erasureId).executeTakeFirst()
  if (!e?.student_id) return null
  const studentId = e.student_id
  const result = await db.transaction().execute(async (trx) => {
    const claimed = await trx.updateTable('student_erasures').set({ status: 'done', done_at: now.toISOString() }).where('id', '=', erasureId).where('status', '=', 'pending').where('due_at', '<=', now.toISOString()).executeTakeFirst()
    if (Number(claimed.numUpdatedRows) !== 1) return null
    const student = await trx.selectFrom('users').select(['account']).where('id', '=', studentId).executeTakeFirstOrThrow()
    const postIds = trx.selectFrom('posts').select('id').where('creator_id', '=', studentId)
    const c: ErasureCounts = {
      posts: await count(trx.selectFrom('posts').select((eb) => eb.fn.countAll().as('n')).where('creator_id', '=', studentId)),
      pictures: await count(trx.selectFrom('post_pictures').select((eb) => eb.fn.countAll().as('n')).where('owner_id', '=', studentId)),
      comments: await count(trx.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('post_id', 'in', postIds)),
      notifications: await count(trx.selectFrom('notifications').select((eb) => eb.fn.countAll().as('n')).where((eb) => eb.or([eb('actor_id', '=', studentId), eb('user_id', '=', studentId)]))),
      alerts: await count(trx.selectFrom('risk_alerts').select((eb) => eb.fn.countAll().as('n')).where('student_id', '=', studentId)),
      quizAnswers: await count(trx.selectFrom('quiz_results').select((eb) => eb.fn.countAll().as('n')).where('student_id', '=', studentId)),
      ebooks: await count(trx.selectFrom('ebooks').select((eb) => eb.fn.countAll().as('n')).where('student_id', '=', studentId)),
      sessions: await count(trx.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', studentId)),
      tickets: await count(trx.selectFrom('plan_codes').select((eb) => eb.fn.countAll().as('n')).where('used_by', '=', studentId)),
      exports: await count(trx.selectFrom('student_exports').select((eb) => eb.fn.countAll().as('n')).where('student_id', '=', studentId)),
      journals: await count(trx.selectFrom('journal_members').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', studentId)),
      views: await count(trx.selectFrom('student_views').select((eb) => eb.fn.countAll().as('n')).where('student_id', '=', studentId)),
    }
    // "An alert of a student since erased": what the school's statistics need, nothing of the child.
    const alerts = await trx.selectFrom('risk_alerts').select(['journal_id', 'rule', 'severity', 'status', 'verdict', 'flagged_by', 'created_at', 'resolved_at']).where('student_id', '=', studentId).execute()
    if (alerts.length) {
      await trx
        .insertInto('erased_alerts')
        .values(alerts.map((a) => ({ journal_id: a.journal_id, rule: a.rule, severity: a.severity, status: a.status, verdict: a.verdict, flagged: a.flagged_by === null ? 0 : 1, created_at: a.created_at, resolved_at: a.resolved_at })))
        .execute()
    }
    await trx.deleteFrom('risk_alerts').where('student_id', '=', studentId).execute()
    await trx.deleteFrom('notifications').where((eb) => eb.or([eb('actor_id', '=', studentId), eb('user_id', '=', studentId)])).execute()
    // The notices that an erasure was asked for (this one, and any undone before) name the student: they go too.
    const asked = await trx.selectFrom('student_erasures').select('id').where('student_id', '=', studentId).execute()
    await trx.deleteFrom('notifications').where('event_key', 'in', asked.flatMap((a) => [`erasure:${a.id}:asked`, `erasure:${a.id}:undone`])).execute()
    await trx.deleteFrom('ebooks').where('student_id', '=', studentId).execute()
    await trx.deleteFrom('posts').where('creator_id', '=', studentId).execute()
    await trx.deleteFrom('post_pictures').where('owner_id', '=', studentId).execute()
    await trx.deleteFrom('quiz_results').where('student_id', '=', studentId).execute()
    await trx.deleteFrom('student_cases').where('student_id', '=', studentId).execute()
    await trx.deleteFrom('student_views').where('student_id', '=', studentId).execute()
    await trx.deleteFrom('sessions').where('user_id', '=', studentId).execute()
    // A login code the student used is spent: it stays the school's, ended, with nobody on it.
    await trx.updateTable('plan_codes').set({ used_by: null, exchange_expire_date: now.toISOString() }).where('used_by', '=', studentId).execute()
    await trx.deleteFrom('login_attempts').where('key', '=', `account:${student.account}`).execute()
    await trx.deleteFrom('journal_members').where('user_id', '=', studentId).execute()
    const exportTokens = await trx.selectFrom('student_exports').select('token').where('student_id', '=', studentId).execute()
    // The rest of the account's rows (credentials, identities, avatar, codes, exports) go with it.
    await trx.deleteFrom('users').where('id', '=', studentId).execute()
    await trx.updateTable('student_erasures').set({ counts: JSON.stringify(c), student_id: null }).where('id', '=', erasureId).execute()
    const journal = e.journal_id === null ? undefined : await trx.selectFrom('journals').select(['name', 'owner_id']).where('id', '=', e.journal_id).executeTakeFirst()
    await trx
      .insertInto('team_log')
      .values({ team_id: e.team_id, owner_id: e.team_id === null ? (journal?.owner_id ?? null) : null, kind: 'erasure', details: JSON.stringify({ counts: c, journal: journal?.name ?? null, requestedAt: e.requested_at }), at: now.toISOString() })
      .execute()
    return { counts: c, exportTokens: exportTokens.map((x) => x.token) }
  })
  if (!result) return null
  // The files after the rows: no link reaches them any more.
  removeExportFiles(dir, result.exportTokens)
  if (e.requested_by !== null) {
    const readers = await erasureReaders(db, { requestedBy: e.requested_by, teamId: e.team_id, journalId: e.journal_id })
    await tell('erasure done', () => notify(db, { readers, type: 'd', eventKey: `erasure:${erasureId}:done`, msgKey: 'notification.erasureDone', params: { posts: result.counts.posts, pictures: result.counts.pictures }, link: e.team_id === null ? '/diary' : '/team/my?tab=data', journalId: null }))
  }
  return result.counts
}

/** The daily job's part: every erasure whose 30 days are over. Returns how many were erased here. */
export async function runDueErasures(db: DB, dir: ExportDir, now = new Date()) {
  const due = await db.selectFrom('student_erasures').select('id').where('status', '=', 'pending').where('due_at', '<=', now.toISOString()).execute()
  let erased = 0
  for (const d of due) if (await eraseForGood(db, dir, d.id, now)) erased++
  return erased
}

/** The school's log of its duties (erasures, retention runs), newest first: counts and dates only. */
export async function teamLog(db: DB, scope: { teamId: number } | { ownerId: number }, limit = 50) {
  const q = db.selectFrom('team_log').select(['id', 'kind', 'details', 'at']).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit)
  const rows = await ('teamId' in scope ? q.where('team_id', '=', scope.teamId) : q.where('owner_id', '=', scope.ownerId)).execute()
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }))
}

/** The erasures waiting in a team's journals, for its admins to see and undo. */
export async function pendingErasuresOfTeam(db: DB, teamId: number) {
  return db
    .selectFrom('student_erasures as e')
    .innerJoin('users as s', 's.id', 'e.student_id')
    .leftJoin('users as u', 'u.id', 'e.requested_by')
    .leftJoin('journals as j', 'j.id', 'e.journal_id')
    .select((eb) => ['e.id', 'e.student_id as studentId', 'e.journal_id as journalId', 'e.requested_at as requestedAt', 'e.due_at as dueAt', 'j.name as journal', eb.fn.coalesce('s.name', 's.account').as('student'), eb.fn.coalesce('u.name', 'u.account').as('by')])
    .where('e.team_id', '=', teamId)
    .where('e.status', '=', 'pending')
    .orderBy('e.due_at')
    .execute()
}

/**
 * The erasures waiting for students of this journal (their membership set aside by the erasure):
 * the owner's way back to them from the journal's students, where asking one lands (decision 0061).
 */
export async function pendingErasuresOfJournal(db: DB, journalId: number) {
  return db
    .selectFrom('student_erasures as e')
    .innerJoin('journal_members as m', (j) => j.onRef('m.user_id', '=', 'e.student_id').on('m.journal_id', '=', journalId).on('m.role', '=', 'student'))
    .innerJoin('users as s', 's.id', 'e.student_id')
    .select((eb) => ['e.id', 'e.student_id as studentId', 'e.due_at as dueAt', eb.fn.coalesce('s.name', 's.account').as('student')])
    .where('e.status', '=', 'pending')
    .orderBy('e.due_at')
    .execute()
}
