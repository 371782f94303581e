import { sql } from 'kysely'
import type { DB } from '~/db/connect.server'
import { pageWithin, TABLE_PAGE_SIZE } from '~/shared/lists'
import { todayDate } from '~/shared/dates'
import { MEDAL_POSTS } from './constants'

/**
 * Contest scores (decision 0035). A student's total is the sum of their quest posts' scores (a
 * post still "scoring" counts 0). A team's score is the average total over all of its students,
 * those who wrote nothing included, so a team of 10 and a team of 40 compare fairly and everyone's
 * posts count. Ties share a rank (1, 1, 3).
 */
const teamScores = (db: DB, contestId: number) =>
  db
    .selectFrom('contest_teams as t')
    .innerJoin('journals as j', 'j.id', 't.journal_id')
    .innerJoin('contests as c', 'c.id', 't.contest_id')
    .select((eb) => [
      't.id as teamId',
      't.name as teamName',
      't.school_name as school',
      't.start_date as startDate',
      'c.ans_days as ansDays',
      't.journal_id as journalId',
      eb
        .selectFrom('journal_members as m')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.journal_id', '=', 't.journal_id')
        .where('m.role', '=', 'student')
        .where('m.archived_at', 'is', null)
        .as('members'),
      't.total_score as total',
    ])
    .where('t.contest_id', '=', contestId)
    .where('j.archived_at', 'is', null)

const average = (total: number, members: number) => (members === 0 ? 0 : Math.round((100 * total) / members) / 100)

/** Team rows: -1 not started, 1 finished, 0 in progress (spec 3 states). */
function teamStatus(startDate: string | null, ansDays: number, today: string) {
  if (!startDate || today < startDate) return -1
  const last = new Date(Date.parse(`${startDate}T00:00:00Z`) + (ansDays - 1) * 86_400_000).toISOString().slice(0, 10)
  return today > last ? 1 : 0
}

/** Competition ranks over rows sorted best first: equal scores share the first one's rank. */
export function rankRows<R>(rows: R[], score: (r: R) => number) {
  let rank = 0
  return rows.map((r, i) => {
    if (i === 0 || score(r) !== score(rows[i - 1])) rank = i + 1
    return { ...r, ranking: rank }
  })
}

/** The team ranking of a contest, 10 a page; with the viewer's team's row wherever it is. */
export async function teamRanking(db: DB, contestId: number, page: number) {
  const today = todayDate()
  const rows = (await teamScores(db, contestId).execute()).map((r) => ({ ...r, avgScore: average(Number(r.total ?? 0), Number(r.members ?? 0)), status: teamStatus(r.startDate, r.ansDays, today) }))
  rows.sort((a, b) => b.avgScore - a.avgScore || a.teamName.localeCompare(b.teamName) || a.teamId - b.teamId)
  const ranked = rankRows(rows, (r) => r.avgScore)
  const shown = pageWithin(page, ranked.length)
  return { list: ranked.slice(shown.offset, shown.offset + TABLE_PAGE_SIZE), all: ranked, total: ranked.length, page: shown.page, totalPages: shown.totalPages }
}

/** The students of one team, ranked by their total score, 10 a page; a medal from 30 posts. */
export async function studentRanking(db: DB, contestId: number, teamId: number, page: number) {
  const team = await db.selectFrom('contest_teams').select(['journal_id', 'name']).where('id', '=', teamId).where('contest_id', '=', contestId).executeTakeFirst()
  if (!team) return null
  const rows = await db
    .selectFrom('journal_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('posts as p')
          .select(['p.creator_id', sql<number>`count(*)`.as('posts'), sql<number>`sum(case when p.score >= 1 then p.score else 0 end)`.as('score')])
          .where('p.journal_id', '=', team.journal_id)
          .where('p.quest_id', 'is not', null)
          .groupBy('p.creator_id')
          .as('s'),
      (join) => join.onRef('s.creator_id', '=', 'm.user_id'),
    )
    .select((eb) => ['u.id as userId', eb.fn.coalesce('u.nickname', 'u.name', 'u.account').as('userName'), 'u.avatar_url as avatarUrl', 's.posts', 's.score'])
    .where('m.journal_id', '=', team.journal_id)
    .where('m.role', '=', 'student')
    .where('m.archived_at', 'is', null)
    .execute()
  const list = rows
    .map((r) => ({ userId: r.userId, userName: r.userName, avatarUrl: r.avatarUrl, totalPosts: Number(r.posts ?? 0), totalScore: Number(r.score ?? 0) }))
    .sort((a, b) => b.totalScore - a.totalScore || a.userName.localeCompare(b.userName) || a.userId - b.userId)
  const ranked = rankRows(list, (r) => r.totalScore).map((r) => ({ ...r, medal: r.totalPosts >= MEDAL_POSTS }))
  const shown = pageWithin(page, ranked.length)
  return { teamName: team.name, journalId: team.journal_id, list: ranked.slice(shown.offset, shown.offset + TABLE_PAGE_SIZE), all: ranked, total: ranked.length, page: shown.page, totalPages: shown.totalPages }
}

/** A team's score and place (the contest info page, the student pages). */
export async function teamStanding(db: DB, contestId: number, teamId: number) {
  const { all, total } = await teamRanking(db, contestId, 1)
  const row = all.find((r) => r.teamId === teamId)
  return row ? { ranking: row.ranking, avgScore: row.avgScore, teams: total } : null
}

/**
 * Who may read a contest's ranking: a teacher of one of its journals (the owner or an accepted
 * teacher). Their teams, the first being the default of the student tab; null when none.
 */
export async function viewerTeams(db: DB, contestId: number, userId: number) {
  const rows = await db
    .selectFrom('contest_teams as t')
    .innerJoin('journals as j', 'j.id', 't.journal_id')
    .leftJoin('journal_members as m', (join) => join.onRef('m.journal_id', '=', 'j.id').on('m.user_id', '=', userId).on('m.role', '=', 'teacher').on('m.drp_status', '=', 1))
    .select(['t.id', 't.journal_id as journalId'])
    .where('t.contest_id', '=', contestId)
    .where('j.archived_at', 'is', null)
    .where((eb) => eb.or([eb('j.owner_id', '=', userId), eb('m.user_id', 'is not', null)]))
    .orderBy('t.id')
    .execute()
  return rows.length ? rows : null
}
