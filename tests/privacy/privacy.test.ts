import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { recordFinding } from '~/features/alerts/raise.server'
import { actOnAlert, alertFeedback, erasedAlertCount } from '~/features/alerts/manage.server'
import { verifyLogin } from '~/features/auth/accounts.server'
import { openBook, choosePosts } from '~/features/ebooks/books.server'
import { submitAnswers } from '~/features/assessments/results.server'
import { addComment } from '~/features/posts/comments.server'
import { eraseForGood, pendingErasureOf, requestErasure, runDueErasures, teamLog, undoErasure } from '~/features/privacy/erase.server'
import { exportFile, runExport, startExport } from '~/features/privacy/export.server'
import { studentDataRights } from '~/features/privacy/rights.server'
import { looksCsv } from '~/features/privacy/looks-csv.server'
import { looksAt, recordLook } from '~/features/privacy/views.server'
import { createPost } from '~/features/students/posts.server'
import { translatorOf } from '~/i18n/middleware.server'
import { DIALECTS, freshDatabase } from '../support/db'
import { safeguardingSchool } from '../support/journals'

const DAY = 86_400_000
const PICTURE = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex')

/** Every column that can hold a user's id: after an erasure none may hold the student's. */
const USER_COLUMNS: [string, string][] = [
  ['users', 'id'], ['credentials', 'user_id'], ['sessions', 'user_id'], ['email_codes', 'user_id'], ['user_plans', 'user_id'], ['team_members', 'user_id'],
  ['classes', 'owner_id'], ['journals', 'owner_id'], ['journal_members', 'user_id'], ['posts', 'creator_id'], ['comments', 'author_id'], ['samples', 'owner_id'],
  ['plan_codes', 'owner_id'], ['plan_codes', 'used_by'], ['comment_library', 'owner_id'], ['student_cases', 'student_id'], ['student_cases', 'teacher_id'],
  ['post_collections', 'user_id'], ['post_reads', 'user_id'], ['post_revisions', 'author_id'], ['post_pictures', 'owner_id'], ['password_resets', 'user_id'],
  ['user_identities', 'user_id'], ['vouchers', 'owner_id'], ['vouchers', 'transferred_to'], ['avatars', 'user_id'], ['sent_mails', 'sender_id'],
  ['quiz_results', 'student_id'], ['journal_quizzes', 'opened_by'], ['notifications', 'user_id'], ['notifications', 'actor_id'], ['risk_alerts', 'student_id'],
  ['risk_alerts', 'flagged_by'], ['risk_alerts', 'taken_by'], ['risk_alert_steps', 'user_id'], ['alert_escalations', 'user_id'], ['alert_escalations', 'escalated_by'],
  ['ebooks', 'student_id'], ['ebooks', 'made_by'], ['student_exports', 'student_id'], ['student_exports', 'requested_by'], ['student_erasures', 'student_id'],
  ['student_views', 'student_id'], ['student_views', 'viewer_id'], ['team_log', 'owner_id'], ['family_packs', 'student_id'], ['family_packs', 'made_by'],
]

