import type { DB } from '~/db/connect.server'
import { PICK_TYPE } from '~/features/quests/constants'
import { questDates } from '~/features/quests/period'
import { scoreByRules } from '~/features/quests/scoring'
import { addDays, formatDate } from '~/shared/dates'
import { DEMO_CONTENT, POST_FEELINGS } from './demo-content'

const DAY = 86_400_000

// The contests' questions: a title, a description and the three frames' titles with examples.
const QUESTS = [
  ['A kind act', 'Tell about a time you were kind to someone today.', 'What did you do for someone?', 'How did they feel, and how did you feel?', 'What will you do next time?'],
  ['Someone helped me', 'Write about a person who helped you.', 'Who helped you, and how?', 'How did it feel to be helped?', 'How did you thank them?'],
  ['A hard moment', 'A moment that was hard, and how you got through it.', 'What happened?', 'What went on inside you?', 'What did you do about it?'],
  ['Sharing', 'A time you shared something, or someone shared with you.', 'What was shared?', 'What was the story behind it?', 'What did you do then?'],
  ['Saying sorry', 'A time you said sorry, or someone said sorry to you.', 'What happened?', 'How did the others feel?', 'What did you do to make it right?'],
  ['Kindness at home', 'Something kind that happened at home.', 'What happened at home?', 'How did your family feel?', 'What did you do?'],
] as const

const EXAMPLES = {
  event: ['I held the door for a classmate.', 'I helped my friend carry books.'],
  story: ['She smiled and I felt warm inside.', 'I was nervous at first, then happy.'],
  behaviour: [['I asked my teacher for help.'], [], ['I said sorry to my friend.'], ['I took three deep breaths.'], [], ['I told him how I felt.'], [], ['I tried again the next day.'], ['I said thank you.'], []],
}

/** Contest quests in English (the contests of the demo are English ones), with their frames. */
async function seedQuests(trx: DB, contestId: number, created: string) {
  const ids: number[] = []
  for (const [i, [title, description, event, story, behaviour]] of QUESTS.entries()) {
    const { id } = await trx.insertInto('quests').values({ contest_id: contestId, journal_id: null, lang: 'en', title, description, sort: i + 1, created_at: created, updated_at: created }).returning('id').executeTakeFirstOrThrow()
    await trx
      .insertInto('quest_frames')
      .values([
        { quest_id: id, position: 1, frame_type: 'event', title: event, samples: JSON.stringify(EXAMPLES.event) },
        { quest_id: id, position: 2, frame_type: 'story', title: story, samples: JSON.stringify(EXAMPLES.story) },
        { quest_id: id, position: 3, frame_type: 'behavior', title: behaviour, samples: JSON.stringify(EXAMPLES.behaviour) },
      ])
      .execute()
    ids.push(id)
  }
  return ids
}

interface Ctx {
  teacher: number
  now: Date
  rand: () => number
  /** Adds a user (teacher or student) at a school: the demo's own helper. */
  addUser: (u: { account: string; name: string; kind?: 'teacher' | 'student'; schoolId?: number; plan?: number }) => Promise<number>
  students: number[]
  standard: number
}

/**
 * The demo's contests (decision 0035): `ct_spring` open to take; `ct_relay` running with four teams from
 * four schools (teacher@'s among them), scored posts and a student past 30 posts; `ct_winter`
 * finished, with teacher@'s team; `ct_autumn` not started yet, where the students will choose.
 */
