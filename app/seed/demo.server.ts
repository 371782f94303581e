import type { DB } from '~/db/connect.server'
import { hashPassword } from '~/features/auth/password.server'
import { PLANS, TEAM_PLAN_STATUS } from '~/features/plans/constants'
import { TEAM_ROLES } from '~/features/team/constants'
import { ROLE } from '~/features/team/roles'
import { CANNED_COMMENTS } from '~/features/posts/canned-comments'
import { seedContests } from './demo-contests'
import { seedAssessments } from './demo-assessments'
import { seedNotifications } from './demo-notifications'
import { seedAlerts } from './demo-alerts'
import { seedEbooks } from './demo-ebooks'
import { seedCounsel } from './demo-counsel'
import { seedPlatformQuizzes } from '~/features/assessments/quizzes.server'
import { DEMO_CONTENT, POST_FEELINGS } from './demo-content'

export const DEMO_PASSWORD = 'demo-pass-1'
export const DEMO_LOGINS = [
  { account: 'teacher@demo.test', what: 'paid plan, owns the demo journals' },
  { account: 'free@demo.test', what: 'free plan' },
  { account: 'admin@demo.test', what: 'team admin (team mode available)' },
  { account: 'superadmin@demo.test', what: 'team super admin' },
  { account: 'support@demo.test', what: 'team customer service' },
  { account: 'teamteacher@demo.test', what: 'team teacher' },
  { account: 'general@demo.test', what: 'team general account' },
  { account: 'counsellor@demo.test', what: 'team counsellor: /counsellor, two escalated alerts' },
  { account: 'student01@demo.test … student50@demo.test', what: 'students of classes 501 and 502' },
]

/** Plans, pay functions, team roles and the canned comments: reference data every database needs. */
export async function seedReferenceData(db: DB) {
  await seedPlatformQuizzes(db)
  for (const [code, plan] of Object.entries(PLANS)) {
    const existing = await db.selectFrom('plans').select('id').where('code', '=', code).executeTakeFirst()
    if (existing) continue
    const { id } = await db
      .insertInto('plans')
      .values({ code, level: plan.level, student_limit: plan.studentLimit, number_limit: plan.numberLimit })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('plan_functions')
      .values(PLANS.standard.paid.map((f) => ({ plan_id: id, function_id: f, is_pay: (plan.paid as readonly string[]).includes(f) ? 1 : 0 })))
      .execute()
  }
  for (const role of TEAM_ROLES) {
    const existing = await db.selectFrom('team_roles').select('id').where('id', '=', role.id).executeTakeFirst()
    if (!existing) await db.insertInto('team_roles').values({ id: role.id, key: role.key, can_edit_role: role.canEditRole }).execute()
  }
  // Each language's phrases once: a language added later reaches existing databases at the next start.
  for (const lang of new Set(CANNED_COMMENTS.map((c) => c.lang))) {
    const canned = await db.selectFrom('comment_library').select('id').where('is_default', '=', 1).where('lang', '=', lang).executeTakeFirst()
    if (canned) continue
    const at = new Date().toISOString()
    await db.insertInto('comment_library').values(CANNED_COMMENTS.filter((c) => c.lang === lang).map((c) => ({ owner_id: null, comment: c.comment, revise_type: c.type, is_default: 1, lang: c.lang, created_at: at }))).execute()
  }
}

/** A small deterministic PRNG so every fresh demo looks the same. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

const DAY = 86_400_000
const isoDate = (d: Date) => d.toISOString().slice(0, 10)

/** The demo school of the README, written on an empty database in one transaction. */
/** Whether the demo school is there (its paid teacher is). */
export const demoSeeded = async (db: DB) => !!(await db.selectFrom('users').select('id').where('account', '=', 'teacher@demo.test').executeTakeFirst())

