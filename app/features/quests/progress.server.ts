import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { withDetails } from '~/features/posts/feed.server'
import { studentDataOpen } from '~/features/student-door.server'
import { studentCount } from '~/features/journals/members.server'
import { chosenQuests } from './selection.server'
import { pageOfList } from '~/features/lists.server'
import { PICK_TYPE, QUEST_FEED_PAGE, type QuestSort } from './constants'
import type { ContestJournal } from './contest.server'
import { questDates } from './period'
import { addDays, todayDate } from '~/shared/dates'

/** Which posts a quest page is about: one quest's, or (participants choose, pick type 3) one day's. */
export type QuestKey = { questId: number } | { date: string }

/** `/questList/{questId}` or `/questList/d_{date}`; anything else is not a quest page. */
export function questKeyOf(param: string | undefined): QuestKey | null {
  if (!param) return null
  const day = /^d_(\d{4}-\d{2}-\d{2})$/.exec(param)
  if (day) return { date: day[1] }
  return /^[1-9]\d{0,9}$/.test(param) ? { questId: Number(param) } : null
}

/** Completers (students with a post), the rate of the journal's students, and the average of scored posts. */
function figures(completers: number, members: number, average: number | null) {
  return { completers, rate: members === 0 ? 0 : Math.round((100 * completers) / members), average: average === null ? null : Math.round(average * 100) / 100 }
}

const stats = (db: DB, journalId: number) =>
  db
    .selectFrom('posts as p')
    .innerJoin('journal_members as m', (j) => j.onRef('m.user_id', '=', 'p.creator_id').onRef('m.journal_id', '=', 'p.journal_id').on('m.role', '=', 'student').on('m.archived_at', 'is', null))
    .select([sql<number>`count(distinct p.creator_id)`.as('completers'), sql<number | null>`avg(case when p.score >= 1 then p.score end)`.as('average')])
    .where('p.journal_id', '=', journalId)

/**
 * The quest list (spec 2): the chosen quests in order with their date, completion rate, completers
 * and average score; for pick type 3 the contest's days instead, each with that day's figures.
 */
export async function questCards(db: DB, journalId: number, c: ContestJournal, { asc }: { asc: boolean }) {
  const members = await studentCount(db, journalId)
  if (c.pickType === PICK_TYPE.participant) {
    const rows = await stats(db, journalId).select('p.diary_date as date').where('p.quest_id', 'is not', null).groupBy('p.diary_date').execute()
    const byDate = new Map(rows.map((r) => [r.date, r]))
    // The contest's days so far (all of them once it has ended).
    const today = todayDate()
    const days = c.period ? Array.from({ length: c.ansDays }, (_, i) => addDays(c.period!.start, i)).filter((d) => d <= today) : []
    const cards = days.map((date, i) => {
      const r = byDate.get(date)
      return { key: `d_${date}`, order: i + 1, title: null, date, ...figures(Number(r?.completers ?? 0), members, r?.average === undefined || r?.average === null ? null : Number(r.average)) }
    })
    return asc ? cards : cards.reverse()
  }
  const chosen = await chosenQuests(db, journalId)
  const rows = await stats(db, journalId).select('p.quest_id as questId').where('p.quest_id', 'is not', null).groupBy('p.quest_id').execute()
  const byQuest = new Map(rows.map((r) => [r.questId, r]))
  const dates = questDates(c.startDate, c.ansDays, chosen.length)
  const cards = chosen.map((q, i) => {
    const r = byQuest.get(q.id)
    return { key: String(q.id), order: i + 1, title: q.title, date: dates[i] ?? null, ...figures(Number(r?.completers ?? 0), members, r?.average === undefined || r?.average === null ? null : Number(r.average)) }
  })
  return asc ? cards : cards.reverse()
}

/** The head of a quest page: its title (or day), rate, completers and average. Null when the quest is not the journal's. */
export async function questHead(db: DB, journalId: number, key: QuestKey) {
  let title: string
  if ('questId' in key) {
    const quest = await db
      .selectFrom('quests as q')
      .select('q.title')
      .where('q.id', '=', key.questId)
      .where((eb) => eb.exists(eb.selectFrom('journal_quests as jq').select('jq.quest_id').whereRef('jq.quest_id', '=', 'q.id').where('jq.journal_id', '=', journalId)).or(eb.exists(eb.selectFrom('posts as p').select('p.id').whereRef('p.quest_id', '=', 'q.id').where('p.journal_id', '=', journalId))))
      .executeTakeFirst()
    if (!quest) return null
    title = quest.title
  } else title = key.date
  const members = await studentCount(db, journalId)
  const q = stats(db, journalId)
  const r = await ('questId' in key ? q.where('p.quest_id', '=', key.questId) : q.where('p.diary_date', '=', key.date).where('p.quest_id', 'is not', null)).executeTakeFirstOrThrow()
  return { title, ...figures(Number(r.completers ?? 0), members, r.average === null ? null : Number(r.average)) }
}


