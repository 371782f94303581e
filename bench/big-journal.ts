// The bench's large journal (decision 0014): 200 students and 20,000 posts over 200 days, with their
// frames, emotions, behaviours and a comment on one post in ten (a few hours after the post),
// owned by the demo teacher. Events vary over a dozen everyday texts, whose topics (decision 0049) are
// read once each with the app's own analysis and written with the posts, as a student's save does.
import { sql } from 'kysely'
import { connect } from '../app/db/connect.server'
import { EMOTIONS } from '../app/features/posts/constants'
import { TOPIC_LEXICON_VERSION } from '../app/features/topics/lexicon'
import { topicsOfText } from '../app/features/topics/match.server'
import { postText } from '../app/features/topics/assign.server'

const EVENTS = [
  'We had a maths quiz today and I was not ready for it.',
  'My best friend sat with someone else at lunch.',
  'My little sister broke my pencil case.',
  'Our teacher read us a funny story.',
  'We played football at recess and our team won.',
  'I had a fever and stayed home from school.',
  'My dog learned a new trick.',
  'I played video games until late and was tired in the morning.',
  'My grandpa passed away last week.',
  'Nobody wanted to play with me, I felt left out.',
  'It rained so our field trip to the zoo was cancelled.',
  'I helped in the library after class.',
]

export const BIG = { students: 200, posts: 20_000, days: 200 }

export async function seedBigJournal(options: { databaseUrl?: string; sqliteFile?: string }, size: { posts: number; students: number; days: number; owner: string } = { ...BIG, owner: 'teacher@demo.test' }) {
  const { db } = connect(options)
  const teacher = await db.selectFrom('users').select('id').where('account', '=', size.owner).executeTakeFirstOrThrow()
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const topics = await Promise.all(EVENTS.map((event, i) => topicsOfText(postText(`Post ${i}`, event), 'en')))
  let seed = 7
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const result = await db.transaction().execute(async (trx) => {
    // 200 more students put the demo teacher over the Standard plan's 200, which locks the journals
    // (every page redirects to /diary): the owner is on the Team plan, as a school with classes this
    // large would be.
    const team = await trx.selectFrom('plans').select('id').where('code', '=', 'team').executeTakeFirstOrThrow()
    await trx.updateTable('user_plans').set({ plan_id: team.id }).where('user_id', '=', teacher.id).execute()
    const { id: journalId } = await trx
      .insertInto('journals')
      .values({ owner_id: teacher.id, name: 'Bench journal', description: '', label_color_code: 4, user_classes: '', speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, diary_publish_num: size.students, share_type: '2', sub_type: '', invite_code: 'BENCHJNL', created_at: iso(now - size.days * 86_400_000) })
      .returning('id')
      .executeTakeFirstOrThrow()
    const students: number[] = []
    for (let i = 0; i < size.students; i++) {
      const { id } = await trx
        .insertInto('users')
        .values({ account: `bench${i}@bench.test`, kind: 'student', email: null, email_verified: 1, name: `Bench student ${String(i).padStart(3, '0')}`, locale: 'en', info_set: 1, invite_code: `BENCH${i}`, mode: 'personal', created_at: iso(now), last_login_at: iso(now - i * 3_600_000) })
        .returning('id')
        .executeTakeFirstOrThrow()
      students.push(id)
    }
    await trx.insertInto('journal_members').values(students.map((user_id) => ({ journal_id: journalId, user_id, role: 'student' as const, drp_status: 1, joined_at: iso(now) }))).execute()
    let middlePost = 0
    const BATCH = 500
    for (let start = 0; start < size.posts; start += BATCH) {
      const posts = Array.from({ length: Math.min(BATCH, size.posts - start) }, (_, k) => {
        const n = start + k
        const at = iso(now - size.days * 86_400_000 + Math.floor((n / size.posts) * size.days * 86_400_000))
        return { journal_id: journalId, creator_id: students[n % size.students], title: `Post ${n}`, diary_date: at.slice(0, 10), location: 'School', happen_time: 'Morning', status: 1, score: null, is_video: 0, created_at: at, updated_at: at, topics_version: TOPIC_LEXICON_VERSION }
      })
      const ids = (await trx.insertInto('posts').values(posts).returning('id').execute()).map((r) => r.id)
      if (start <= size.posts / 2 && size.posts / 2 < start + BATCH) middlePost = ids[size.posts / 2 - start]
      const frames = await trx
        .insertInto('post_frames')
        .values(ids.flatMap((post_id, k) => [
          { post_id, position: 1, frame_type: 'event' as const, message: EVENTS[(start + k) % EVENTS.length], img_url: null },
          { post_id, position: 2, frame_type: 'emotion' as const, message: '', img_url: null },
          { post_id, position: 3, frame_type: 'behavior' as const, message: 'I asked my teacher to explain it again.', img_url: null },
        ]))
        .returning(['id', 'post_id', 'position'])
        .execute()
      const emotionFrames = frames.filter((f) => f.position === 2)
      const behaviourFrames = frames.filter((f) => f.position === 3)
      await trx
        .insertInto('post_emotions')
        .values(
          emotionFrames.flatMap((f, k) => {
            const first = EMOTIONS[Math.floor(rand() * EMOTIONS.length)].code
            const second = EMOTIONS[Math.floor(rand() * EMOTIONS.length)].code
            return [{ post_id: f.post_id, frame_id: f.id, emotion_code: first }, ...(k % 3 === 0 && second !== first ? [{ post_id: f.post_id, frame_id: f.id, emotion_code: second }] : [])]
          }),
        )
        .execute()
      await trx.insertInto('post_behaviours').values(behaviourFrames.map((f) => ({ post_id: f.post_id, frame_id: f.id, behaviour_code: 1 + Math.floor(rand() * 10) }))).execute()
      const tagged = ids.flatMap((post_id, k) => topics[(start + k) % EVENTS.length].map((topic) => ({ post_id, topic })))
      if (tagged.length) await trx.insertInto('post_topics').values(tagged).execute()
      // The teacher answers one post in ten, 1 to 40 hours after it (never in the future).
      const commented = posts.map((p, k) => ({ post_id: ids[k], at: Date.parse(p.created_at) + (1 + ((start + k) % 40)) * 3_600_000 })).filter((c, k) => k % 10 === 0 && c.at <= now)
      if (commented.length) await trx.insertInto('comments').values(commented.map((c) => ({ post_id: c.post_id, msg_id: null, author_id: teacher.id, comment: 'Thank you for sharing.', type: 3, status: 1, created_at: iso(c.at), updated_at: iso(c.at) }))).execute()
    }
    return { journalId, middlePost, student: students[0] }
  })
  // Planner statistics, as a database that grew over a year would have (autovacuum, PRAGMA optimize).
  await sql.raw('ANALYZE').execute(db)
  await db.destroy()
  return result
}