export async function seedDemo(db: DB, now = new Date()) {
  if (await demoSeeded(db)) return false
  // One hash for every demo login: they share the demo password.
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const rand = prng(20261121)
  const pick = <T,>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]
  const nowIso = now.toISOString()
  const start = new Date(now.getTime() - 60 * DAY)
  const yearLater = new Date(now.getTime() + 365 * DAY).toISOString()

  await db.transaction().execute(async (trx) => {
    const planId = async (code: string) => (await trx.selectFrom('plans').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
    const [free, standard, team] = [await planId('free'), await planId('standard'), await planId('team')]
    const school = await trx
      .insertInto('schools')
      .values({ country: 'TW', name: '陽光國小 Sunshine Elementary School', level1: null, level2: null, level3: null, created_at: start.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow()

    let inviteSeq = 0
    const addUser = async (u: { account: string; name: string; kind?: 'teacher' | 'student'; locale?: string; gender?: 'm' | 'f'; classId?: number; plan?: number; planEnd?: string | null; schoolId?: number }) => {
      const { id } = await trx
        .insertInto('users')
        .values({
          account: u.account,
          kind: u.kind ?? 'teacher',
          email: u.account,
          email_verified: 1,
          name: u.name,
          nickname: u.name,
          gender: u.gender ?? null,
          locale: u.locale ?? 'en',
          info_set: 1,
          school_id: u.schoolId ?? school.id,
          position: u.kind === 'student' ? null : 'Teacher',
          invite_code: `DEMO${String(++inviteSeq).padStart(4, '0')}`,
          class_id: u.classId ?? null,
          mode: 'personal',
          created_at: start.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.insertInto('credentials').values({ user_id: id, password_hash: passwordHash, updated_at: nowIso }).execute()
      if (u.plan) await trx.insertInto('user_plans').values({ user_id: id, plan_id: u.plan, start_date: start.toISOString(), end_date: u.planEnd ?? null, created_at: nowIso }).execute()
      return id
    }

    const teacher = await addUser({ account: 'teacher@demo.test', name: '林美華 Lin Mei-hua', gender: 'f', plan: standard, planEnd: yearLater })
    const freeTeacher = await addUser({ account: 'free@demo.test', name: 'Chris Evans', gender: 'm', plan: free })
    const { id: teamId } = await trx.insertInto('teams').values({ name: 'Sunshine Elementary Team', school_id: school.id, created_at: start.toISOString() }).returning('id').executeTakeFirstOrThrow()
    await trx
      .insertInto('team_plans')
      .values({ team_id: teamId, plan_id: team, start_date: start.toISOString(), end_date: yearLater, number_limit: PLANS.team.numberLimit, student_limit: PLANS.team.studentLimit, status: TEAM_PLAN_STATUS.inProgress, created_at: nowIso })
      .execute()
    const teamUsers: [string, string, number][] = [
      ['admin@demo.test', '王大明 Wang Da-ming', 2],
      ['superadmin@demo.test', 'Sato Haruka', 1],
      ['support@demo.test', 'Support Desk', 3],
      ['teamteacher@demo.test', '陳怡君 Chen Yi-jun', 4],
      ['general@demo.test', 'Alex Morgan', 5],
    ]
    const teamMember: Record<string, number> = {}
    for (const [account, name, roleId] of teamUsers) {
      const id = await addUser({ account, name, plan: free })
      teamMember[account] = id
      await trx.insertInto('team_members').values({ team_id: teamId, user_id: id, role_id: roleId, joined_at: start.toISOString() }).execute()
    }

    // Vouchers (decision 0020): free@ may use one (and meets an expired one); teacher@'s gift code can be
    // redeemed by anyone else. Two team members registered with teacher@'s invitation code.
    const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10)
    const voucher = (code: string, ownerId: number, expireDate: string) => ({
      code, owner_id: ownerId, plan_id: standard, days: 30, status: 1, expire_date: expireDate, source_key: null, transferred_to: null, used_at: null, created_at: nowIso,
    })
    await trx.insertInto('vouchers').values([voucher('VOUCHER1', freeTeacher, day(180)), voucher('VOUCHOLD', freeTeacher, day(-10)), voucher('GIFT0001', teacher, day(365))]).execute()
    await trx.updateTable('users').set({ invited_by: teacher }).where('account', 'in', ['admin@demo.test', 'general@demo.test']).execute()

    const classes: number[] = []
    for (const no of ['501', '502']) {
      const { id } = await trx.insertInto('classes').values({ owner_id: teacher, school_year: now.getUTCFullYear(), grade: 5, class_no: no }).returning('id').executeTakeFirstOrThrow()
      classes.push(id)
    }
    const students: number[] = []
    for (let i = 1; i <= 50; i++) {
      const n = String(i).padStart(2, '0')
      students.push(await addUser({ account: `student${n}@demo.test`, name: `Student ${n}`, kind: 'student', gender: i % 2 ? 'm' : 'f', classId: classes[i <= 25 ? 0 : 1] }))
    }

    const journals = [
      { name: '501 心情日記', lang: 'zh-TW' as const, members: students.slice(0, 25), color: 1, classes: '501', owner: teacher },
      { name: '502 Feelings Journal', lang: 'en' as const, members: students.slice(25, 50), color: 3, classes: '502', owner: teacher },
      { name: '日本語クラブ日記', lang: 'ja' as const, members: [...students.slice(0, 6), ...students.slice(25, 31)], color: 5, classes: '501,502', owner: teacher },
      { name: 'Reading Club', lang: 'en' as const, members: students.slice(40, 45), color: 6, classes: '', owner: freeTeacher },
      // Made in team mode: the team's to see on /team/my (decision 0032); the others are personal.
      { name: 'Sunshine Team Journal', lang: 'zh-TW' as const, members: students.slice(45, 49), color: 2, classes: '', owner: teamMember['teamteacher@demo.test'], teamId },
    ]
    let code = 0
    for (const j of journals) {
      const { id: journalId } = await trx
        .insertInto('journals')
        .values({
          owner_id: j.owner,
          team_id: 'teamId' in j ? j.teamId : null,
          name: j.name,
          description: '',
          label_color_code: j.color,
          user_classes: j.classes,
          grade: 5,
          speech_lang: j.lang === 'zh-TW' ? 'zh' : j.lang,
          calendar_mode: 0,
          ai_scoring: 0,
          expire_type: 1,
          diary_publish_num: 30,
          share_type: '2',
          sub_type: '',
          invite_code: `JOIN${String(++code).padStart(4, '0')}`,
          invite_code_expires_at: new Date(now.getTime() + 30 * DAY).toISOString(),
          teacher_invite_code: `TEACH${String(code).padStart(3, '0')}`,
          created_at: start.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('journal_members')
        .values(j.members.map((user_id) => ({ journal_id: journalId, user_id, role: 'student' as const, drp_status: 1, joined_at: start.toISOString() })))
        .execute()
      if (j.owner === freeTeacher) {
        // The paid teacher co-teaches the reading club; the free teacher waits for approval on 501.
        await trx.insertInto('journal_members').values({ journal_id: journalId, user_id: teacher, role: 'teacher', drp_status: 1, joined_at: start.toISOString() }).execute()
      } else if (j.lang === 'zh-TW') {
        await trx.insertInto('journal_members').values({ journal_id: journalId, user_id: freeTeacher, role: 'teacher', drp_status: 0, joined_at: start.toISOString() }).execute()
      }
      const content = DEMO_CONTENT[j.lang]
      for (const studentId of j.members) {
        for (let day = Math.floor(rand() * 3); day < 60; day += 2 + Math.floor(rand() * 3)) {
          const t = Math.floor(rand() * content.posts.length)
          const tpl = content.posts[t]
          const feel = POST_FEELINGS[t]
          const at = new Date(start.getTime() + day * DAY + (14 + Math.floor(rand() * 8)) * 3_600_000)
          if (at > now) continue
          const created = at.toISOString()
          const { id: postId } = await trx
            .insertInto('posts')
            .values({ journal_id: journalId, creator_id: studentId, title: tpl.title, diary_date: isoDate(at), location: pick(content.places), happen_time: pick(content.times), status: 1, score: null, is_video: 0, created_at: created, updated_at: created })
            .returning('id')
            .executeTakeFirstOrThrow()
          const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string) =>
            (await trx.insertInto('post_frames').values({ post_id: postId, position, frame_type, message, img_url: null }).returning('id').executeTakeFirstOrThrow()).id
          await frame(1, 'event', tpl.event)
          const emotionFrame = await frame(2, 'emotion', '')
          const behaviourFrame = await frame(3, 'behavior', tpl.behavior)
          const emotions = feel.emotions.filter((_, i) => i === 0 || rand() < 0.5)
          await trx.insertInto('post_emotions').values(emotions.map((emotion_code) => ({ post_id: postId, frame_id: emotionFrame, emotion_code }))).execute()
          await trx.insertInto('post_behaviours').values({ post_id: postId, frame_id: behaviourFrame, behaviour_code: pick(feel.behaviours) }).execute()
          if (rand() < 0.3) {
            // The teacher answers 2 to 40 hours later (the Feedback page's waits, decision 0048); an answer
            // still in the future has not been written: that post waits.
            const answered = new Date(at.getTime() + (2 + (postId % 39)) * 3_600_000)
            const comment = pick(content.comments)
            if (answered <= now) await trx.insertInto('comments').values({ post_id: postId, msg_id: null, author_id: j.owner, comment, type: 3, status: 1, created_at: answered.toISOString(), updated_at: answered.toISOString() }).execute()
          }
        }
      }
    }
    await seedSamplesAndBooks(trx, { teacher, freeTeacher, now })
    await seedLoginCodes(trx, { teacher, now })
    await seedContests(trx, { teacher, now, rand, addUser, students, standard })
    await seedAssessments(trx, { teacher, freeTeacher, now, rand })
    await seedNotifications(trx, { teacher, freeTeacher, now })
    await seedAlerts(trx, { teacher, now })
    await seedEbooks(trx, { teacher, now, password: DEMO_PASSWORD })
    // The counsellor comes last (decision 0046): every other demo account keeps the id it always had.
    const counsellor = await addUser({ account: 'counsellor@demo.test', name: '黃淑芬 Huang Shu-fen', plan: free })
    await trx.insertInto('team_members').values({ team_id: teamId, user_id: counsellor, role_id: ROLE.counsellor, joined_at: start.toISOString() }).execute()
    await seedCounsel(trx, { counsellor, teamTeacher: teamMember['teamteacher@demo.test'], now })
  })
  return true
}

/**
 * teacher@'s login codes for /my/ucp (decision 0023): unsold ones bound to journal 501 and two unbound
 * (renewals use those), one sold with its exchange code, one in use by a student, one expired.
 */
async function seedLoginCodes(trx: DB, { teacher, now }: { teacher: number; now: Date }) {
  const journal = await trx.selectFrom('journals').select('id').where('owner_id', '=', teacher).where('name', '=', '501 心情日記').executeTakeFirstOrThrow()
  const student = await trx.selectFrom('users').select('id').where('account', '=', 'student01@demo.test').executeTakeFirstOrThrow()
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString()
  const code = (extra: Partial<{ exchange_code: string; journal_id: number; sold_date: string; used_by: number; use_date: string; use_expire_date: string; exchange_expire_date: string }>) => ({
    exchange_code: null, owner_id: teacher, book_id: null, plan_days: 365, student_limit: 1, exchange_expire_date: at(200), sold_date: null, created_at: at(-30), ...extra,
  })
  await trx
    .insertInto('plan_codes')
    .values([
      code({ journal_id: journal.id }),
      code({ journal_id: journal.id }),
      code({ journal_id: journal.id, sold_date: at(-5), exchange_code: 'LOGIN0001' }),
      code({ journal_id: journal.id, sold_date: at(-20), exchange_code: 'LOGIN0002', used_by: student.id, use_date: at(-18), use_expire_date: at(347) }),
      code({ journal_id: journal.id, sold_date: at(-400), exchange_code: 'LOGIN0003', used_by: student.id, use_date: at(-399), use_expire_date: at(-34) }),
      code({}),
      code({}),
    ])
    .execute()
}

/**
 * Published samples, two course books (one free, one paid) with resources, plan exchange codes
 * for the paid book (one unused, one used, one past its exchange date).
 */
async function seedSamplesAndBooks(trx: DB, { teacher, freeTeacher, now }: { teacher: number; freeTeacher: number; now: Date }) {
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString()
  const created = at(-30)
  await trx
    .insertInto('samples')
    .values([
      { owner_id: teacher, name: 'Feelings Week (English)', description: 'Five days of writing about one feeling a day.', label_color_code: 3, speech_lang: 'en', ai_scoring: 1, student_limit: 30, published: 1, created_at: created, updated_at: created },
      { owner_id: teacher, name: '情緒小日記（中文）', description: '每天寫下一件事與當時的心情。', label_color_code: 1, speech_lang: 'zh', ai_scoring: 0, student_limit: 20, published: 1, created_at: created, updated_at: at(-20) },
      { owner_id: freeTeacher, name: 'Reading Reflections', description: 'A draft sample that is not published.', label_color_code: 6, speech_lang: 'en', ai_scoring: 0, student_limit: 10, published: 0, created_at: created, updated_at: created },
    ])
    .execute()
  const book = async (values: { name: string; description: string; label_color_code: number; speech_lang: string; student_limit: number; has_pay: number; course_code: string }) =>
    (await trx.insertInto('resource_books').values({ ...values, intro_url: null, created_at: created }).returning('id').executeTakeFirstOrThrow()).id
  const freeBook = await book({ name: 'My Feelings Workbook', description: 'Worksheets for naming and talking about feelings.', label_color_code: 2, speech_lang: 'en', student_limit: 30, has_pay: 0, course_code: 'BOOKFREE' })
  const paidBook = await book({ name: '心情繪本 Mood Picture Book', description: '繪本導讀與學習單。Picture book guides and worksheets.', label_color_code: 4, speech_lang: 'zh', student_limit: 40, has_pay: 1, course_code: 'BOOKPAID' })
  await trx
    .insertInto('resources')
    .values([
      { book_id: freeBook, title: 'Feelings wheel worksheet', link: '/resources/feelings-wheel.pdf', type: 'pdf', sort: 1 },
      { book_id: freeBook, title: 'Talking about feelings: teacher guide', link: '/resources/teacher-guide.pdf', type: 'pdf', sort: 2 },
      { book_id: freeBook, title: 'Mood Diary guides', link: 'https://mooddiary.app/guide', type: 'link', sort: 3 },
      { book_id: paidBook, title: '第一章 學習單 Unit 1 worksheet', link: 'https://mooddiary.app/books/mood-picture-book/unit-1.pdf', type: 'pdf', sort: 1 },
      { book_id: paidBook, title: '繪本朗讀影片 Read-aloud video', link: 'https://mooddiary.app/books/mood-picture-book/read-aloud', type: 'video', sort: 2 },
    ])
    .execute()
  const code = (exchange_code: string, extra: Partial<{ exchange_expire_date: string; used_by: number; use_date: string; use_expire_date: string }> = {}) => ({
    exchange_code, owner_id: null, book_id: paidBook, plan_days: 365, student_limit: 40, exchange_expire_date: at(180), sold_date: created, created_at: created, ...extra,
  })
  await trx
    .insertInto('plan_codes')
    .values([
      code('PLAN0001'),
      code('PLAN0002'),
      code('PLANUSED', { used_by: freeTeacher, use_date: created, use_expire_date: at(335) }),
      code('PLANOLD1', { exchange_expire_date: at(-1) }),
      { ...code('PLANFREE'), book_id: freeBook },
    ])
    .execute()
}
