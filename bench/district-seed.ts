// The bench's district (decision 0050): one team of 50 teachers, each owning a journal of 100 students
// with 10,000 posts over a year (5,000 students, 500,000 posts, with their frames, feelings and
// behaviours, a teacher's comment on one post in ten) and 40 risk alerts (open, acknowledged and
// resolved ones, with their trails), on PostgreSQL; the topics of every post read.
//
// Resumable: every step is idempotent (accounts, members and journals by their unique keys, alerts
// once a journal) and the posts go in batches of 1,000, each one transaction with its frames,
// feelings, behaviours and comments, numbered from the posts already there. A run stopped anywhere
// (Ctrl-C, a killed bench) goes on where it stopped, and a finished district costs a few counts.
// Every value is a function of the journal and the post's number, never of a random generator's
// state, so a resumed district is the one a single run makes.
//
//   tsx bench/district-seed.ts postgres://user:pass@host/db
import { sql } from 'kysely'
import { connect } from '../app/db/connect.server'
import { migrate } from '../app/db/migrate.server'
import { seedReferenceData } from '../app/seed/demo.server'
import { assignPendingTopics } from '../app/features/topics/assign.server'
import { hashPassword } from '../app/features/auth/password.server'
import { EMOTIONS } from '../app/features/posts/constants'
import { TEAM_ROLES } from '../app/features/team/constants'

export const DISTRICT = { journals: 50, studentsPerJournal: 100, postsPerJournal: 10_000, days: 365, alertsPerJournal: 40 }
export const DISTRICT_PASSWORD = 'district-pass-1'
const BATCH = 1000
const DAY = 86_400_000

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
export const teacherAccount = (j: number) => `teacher${pad(j)}@district.test`
const studentAccount = (j: number, s: number) => `s${pad(j)}-${pad(s, 3)}@district.test`
export const journalCode = (j: number) => `DIST${pad(j, 4)}`
/** A number from 0 to 1 of its arguments alone (a hash), for everything that varies. */
const mix = (...xs: number[]) => {
  let h = 2166136261
  for (const x of xs) h = Math.imul(h ^ x, 16777619) >>> 0
  h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0
  return ((h ^ (h >>> 13)) >>> 0) / 2 ** 32
}
const roleId = (key: (typeof TEAM_ROLES)[number]['key']) => TEAM_ROLES.find((r) => r.key === key)!.id

const EVENTS = ['We had a maths quiz today and I was not ready for it.', 'My friend sat with someone else at lunch.', 'We played football in the rain after school.', 'I helped my little brother with his reading.', 'Our class went to the science museum.']
const BEHAVIOURS = ['I asked my teacher to explain it again.', 'I talked with my mother about it.', 'I went for a walk to calm down.', 'I wrote it in my diary and felt better.']