export async function seedContests(trx: DB, ctx: Ctx) {
  const { now, rand } = ctx
  const at = (days: number) => new Date(now.getTime() + days * DAY).toISOString()
  const today = formatDate(now.toISOString())
  const created = at(-60)
  const contest = async (v: { code: string; name: string; starts: number; ends: number; max: number; ansDays: number; min: number; maxStart: number; age: number; instructions: string }) =>
    (
      await trx
        .insertInto('contests')
        .values({ code: v.code, name: v.name, starts_at: at(v.starts), ends_at: at(v.ends), max_journals: v.max, created_at: created, age_group: v.age, ans_days: v.ansDays, start_date_min: addDays(today, v.min), start_date_max: addDays(today, v.maxStart), quest_number: 3, instructions: v.instructions })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
  const rules = 'Answer one quest a day in English. Every post is scored from 1 to 100; the team score is the average total of its students.'
  const spring = await contest({ code: 'ct_spring', name: 'Spring Kindness Contest', starts: -10, ends: 60, max: 50, ansDays: 30, min: -10, maxStart: 30, age: 1, instructions: rules })
  await contest({ code: 'ct_full', name: 'Tiny Contest', starts: -10, ends: 60, max: 0, ansDays: 30, min: -10, maxStart: 30, age: 0, instructions: '' })
  const relay = await contest({ code: 'ct_relay', name: 'Kindness Relay', starts: -45, ends: 30, max: 50, ansDays: 45, min: -45, maxStart: -20, age: 1, instructions: rules })
  const winter = await contest({ code: 'ct_winter', name: 'Winter Diary Contest', starts: -120, ends: -30, max: 50, ansDays: 30, min: -120, maxStart: -70, age: 1, instructions: rules })
  const autumn = await contest({ code: 'ct_autumn', name: 'Autumn Gratitude Contest', starts: 0, ends: 90, max: 50, ansDays: 30, min: 10, maxStart: 40, age: 2, instructions: rules })
  await seedQuests(trx, spring, created)
  const relayQuests = await seedQuests(trx, relay, created)
  const winterQuests = await seedQuests(trx, winter, created)
  const autumnQuests = await seedQuests(trx, autumn, created)

  let code = 100
  // Each journal takes as many of its owner's student tickets as it has students, and two to spare.
  const team = async (v: { contestId: number; owner: number; name: string; school: string; journal: string; start: string; pickType: number; quests: number[]; members: number[]; ansDays: number; daily?: number }) => {
    const { id: journalId } = await trx
      .insertInto('journals')
      .values({
        owner_id: v.owner, team_id: null, name: v.journal, description: 'Our class in the contest.', label_color_code: 4, user_classes: '', grade: 5, speech_lang: 'en', calendar_mode: 0, ai_scoring: 0,
        expire_type: 2, expire_time: at(90), diary_publish_num: v.members.length + 2, share_type: '5', sub_type: '', invite_code: `JOIN${++code}`, invite_code_expires_at: at(30), teacher_invite_code: `TEACH${code}`, contest_id: v.contestId, created_at: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('contest_teams').values({ contest_id: v.contestId, journal_id: journalId, name: v.name, school_name: v.school, start_date: v.start, pick_type: v.pickType, created_at: created }).execute()
    if (v.quests.length) await trx.insertInto('journal_quests').values(v.quests.map((quest_id, position) => ({ journal_id: journalId, quest_id, position }))).execute()
    await trx.insertInto('journal_members').values(v.members.map((user_id) => ({ journal_id: journalId, user_id, role: 'student' as const, drp_status: 1, joined_at: created }))).execute()
    if (v.daily !== undefined) await questPosts(trx, { journalId, start: v.start, ansDays: v.ansDays, quests: v.quests, members: v.members, daily: v.daily, today, rand })
    return journalId
  }

  // Kindness Relay: teacher@'s class against three other schools; Student 01 writes every day.
  const relayStart = addDays(today, -40)
  const relayQuestsChosen = relayQuests.slice(0, 3)
  await team({ contestId: relay, owner: ctx.teacher, name: 'Sunshine Elementary Team', school: '陽光國小 Sunshine Elementary School', journal: 'Kindness Relay 501', start: relayStart, pickType: PICK_TYPE.teacher, quests: relayQuestsChosen, members: ctx.students.slice(0, 10), ansDays: 45, daily: 0.6 })
  const others = [
    ['Harbour Primary', 'Harbour Primary School', 'harbour'],
    ['Hillside Stars', 'Hillside Elementary School', 'hillside'],
    ['River Valley Team', 'River Valley School', 'river'],
  ] as const
  for (const [i, [teamName, school, key]] of others.entries()) {
    const schoolId = (await trx.insertInto('schools').values({ country: 'TW', name: school, level1: null, level2: null, level3: null, created_at: created }).returning('id').executeTakeFirstOrThrow()).id
    const owner = await ctx.addUser({ account: `${key}@demo.test`, name: `${teamName} Teacher`, schoolId, plan: ctx.standard })
    const members: number[] = []
    for (let n = 1; n <= 6 + i * 2; n++) members.push(await ctx.addUser({ account: `${key}${String(n).padStart(2, '0')}@demo.test`, name: `${teamName} ${n}`, kind: 'student', schoolId }))
    await team({ contestId: relay, owner, name: teamName, school, journal: `${teamName} diary`, start: addDays(relayStart, i), pickType: PICK_TYPE.teacher, quests: relayQuests.slice(i, i + 3), members, ansDays: 45, daily: 0.35 + 0.15 * i })
  }
  // Winter: finished; the system picked the quests.
  await team({ contestId: winter, owner: ctx.teacher, name: 'Sunshine Elementary Team', school: '陽光國小 Sunshine Elementary School', journal: 'Winter Diary 502', start: addDays(today, -75), pickType: PICK_TYPE.system, quests: winterQuests.slice(2, 5), members: ctx.students.slice(25, 31), ansDays: 30, daily: 0.4 })
  // Autumn: starts in 20 days; each student will choose a quest a day.
  await team({ contestId: autumn, owner: ctx.teacher, name: 'Sunshine Elementary Team', school: '陽光國小 Sunshine Elementary School', journal: 'Autumn Gratitude 501', start: addDays(today, 20), pickType: PICK_TYPE.participant, quests: autumnQuests.slice(0, 3), members: ctx.students.slice(10, 16), ansDays: 30 })
}

/** A contest journal's posts so far: each student on some days (the first every day), each scored by the rules. */
async function questPosts(trx: DB, v: { journalId: number; start: string; ansDays: number; quests: number[]; members: number[]; daily: number; today: string; rand: () => number }) {
  const content = DEMO_CONTENT.en
  const dates = questDates(v.start, v.ansDays, v.quests.length)
  const last = addDays(v.start, v.ansDays - 1)
  for (const [m, studentId] of v.members.entries()) {
    for (let day = v.start; day <= v.today && day <= last; day = addDays(day, 1)) {
      if (m > 0 && v.rand() > v.daily) continue
      const questIndex = dates.filter((d) => d <= day).length - 1
      if (questIndex < 0) continue
      const t = Math.floor(v.rand() * content.posts.length)
      const tpl = content.posts[t]
      const story = v.rand() < 0.7 ? 'I felt proud and a little shy, and my friend smiled back at me.' : ''
      // Most are written on their day; some the day after.
      const late = v.rand() < 0.15
      const created = new Date(Date.parse(`${day}T08:00:00Z`) + (late ? DAY : 0)).toISOString()
      const score = scoreByRules({ frames: ['event', 'story', 'behavior'], event: tpl.event, story, behaviourText: tpl.behavior, diaryDate: day, sentOn: formatDate(created) })
      const { id: postId } = await trx
        .insertInto('posts')
        .values({ journal_id: v.journalId, creator_id: studentId, title: tpl.title, diary_date: day, location: content.places[t % content.places.length], happen_time: content.times[t % content.times.length], status: 1, score: score.score, score_reasons: JSON.stringify(score.reasons), score_source: 'rules', quest_id: v.quests[questIndex], is_video: 0, created_at: created, updated_at: created })
        .returning('id')
        .executeTakeFirstOrThrow()
      const frame = async (position: number, frame_type: 'event' | 'emotion' | 'behavior', message: string) =>
        (await trx.insertInto('post_frames').values({ post_id: postId, position, frame_type, message, img_url: null }).returning('id').executeTakeFirstOrThrow()).id
      await frame(1, 'event', tpl.event)
      const feelings = await frame(2, 'emotion', story)
      const did = await frame(3, 'behavior', tpl.behavior)
      await trx.insertInto('post_emotions').values({ post_id: postId, frame_id: feelings, emotion_code: POST_FEELINGS[t].emotions[0] }).execute()
      await trx.insertInto('post_behaviours').values({ post_id: postId, frame_id: did, behaviour_code: POST_FEELINGS[t].behaviours[0] }).execute()
    }
  }
}