/** The Browse tab's posts (spec 3 quest news): `shown` pages of 10 in the chosen order, with their details. */
export async function questPosts(db: DB, journalId: number, key: QuestKey, sort: QuestSort, shown: number) {
  let q = db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.creator_id')
    .select((eb) => ['p.id', 'p.creator_id as creatorId', 'p.title', 'p.diary_date as diaryDate', 'p.location', 'p.happen_time as happenTime', 'p.status', 'p.score', 'p.created_at as createdAt', eb.fn.coalesce('u.name', 'u.account').as('author')])
    .where('p.journal_id', '=', journalId)
    // Rule 12: nothing of a student whose erasure waits, or whose account is locked.
    .where(studentDataOpen('p.creator_id'))
  q = 'questId' in key ? q.where('p.quest_id', '=', key.questId) : q.where('p.diary_date', '=', key.date).where('p.quest_id', 'is not', null)
  // Unscored posts ("scoring") sort as 0.
  const score = sql<number>`coalesce(p.score, 0)`
  if (sort === 'scoreAsc' || sort === 'scoreDesc') q = q.orderBy(score, sort === 'scoreAsc' ? 'asc' : 'desc')
  q = q.orderBy('p.created_at', sort === 'timeAsc' ? 'asc' : 'desc').orderBy('p.id', sort === 'timeAsc' ? 'asc' : 'desc')
  const limit = QUEST_FEED_PAGE * shown
  const rows = await q.limit(limit + 1).execute()
  return { posts: await withDetails(db, rows.slice(0, limit)), hasMore: rows.length > limit }
}

/**
 * The journal's students against one quest (or day): each with whether they submitted, their
 * latest post's score and date. `notSubmitted` keeps only those without a post; paged by 10.
 */
export async function questStudents(db: DB, journalId: number, key: QuestKey, { notSubmitted, page }: { notSubmitted: boolean; page: number | null }) {
  const latest = db
    .selectFrom('posts as p')
    .select(['p.creator_id', sql<number>`max(p.id)`.as('post_id')])
    .where('p.journal_id', '=', journalId)
    .$call((q) => ('questId' in key ? q.where('p.quest_id', '=', key.questId) : q.where('p.diary_date', '=', key.date).where('p.quest_id', 'is not', null)))
    .groupBy('p.creator_id')
    .as('l')
  let q = db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin(latest, 'l.creator_id', 'm.user_id')
    .leftJoin('posts as p', 'p.id', 'l.post_id')
    .where('m.journal_id', '=', journalId)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .where(studentDataOpen('m.user_id'))
  if (notSubmitted) q = q.where('p.id', 'is', null)
  const rows = q
    .select((eb) => ['u.id as userId', eb.fn.coalesce('u.name', 'u.account').as('name'), 'u.account', 'u.avatar_url as avatarUrl', 'p.id as postId', 'p.score', 'p.updated_at as updatedAt'])
    .orderBy(sql`case when p.id is null then 1 else 0 end`)
    .orderBy('u.account')
  const count = async () => (await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n
  if (page !== null) return pageOfList(page, count, (offset, limit) => rows.limit(limit).offset(offset).execute())
  const [total, all] = await Promise.all([count().then(Number), rows.execute()])
  return { rows: all, total, page: 1, totalPages: 1 }
}

/** One post with its details, for the Stats tab's dialog. */
export async function questPostOf(db: DB, postId: number, author: string) {
  const rows = await db.selectFrom('posts as p').select(['p.id', 'p.title', 'p.diary_date as diaryDate', 'p.location', 'p.happen_time as happenTime', 'p.score']).where('p.id', '=', postId).where(studentDataOpen('p.creator_id')).execute()
  const [post] = await withDetails(db, rows.map((p) => ({ ...p, author })))
  return post ?? null
}