export async function seedDistrict(databaseUrl: string, log: (line: string) => void = (line) => console.error(line)) {
  const conn = connect({ databaseUrl })
  const { db } = conn
  try {
    await migrate(conn)
    await seedReferenceData(db)
    const t0 = Date.now()
    const now = new Date().toISOString()
    const teamPlan = await db.selectFrom('plans').select('id').where('code', '=', 'team').executeTakeFirstOrThrow()

    // The accounts: 50 teachers (they sign in with DISTRICT_PASSWORD) and 5,000 students.
    const teachers = Array.from({ length: DISTRICT.journals }, (_, i) => i + 1)
    const passwordHash = await hashPassword(DISTRICT_PASSWORD)
    const user = (account: string, kind: 'teacher' | 'student', name: string, code: string) => ({ account, kind, email: kind === 'teacher' ? account : null, email_verified: 1, name, nickname: null, gender: null, birthday: null, avatar_url: null, locale: 'en', info_set: 1, school_id: null, position: kind === 'teacher' ? 'Teacher' : null, invite_code: code, invited_by: null, class_id: null, mode: 'personal' as const, last_login_at: null, created_at: now })
    await db.insertInto('users').values(teachers.map((j) => user(teacherAccount(j), 'teacher', `District teacher ${pad(j)}`, `DT${pad(j, 4)}`))).onConflict((oc) => oc.column('account').doNothing()).execute()
    for (const j of teachers) {
      const students = Array.from({ length: DISTRICT.studentsPerJournal }, (_, s) => user(studentAccount(j, s + 1), 'student', `Student ${pad(j)}-${pad(s + 1, 3)}`, `DS${pad(j, 2)}${pad(s + 1, 3)}`))
      await db.insertInto('users').values(students).onConflict((oc) => oc.column('account').doNothing()).execute()
    }
    const teacherIds = new Map((await db.selectFrom('users').select(['id', 'account']).where('account', 'in', teachers.map(teacherAccount)).execute()).map((u) => [u.account, u.id]))
    const tid = (j: number) => teacherIds.get(teacherAccount(j))!
    await db.insertInto('credentials').values(teachers.map((j) => ({ user_id: tid(j), password_hash: passwordHash, updated_at: now }))).onConflict((oc) => oc.column('user_id').doNothing()).execute()
    const planned = new Set((await db.selectFrom('user_plans').select('user_id').where('user_id', 'in', [...teacherIds.values()]).execute()).map((p) => p.user_id))
    const unplanned = teachers.filter((j) => !planned.has(tid(j)))
    if (unplanned.length) await db.insertInto('user_plans').values(unplanned.map((j) => ({ user_id: tid(j), plan_id: teamPlan.id, start_date: now, end_date: null, created_at: now }))).execute()

    // The team: the district's 50 teachers, the first its admin.
    const team =
      (await db.selectFrom('teams').select('id').where('name', '=', 'Bench District').executeTakeFirst()) ??
      (await db.insertInto('teams').values({ name: 'Bench District', school_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow())
    if (!(await db.selectFrom('team_plans').select('id').where('team_id', '=', team.id).executeTakeFirst())) {
      await db.insertInto('team_plans').values({ team_id: team.id, plan_id: teamPlan.id, start_date: now, end_date: new Date(Date.now() + 365 * DAY).toISOString(), number_limit: 100, student_limit: 10_000, status: 1, created_at: now }).execute()
    }
    await db.insertInto('team_members').values(teachers.map((j) => ({ team_id: team.id, user_id: tid(j), role_id: j === 1 ? roleId('admin') : roleId('teamTeacher'), joined_at: now }))).onConflict((oc) => oc.columns(['team_id', 'user_id']).doNothing()).execute()

    // The journals, each over the year before the district was first seeded (a resumed run keeps that year).
    for (const j of teachers) {
      const code = journalCode(j)
      const created = new Date(Date.now() - DISTRICT.days * DAY).toISOString()
      if (!(await db.selectFrom('journals').select('id').where('invite_code', '=', code).executeTakeFirst())) {
        await db.insertInto('journals').values({ owner_id: tid(j), team_id: team.id, name: `District ${pad(j)} Feelings Journal`, description: '', label_color_code: 1 + (j % 6), user_classes: '', grade: null, speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, expire_time: null, diary_publish_num: DISTRICT.studentsPerJournal, share_type: '2', sub_type: '', notify_submit_time: null, notify_stat_time: null, notify_extreme_time: null, invite_code: code, invite_code_expires_at: null, teacher_invite_code: null, resource_book_id: null, contest_id: null, archived_at: null, created_at: created, last_post_at: null }).execute()
      }
    }
    const journals = await db.selectFrom('journals').select(['id', 'invite_code', 'created_at']).where('invite_code', 'in', teachers.map(journalCode)).execute()
    const journalOf = new Map(journals.map((x) => [x.invite_code, x]))

    for (const j of teachers) {
      const journal = journalOf.get(journalCode(j))!
      const students = (await db.selectFrom('users').select('id').where('account', 'in', Array.from({ length: DISTRICT.studentsPerJournal }, (_, s) => studentAccount(j, s + 1))).orderBy('account').execute()).map((u) => u.id)
      await db.insertInto('journal_members').values(students.map((user_id) => ({ journal_id: journal.id, user_id, role: 'student' as const, drp_status: 1, joined_at: journal.created_at }))).onConflict((oc) => oc.columns(['journal_id', 'user_id']).doNothing()).execute()

      // The posts, a batch at a time from those already there.
      const start = Date.parse(journal.created_at)
      const span = DISTRICT.days * DAY
      const at = (n: number) => new Date(start + Math.floor(((n + 0.5) / DISTRICT.postsPerJournal) * span)).toISOString()
      const { n: already } = await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('journal_id', '=', journal.id).executeTakeFirstOrThrow()
      for (let from = Number(already); from < DISTRICT.postsPerJournal; from += BATCH) {
        const count = Math.min(BATCH, DISTRICT.postsPerJournal - from)
        await db.transaction().execute(async (trx) => {
          const posts = Array.from({ length: count }, (_, k) => {
            const n = from + k
            return { journal_id: journal.id, creator_id: students[n % students.length], title: `Day ${Math.floor(n / students.length) + 1}`, diary_date: at(n).slice(0, 10), location: 'School', happen_time: 'Morning', status: 1, score: null, is_video: 0, created_at: at(n), updated_at: at(n) }
          })
          const ids = (await trx.insertInto('posts').values(posts).returning('id').execute()).map((r) => r.id)
          const number = new Map(ids.map((id, k) => [id, from + k]))
          const frames = await trx
            .insertInto('post_frames')
            .values(ids.flatMap((post_id) => {
              const n = number.get(post_id)!
              return [
                { post_id, position: 1, frame_type: 'event' as const, message: EVENTS[Math.floor(mix(j, n, 1) * EVENTS.length)], img_url: null },
                { post_id, position: 2, frame_type: 'emotion' as const, message: '', img_url: null },
                { post_id, position: 3, frame_type: 'behavior' as const, message: BEHAVIOURS[Math.floor(mix(j, n, 2) * BEHAVIOURS.length)], img_url: null },
              ]
            }))
            .returning(['id', 'post_id', 'position'])
            .execute()
          await trx
            .insertInto('post_emotions')
            .values(frames.filter((f) => f.position === 2).flatMap((f) => {
              const n = number.get(f.post_id)!
              const first = EMOTIONS[Math.floor(mix(j, n, 3) * EMOTIONS.length)].code
              const second = EMOTIONS[Math.floor(mix(j, n, 4) * EMOTIONS.length)].code
              return [{ post_id: f.post_id, frame_id: f.id, emotion_code: first }, ...(mix(j, n, 5) < 0.33 && second !== first ? [{ post_id: f.post_id, frame_id: f.id, emotion_code: second }] : [])]
            }))
            .execute()
          await trx.insertInto('post_behaviours').values(frames.filter((f) => f.position === 3).map((f) => ({ post_id: f.post_id, frame_id: f.id, behaviour_code: 1 + Math.floor(mix(j, number.get(f.post_id)!, 6) * 10) }))).execute()
          const commented = ids.filter((id) => number.get(id)! % 10 === 0)
          if (commented.length) await trx.insertInto('comments').values(commented.map((post_id) => ({ post_id, msg_id: null, author_id: tid(j), comment: 'Thank you for sharing.', type: 3, status: 1, created_at: at(number.get(post_id)!), updated_at: at(number.get(post_id)!) }))).execute()
          if (from + count === DISTRICT.postsPerJournal) await trx.updateTable('journals').set({ last_post_at: at(DISTRICT.postsPerJournal - 1) }).where('id', '=', journal.id).execute()
        })
      }
      if (Number(already) < DISTRICT.postsPerJournal) log(`district: journal ${j} of ${DISTRICT.journals}, ${DISTRICT.postsPerJournal.toLocaleString('en')} posts (${Math.round((Date.now() - t0) / 1000)} s)`)

      // Its alerts, once: the newest open, then acknowledged ones, the rest resolved with a verdict.
      if (!(await db.selectFrom('risk_alerts').select('id').where('journal_id', '=', journal.id).executeTakeFirst())) {
        await db.transaction().execute(async (trx) => {
          for (let a = 0; a < DISTRICT.alertsPerJournal; a++) {
            const n = DISTRICT.postsPerJournal - 1 - a * 97
            const post = await trx.selectFrom('posts').select(['id', 'title', 'diary_date', 'creator_id', 'created_at']).where('journal_id', '=', journal.id).where('created_at', '=', at(n)).executeTakeFirstOrThrow()
            const status = a < 8 ? 'open' : a < 12 ? 'acknowledged' : 'resolved'
            const later = (hours: number) => new Date(Date.parse(post.created_at) + hours * 3_600_000).toISOString()
            const reasons = { rule: 'words' as const, posts: [{ id: post.id, title: post.title, diaryDate: post.diary_date, findings: [{ category: 'hopelessness' as const, severity: 'medium' as const, field: 'event' as const, sentence: 'Nothing I do is ever good enough.', words: 'Nothing I do is ever good enough', language: 'en' as const }] }] }
            const { id } = await trx
              .insertInto('risk_alerts')
              .values({ journal_id: journal.id, student_id: post.creator_id, rule: 'words', severity: a % 5 === 0 ? 'high' : 'medium', status, snooze_until: null, reasons: JSON.stringify(reasons), created_at: post.created_at, updated_at: status === 'open' ? post.created_at : later(status === 'resolved' ? 48 : 3), resolved_at: status === 'resolved' ? later(48) : null, verdict: status === 'resolved' ? (a % 7 === 0 ? 'false_alarm' : 'right') : null })
              .returning('id')
              .executeTakeFirstOrThrow()
            const steps = status === 'open' ? [] : status === 'acknowledged' ? (['seen', 'acknowledged'] as const) : (['seen', 'acknowledged', 'resolved'] as const)
            await trx.insertInto('risk_alert_steps').values([{ alert_id: id, user_id: null, action: 'raised' as const, note: '', at: post.created_at }, ...steps.map((action, k) => ({ alert_id: id, user_id: tid(j), action, note: action === 'resolved' ? 'Talked with the student and called home.' : '', at: later([2, 3, 48][k]) }))]).execute()
          }
        })
      }
    }
    // The topics of every post, as the student's save would have read them (decision 0049): left to the
    // app's background tick, a district's first hours spend a core on them and the pages wait.
    for (let read = 0, batch; (batch = await assignPendingTopics(db, 2000)) > 0; ) {
      read += batch
      if (read % 20_000 < 2000) log(`district: topics of ${read.toLocaleString('en')} posts read`)
    }
    // Planner statistics, as a database that grew over a year would have (autovacuum).
    await sql`ANALYZE`.execute(db)
    const { n } = await db.selectFrom('posts as p').innerJoin('journals as j', 'j.id', 'p.journal_id').select((eb) => eb.fn.countAll<number>().as('n')).where('j.invite_code', 'like', 'DIST%').executeTakeFirstOrThrow()
    log(`district: ${DISTRICT.journals} journals, ${Number(n).toLocaleString('en')} posts, ready in ${Math.round((Date.now() - t0) / 1000)} s`)
    // What the bench measures: the first journal, signed in as its owner.
    const first = journalOf.get(journalCode(1))!
    const { last } = await db.selectFrom('posts').select((eb) => eb.fn.max('diary_date').as('last')).where('journal_id', '=', first.id).executeTakeFirstOrThrow()
    return { journalId: first.id, owner: teacherAccount(1), password: DISTRICT_PASSWORD, lastPostDate: last as string, posts: Number(n) }
  } finally {
    await db.destroy()
  }
}

if (process.argv[1]?.endsWith('district-seed.ts')) {
  const url = process.argv[2]
  if (!url?.startsWith('postgres')) {
    console.error('usage: tsx bench/district-seed.ts postgres://user:pass@host/db')
    process.exit(2)
  }
  console.log(JSON.stringify(await seedDistrict(url)))
}