describe.each(DIALECTS)('a student\'s data on %s', (dialect) => {
  let conn: Awaited<ReturnType<typeof freshDatabase>>
  let s: Awaited<ReturnType<typeof safeguardingSchool>>
  let dir: string
  const posts: number[] = []
  const t = translatorOf('en')
  const rights = (userId: number, student = s.id.amy, journal = s.journalId) => studentDataRights(conn.db, String(journal), String(student), userId)

  beforeAll(async () => {
    conn = await freshDatabase(dialect)
    s = await safeguardingSchool(conn.db)
    dir = mkdtempSync(path.join(os.tmpdir(), 'exports-'))
    const pictureIds = ['0a0a0a0a-0000-4000-8000-00000000000a', '0b0b0b0b-0000-4000-8000-00000000000b']
    for (const id of pictureIds) await conn.db.insertInto('post_pictures').values({ id, owner_id: s.id.amy, content_type: 'image/png', data: PICTURE, width: 1, height: 1, created_at: new Date().toISOString() }).execute()
    for (let i = 1; i <= 6; i++) {
      posts.push(await createPost(conn.db, s.id.amy, s.journalId, { title: `Day ${i}`, diaryDate: `2026-10-0${i}`, event: `We played game ${i}.`, emotions: ['3'], behaviour: '9', behaviourText: 'I said thank you.' }, i <= 2 ? `/pictures/${pictureIds[i - 1]}` : null))
    }
    await createPost(conn.db, s.id.ben, s.journalId, { title: 'Ben day', diaryDate: '2026-10-01', event: 'Ben played.', emotions: ['3'], behaviour: '9', behaviourText: '' })
    await addComment(conn.db, { postId: posts[0], authorId: s.id.owner, comment: 'Lovely picture!', type: 3, block: null })
    await recordFinding(conn.db, s.journalId, s.id.amy, { rule: 'streak', severity: 'medium', reasons: { rule: 'streak', length: 3, negativeShare: 0.3, posts: [] }, evidence: [] })
    const quiz = await conn.db.selectFrom('quizzes').select(['id', 'questions']).where('lang', '=', 'en').executeTakeFirstOrThrow()
    const { id: runId } = await conn.db.insertInto('journal_quizzes').values({ journal_id: s.journalId, quiz_id: quiz.id, round: 1, opened_by: s.id.owner, opened_at: new Date().toISOString(), closed_at: null }).returning('id').executeTakeFirstOrThrow()
    const questions = JSON.parse(quiz.questions) as { options: { grade: number }[] }[]
    await submitAnswers(conn.db, { journalId: s.journalId, runId, studentId: s.id.amy, answers: questions.map((q) => q.options[0].grade), total: 1 })
    const book = (await openBook(conn.db, s.journalId, s.id.amy, { userId: s.id.owner, kind: 'teacher' }))!
    await choosePosts(conn.db, (await import('~/features/ebooks/books.server').then((m) => m.bookFor(conn.db, book, { userId: s.id.owner, kind: 'teacher' })))!, posts.slice(0, 2))
    await conn.db.insertInto('sessions').values({ id: 'amy-session', user_id: s.id.amy, data: '{}', expires_at: new Date(Date.now() + DAY).toISOString(), created_at: new Date().toISOString(), values_changed_at: null }).execute()
    await conn.db.insertInto('avatars').values({ id: 'amy-avatar', user_id: s.id.amy, data: PICTURE, created_at: new Date().toISOString() }).execute()
    await conn.db.insertInto('plan_codes').values({ exchange_code: 'AMYCODE1', owner_id: s.id.owner, book_id: null, plan_days: 365, student_limit: 1, exchange_expire_date: new Date(Date.now() + 100 * DAY).toISOString(), sold_date: new Date().toISOString(), used_by: s.id.amy, use_date: new Date().toISOString(), use_expire_date: new Date(Date.now() + 300 * DAY).toISOString(), journal_id: s.journalId, created_at: new Date().toISOString(), renewed_into: null }).execute()
    await recordLook(conn.db, { viewerId: s.id.owner, studentIds: [s.id.amy], kind: 'posts', journalId: s.journalId })
  })
  afterAll(async () => {
    await conn.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('the owner and the team\'s admin may export and erase; a co-teacher, the counsellor and another school\'s admin are refused', async () => {
    expect(await rights(s.id.owner)).toMatchObject({ mayErase: true, mayUndo: false, student: { account: 'amy' } })
    expect(await rights(s.id.admin)).toMatchObject({ mayErase: true, mayUndo: true })
    for (const who of ['cot', 'counsellor', 'otheradmin', 'solo']) await expect(rights(s.id[who]), who).rejects.toMatchObject({ init: { status: 403 } })
    // A student not of this journal, or no such journal: 404.
    await expect(rights(s.id.owner, s.id.cara)).rejects.toMatchObject({ init: { status: 404 } })
    await expect(rights(s.id.owner, s.id.amy, 999_999)).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('one zip with the posts as JSON and PDF, the pictures, the comments, the quiz answers, the e-book and a README; a second start joins the running one', async () => {
    const [a, b] = await Promise.all([
      startExport(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.owner, lang: 'en' }),
      startExport(conn.db, { journalId: s.journalId, studentId: s.id.amy, userId: s.id.admin, lang: 'en' }),
    ])
    expect(a.id).toBe(b.id)
    expect([a.started, b.started].sort()).toEqual([false, true])
    await runExport(conn.db, a.id, dir, t)
    const row = await conn.db.selectFrom('student_exports').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'done', done: row.total })
    const access = await exportFile(conn.db, dir, { journalId: s.journalId, studentId: s.id.amy, exportId: a.id })
    if (!access.ok) throw new Error(access.why)
    const files = unzipSync(readFileSync(access.file))
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'ebooks.json', 'pictures/0a0a0a0a-0000-4000-8000-00000000000a.png', 'pictures/0b0b0b0b-0000-4000-8000-00000000000b.png', 'posts.json', 'posts.pdf', 'profile.json', 'quiz-answers.json'])
    const json = JSON.parse(new TextDecoder().decode(files['posts.json']))
    expect(json.map((p: { title: string }) => p.title)).toEqual(['Day 1', 'Day 2', 'Day 3', 'Day 4', 'Day 5', 'Day 6'])
    expect(json[0]).toMatchObject({ frames: expect.arrayContaining([expect.objectContaining({ picture: 'pictures/0a0a0a0a-0000-4000-8000-00000000000a.png' })]), feelings: [{ code: '3', name: 'Happy' }], comments: [{ by: 'OWNER', text: 'Lovely picture!' }] })
    expect(Buffer.from(files['pictures/0a0a0a0a-0000-4000-8000-00000000000a.png']).equals(PICTURE)).toBe(true)
    expect(new TextDecoder().decode(files['posts.pdf'].subarray(0, 5))).toBe('%PDF-')
    expect(JSON.parse(new TextDecoder().decode(files['quiz-answers.json']))[0].answers.length).toBeGreaterThan(0)
    expect(JSON.parse(new TextDecoder().decode(files['ebooks.json']))[0]).toMatchObject({ posts: posts.slice(0, 2), pdf: null })
    expect(new TextDecoder().decode(files['README.txt'])).toContain('posts.json')
    // Nothing of Ben's.
    expect(new TextDecoder().decode(files['posts.json'])).not.toContain('Ben')
    // The link: refused after seven days, for another student or journal, and while running.
    expect(await exportFile(conn.db, dir, { journalId: s.journalId, studentId: s.id.amy, exportId: a.id }, new Date(Date.now() + 8 * DAY))).toEqual({ ok: false, why: 'expired' })
    expect(await exportFile(conn.db, dir, { journalId: s.journalId, studentId: s.id.ben, exportId: a.id })).toEqual({ ok: false, why: 'missing' })
    expect(await exportFile(conn.db, dir, { journalId: s.soloJournalId, studentId: s.id.amy, exportId: a.id })).toEqual({ ok: false, why: 'missing' })
  })

  it("writes its days in the school's zone, not UTC's: the README, the readable PDF, the file's name and who looked (decision 0063)", async () => {
    // 17:30 UTC on 26 November is 01:30 on the 27th in Taipei, the journal's zone. (Ben's data, in a
    // folder of its own: Amy's export and looks are the erasure's below.)
    const at = new Date('2026-11-26T17:30:00Z')
    const own = mkdtempSync(path.join(os.tmpdir(), 'exports-zone-'))
    vi.useFakeTimers({ toFake: ['Date'], now: at })
    try {
      const { id } = await startExport(conn.db, { journalId: s.journalId, studentId: s.id.ben, userId: s.id.owner, lang: 'en' })
      await runExport(conn.db, id, own, t)
      const access = await exportFile(conn.db, own, { journalId: s.journalId, studentId: s.id.ben, exportId: id })
      if (!access.ok) throw new Error(access.why)
      expect(access.name).toBe('ben-2026-11-27.zip')
      const zip = unzipSync(readFileSync(access.file))
      const readme = new TextDecoder().decode(zip['README.txt'])
      const pdf = await getDocument({ data: new Uint8Array(zip['posts.pdf']), useSystemFonts: false }).promise
      expect((await (await pdf.getPage(1)).getTextContent()).items.map((x) => ('str' in x ? x.str : '')).join(' ')).toContain('Made on 2026-11-27')
      expect(readme).toContain('Made on 2026-11-27 by the school console.')
      expect(readme).toContain("in the school's time zone (Asia/Taipei)")
      await recordLook(conn.db, { viewerId: s.id.admin, studentIds: [s.id.ben], kind: 'exports', journalId: s.journalId, timeZone: 'Asia/Taipei' }, at)
    } finally {
      vi.useRealTimers()
      rmSync(own, { recursive: true, force: true })
    }
    const csv = await looksCsv(conn.db, s.id.ben, t)
    const admin = csv.split('\r\n').find((line) => line.includes('"ADMIN"'))
    expect(admin).toBe('"2026-11-27","ADMIN","admin","exports","Class 5","2026-11-27 01:30","2026-11-27 01:30"')
  })

  it('who looked: one row per person, student and day, the kinds together', async () => {
    await recordLook(conn.db, { viewerId: s.id.owner, studentIds: [s.id.amy], kind: 'alerts', journalId: s.journalId })
    await recordLook(conn.db, { viewerId: s.id.owner, studentIds: [s.id.amy], kind: 'posts', journalId: s.journalId })
    await recordLook(conn.db, { viewerId: s.id.cot, studentIds: [s.id.amy, s.id.ben], kind: 'report', journalId: s.journalId })
    const looks = await looksAt(conn.db, s.id.amy)
    expect(looks.map((l) => [l.who, l.what])).toEqual(expect.arrayContaining([['OWNER', ['posts', 'alerts']], ['COT', ['report']]]))
    expect(looks).toHaveLength(2)
  })

  it('erasing twice at once makes one erasure; the account is locked and off the lists; the admin undoes it', async () => {
    const [one, two] = await Promise.all([requestErasure(conn.db, await rights(s.id.owner), s.id.owner), requestErasure(conn.db, await rights(s.id.admin), s.id.admin)])
    expect([one.ok, two.ok].sort()).toEqual([false, true])
    expect([one, two].find((r) => !r.ok)).toEqual({ ok: false, why: 'already' })
    expect(await conn.db.selectFrom('student_erasures').select('id').where('status', '=', 'pending').execute()).toHaveLength(1)
    expect(await verifyLogin(conn.db, 'amy', 'secret-pass-1', 'student')).toBeNull()
    expect(await conn.db.selectFrom('sessions').select('id').where('user_id', '=', s.id.amy).execute()).toEqual([])
    expect((await conn.db.selectFrom('journal_members').select('archived_at').where('user_id', '=', s.id.amy).executeTakeFirstOrThrow()).archived_at).not.toBeNull()
    const pending = (await pendingErasureOf(conn.db, s.id.amy))!
    expect(await undoErasure(conn.db, pending.id, s.id.admin)).toBe('ok')
    expect(await undoErasure(conn.db, pending.id, s.id.admin)).toBe('stale')
    expect(await verifyLogin(conn.db, 'amy', 'secret-pass-1', 'student')).toBe(s.id.amy)
    expect((await conn.db.selectFrom('journal_members').select('archived_at').where('user_id', '=', s.id.amy).executeTakeFirstOrThrow()).archived_at).toBeNull()
    // Undone, nothing was erased; the job finds nothing due.
    expect(await runDueErasures(conn.db, dir, new Date(Date.now() + 40 * DAY))).toBe(0)
    expect(await conn.db.selectFrom('posts').select('id').where('creator_id', '=', s.id.amy).execute()).toHaveLength(6)
  })

  it('thirty days later the job erases for good, once across two processes: no row and no file of the student remain; the log holds counts', async () => {
    const [amysAlert] = await conn.db.selectFrom('risk_alerts').select('id').where('student_id', '=', s.id.amy).execute()
    await actOnAlert(conn.db, s.journalId, amysAlert.id, s.id.owner, { intent: 'resolve', note: 'A game they play.', verdict: 'false_alarm' })
    const before = await alertFeedback(conn.db, [s.journalId])
    const asked = await requestErasure(conn.db, await rights(s.id.owner), s.id.owner)
    if (!asked.ok) throw new Error(asked.why)
    const files = readdirSync(dir)
    expect(files.length).toBe(1)
    expect(await runDueErasures(conn.db, dir, new Date(Date.now() + 29 * DAY))).toBe(0)
    const later = new Date(Date.now() + 31 * DAY)
    const other = conn.another ? await conn.another() : null
    try {
      const done = await Promise.all([eraseForGood(conn.db, dir, asked.id, later), eraseForGood((other ?? conn).db, dir, asked.id, later)])
      expect(done.filter(Boolean)).toHaveLength(1)
    } finally {
      await other?.close()
    }
    for (const [table, column] of USER_COLUMNS) {
      const rows = await conn.db.selectFrom(table as 'users').select(column as 'id').where(column as 'id', '=', s.id.amy).execute()
      expect(rows, `${table}.${column}`).toEqual([])
    }
    // Nor the student's name in any text kept (notifications' parameters, the log).
    for (const table of ['notifications', 'team_log', 'student_erasures', 'risk_alerts', 'alert_escalations']) {
      const rows = await conn.db.selectFrom(table as 'notifications').selectAll().execute()
      expect(JSON.stringify(rows), table).not.toMatch(/\bAMY\b|"amy"/)
    }
    expect(readdirSync(dir)).toEqual([])
    expect(existsSync(path.join(dir, files[0]))).toBe(false)
    // The school keeps the count of the student's alert, anonymous, and the log's counts.
    expect(await conn.db.selectFrom('erased_alerts').select(['rule', 'severity', 'verdict']).execute()).toEqual([{ rule: 'streak', severity: 'medium', verdict: 'false_alarm' }])
    expect(await alertFeedback(conn.db, [s.journalId])).toEqual(before)
    expect(await erasedAlertCount(conn.db, s.journalId)).toBe(1)
    const [entry] = await teamLog(conn.db, { teamId: s.teamId })
    expect(entry).toMatchObject({ kind: 'erasure', details: { journal: 'Class 5', counts: { posts: 6, pictures: 2, comments: 1, alerts: 1, quizAnswers: 1, ebooks: 1, tickets: 1, exports: 1, journals: 1 } } })
    // A login code the student used is ended, not free again.
    expect(await conn.db.selectFrom('plan_codes').select(['used_by']).where('exchange_code', '=', 'AMYCODE1').executeTakeFirstOrThrow()).toEqual({ used_by: null })
    // Ben and his post are untouched.
    expect(await conn.db.selectFrom('posts').select('title').where('creator_id', '=', s.id.ben).execute()).toEqual([{ title: 'Ben day' }])
    expect(await verifyLogin(conn.db, 'amy', 'secret-pass-1', 'student')).toBeNull()
  })
})
