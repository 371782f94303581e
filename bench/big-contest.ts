// The bench's large contest (decision 0035): 300 teams of 30 students (9,000), five scored quest posts
// each, and teacher@'s team among them; one of its quests has 500 posts (the quest news page).
import { connect } from '../app/db/connect.server'

export const BIG_CONTEST = { teams: 300, studentsPerTeam: 30, postsPerStudent: 5, questPosts: 500 }

export async function seedBigContest(options: { databaseUrl?: string; sqliteFile?: string }) {
  const { db } = connect(options)
  const teacher = await db.selectFrom('users').select('id').where('account', '=', 'teacher@demo.test').executeTakeFirstOrThrow()
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const start = iso(now - 20 * 86_400_000).slice(0, 10)
  let seed = 11
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
  const result = await db.transaction().execute(async (trx) => {
    const { id: contestId } = await trx
      .insertInto('contests')
      .values({ code: 'ct_bench', name: 'Bench contest', starts_at: iso(now - 30 * 86_400_000), ends_at: iso(now + 30 * 86_400_000), max_journals: 1000, created_at: iso(now), ans_days: 45, start_date_min: start, start_date_max: start, quest_number: 3 })
      .returning('id')
      .executeTakeFirstOrThrow()
    const quests: number[] = []
    for (const title of ['Bench quest 1', 'Bench quest 2', 'Bench quest 3']) {
      const { id } = await trx.insertInto('quests').values({ contest_id: contestId, journal_id: null, lang: 'en', title, description: 'A bench quest.', sort: quests.length, created_at: iso(now), updated_at: iso(now) }).returning('id').executeTakeFirstOrThrow()
      await trx.insertInto('quest_frames').values([
        { quest_id: id, position: 1, frame_type: 'event', title: 'What happened?', samples: '[]' },
        { quest_id: id, position: 2, frame_type: 'story', title: 'How did it feel?', samples: '[]' },
        { quest_id: id, position: 3, frame_type: 'behavior', title: 'What did you do?', samples: '[]' },
      ]).execute()
      quests.push(id)
    }
    let student = 0
    let teacherJournal = 0
    let teacherTeam = 0
    for (let t = 0; t < BIG_CONTEST.teams; t++) {
      const owner = t === 0 ? teacher.id : (await trx.insertInto('users').values({ account: `bench-coach${t}@bench.test`, kind: 'teacher', email: null, email_verified: 1, name: `Coach ${t}`, locale: 'en', info_set: 1, invite_code: `BCOACH${t}`, mode: 'personal', created_at: iso(now) }).returning('id').executeTakeFirstOrThrow()).id
      const { id: journalId } = await trx
        .insertInto('journals')
        .values({ owner_id: owner, name: `Bench team ${t}`, description: '', label_color_code: 4, user_classes: '', speech_lang: 'en', calendar_mode: 0, ai_scoring: 0, expire_type: 1, diary_publish_num: 100, share_type: '5', sub_type: '', invite_code: `BCT${t}`, contest_id: contestId, created_at: iso(now - 30 * 86_400_000) })
        .returning('id')
        .executeTakeFirstOrThrow()
      const { id: teamId } = await trx.insertInto('contest_teams').values({ contest_id: contestId, journal_id: journalId, name: `Bench team ${String(t).padStart(3, '0')}`, school_name: `School ${t % 40}`, start_date: start, pick_type: 2, created_at: iso(now) }).returning('id').executeTakeFirstOrThrow()
      await trx.insertInto('journal_quests').values(quests.map((quest_id, position) => ({ journal_id: journalId, quest_id, position }))).execute()
      const members = (
        await trx
          .insertInto('users')
          .values(Array.from({ length: BIG_CONTEST.studentsPerTeam }, () => ({ account: `bench-s${++student}@bench.test`, kind: 'student' as const, email: null, email_verified: 1, name: `Student ${student}`, locale: 'en', info_set: 1, invite_code: `BS${student}`, mode: 'personal' as const, created_at: iso(now) })))
          .returning('id')
          .execute()
      ).map((r) => r.id)
      await trx.insertInto('journal_members').values(members.map((user_id) => ({ journal_id: journalId, user_id, role: 'student' as const, drp_status: 1, joined_at: iso(now) }))).execute()
      // teacher@'s team writes 500 posts on its first quest; every other student five over the quests.
      const posts = t === 0
        ? Array.from({ length: BIG_CONTEST.questPosts }, (_, n) => ({ creator: members[n % members.length], quest: quests[0], day: n % 15 }))
        : members.flatMap((m) => Array.from({ length: BIG_CONTEST.postsPerStudent }, (_, n) => ({ creator: m, quest: quests[n % 3], day: n * 3 })))
      for (let i = 0; i < posts.length; i += 500) {
        const batch = posts.slice(i, i + 500).map((p) => {
          const at = iso(now - (20 - p.day) * 86_400_000)
          return { journal_id: journalId, creator_id: p.creator, title: 'Bench answer', diary_date: at.slice(0, 10), location: '', happen_time: '', status: 1, score: 1 + Math.floor(rand() * 100), score_source: 'rules', score_reasons: '[]', quest_id: p.quest, is_video: 0, created_at: at, updated_at: at }
        })
        const ids = (await trx.insertInto('posts').values(batch).returning('id').execute()).map((r) => r.id)
        if (t === 0) {
          await trx.insertInto('post_frames').values(ids.flatMap((post_id) => [
            { post_id, position: 1, frame_type: 'event' as const, message: 'I helped a friend carry the books to the library.', img_url: null },
            { post_id, position: 2, frame_type: 'emotion' as const, message: 'I felt proud.', img_url: null },
            { post_id, position: 3, frame_type: 'behavior' as const, message: 'I said thank you.', img_url: null },
          ])).execute()
        }
      }
      if (t === 0) {
        teacherJournal = journalId
        teacherTeam = teamId
      }
    }
    return { contestId, journalId: teacherJournal, teamId: teacherTeam, questId: quests[0] }
  })
  await db.destroy()
  return result
}
