import type { DB } from '~/db/connect.server'
import { nowIso } from '~/db/time'
import { SHARE_TYPE } from '~/features/journals/constants'
import { formatDate, todayDate } from '~/shared/dates'
import { CONTEST_STATUS, PICK_TYPE } from './constants'
import { contestOfJournal } from './contest.server'
import { questDates } from './period'
import { aiScore } from './ai-score.server'
import { clampScore, scoreByRules, type Score } from './scoring'
import { chosenQuests, framesOf } from './selection.server'

/**
 * What a student of a quest journal may answer today (spec 2, decision 0035): with the system's
 * or the teacher's pick, the quest of the day (the last one opened) and the earlier ones; with the
 * participants' pick (type 3), every chosen quest. Null for a journal that is not a contest's.
 */
export async function questsForStudent(db: DB, journalId: number, today = todayDate()) {
  const contest = await contestOfJournal(db, journalId)
  if (!contest) return null
  const chosen = await chosenQuests(db, journalId)
  const dates = questDates(contest.startDate, contest.ansDays, chosen.length)
  const running = contest.status === CONTEST_STATUS.running
  const quests = chosen.map((q, i) => ({ ...q, date: contest.pickType === PICK_TYPE.participant ? null : (dates[i] ?? null) }))
  const open = running ? quests.filter((q) => q.date === null || q.date <= today) : []
  const ofTheDay = contest.pickType === PICK_TYPE.participant ? null : (open.at(-1)?.id ?? null)
  const frames = await framesOf(db, open.map((q) => q.id))
  return { contest, quests, open: open.map((q) => ({ ...q, frames: frames.get(q.id) ?? [] })), ofTheDay }
}
export type StudentQuests = NonNullable<Awaited<ReturnType<typeof questsForStudent>>>

/** A contest journal's quest of the day (the last one opened), or null (no contest, not running, or the participants pick). */
export async function questOfTheDay(db: DB, journalId: number, today = todayDate()) {
  const q = await questsForStudent(db, journalId, today)
  const quest = q?.ofTheDay ? q.open.find((o) => o.id === q.ofTheDay) : undefined
  return quest ? { id: quest.id, title: quest.title } : null
}

/**
 * The period rule for a quest post: refused before the team's start, after its last day, for a
 * quest that is not open, or for a diary date outside the period or after today.
 */
export function questPostError(q: StudentQuests, questId: number | null, diaryDate: string, today = todayDate()) {
  if (q.contest.status === CONTEST_STATUS.notStarted) return 'write.questNotStarted' as const
  if (q.contest.status === CONTEST_STATUS.ended) return 'write.questEnded' as const
  if (questId === null || !q.open.some((o) => o.id === questId)) return 'write.questNotOpen' as const
  if (!q.contest.period || diaryDate < q.contest.period.start || diaryDate > today) return 'write.questDateOutside' as const
  return null
}

/** The texts a quest post is scored on, read back from its frames. */
async function scoredPost(db: DB, postId: number) {
  const post = await db.selectFrom('posts as p').innerJoin('journals as j', 'j.id', 'p.journal_id').select(['p.quest_id', 'p.diary_date', 'p.created_at', 'p.title', 'j.ai_scoring', 'j.speech_lang', 'j.share_type']).where('p.id', '=', postId).executeTakeFirstOrThrow()
  if (post.quest_id === null || post.share_type !== SHARE_TYPE.quest) return null
  const frames = await db.selectFrom('post_frames').select(['frame_type', 'message']).where('post_id', '=', postId).execute()
  const text = (t: string) => frames.find((f) => f.frame_type === t)?.message ?? ''
  const questFrames = (await framesOf(db, [post.quest_id])).get(post.quest_id) ?? []
  return {
    post,
    input: { frames: questFrames.map((f) => f.type), event: text('event'), story: text('emotion'), behaviourText: text('behavior'), diaryDate: post.diary_date, sentOn: formatDate(post.created_at) },
  }
}

/**
 * Score a quest post (decision 0035): by the rules, or by the model for an English journal with
 * AI scoring on when one is configured (the rules remain the fallback). A teacher's score stays.
 */
export async function scoreQuestPost(db: DB, postId: number, ai = aiScore) {
  const found = await scoredPost(db, postId)
  if (!found) return null
  let score: Score & { source: 'rules' | 'ai' } = { ...scoreByRules(found.input), source: 'rules' }
  if (found.post.ai_scoring && found.post.speech_lang === 'en') {
    const byModel = await ai(found.post.title, found.input)
    if (byModel !== null) score = { score: byModel, reasons: [{ key: 'ai', points: byModel, max: 100 }, ...score.reasons], source: 'ai' }
  }
  await db
    .updateTable('posts')
    .set({ score: score.score, score_reasons: JSON.stringify(score.reasons), score_source: score.source })
    .where('id', '=', postId)
    .where((eb) => eb.or([eb('score_source', 'is', null), eb('score_source', '!=', 'teacher')]))
    .execute()
  return score
}

/** A teacher's own score for a quest post (1 to 100), kept over the rules' from then on. */
export async function overrideScore(db: DB, postId: number, score: number) {
  const r = await db
    .updateTable('posts')
    .set({ score: clampScore(score), score_source: 'teacher', updated_at: nowIso() })
    .where('id', '=', postId)
    .where('quest_id', 'is not', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) === 1
}

/** The score of a post as the post page explains it; null for a post that is not a quest's. */
export async function scoreOf(db: DB, postId: number) {
  const row = await db
    .selectFrom('posts as p')
    .leftJoin('quests as q', 'q.id', 'p.quest_id')
    .select(['p.score', 'p.score_reasons as reasons', 'p.score_source as source', 'p.quest_id as questId', 'q.title as questTitle'])
    .where('p.id', '=', postId)
    .executeTakeFirst()
  if (!row || row.questId === null) return null
  return { score: row.score, source: row.source, questId: row.questId, questTitle: row.questTitle, reasons: row.reasons ? (JSON.parse(row.reasons) as Score['reasons']) : [] }
}

/** The quest a post answers, as the revise form shows it; null for any other post. */
export async function questPromptOf(db: DB, postId: number) {
  const row = await db.selectFrom('posts as p').innerJoin('quests as q', 'q.id', 'p.quest_id').select(['q.id', 'q.title', 'q.description']).where('p.id', '=', postId).executeTakeFirst()
  if (!row) return null
  return { ...row, frames: (await framesOf(db, [row.id])).get(row.id) ?? [] }
}
