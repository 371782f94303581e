import { data } from 'react-router'
import type { Route } from './+types/ranking'
import { db } from '~/db/db.server'
import { pageParam, parseId } from '~/shared/lists'
import { requireContestReader } from '~/auth/quest-gate.server'
import { studentRanking, teamRanking } from '~/features/quests/ranking.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { Avatar } from '~/ui/avatar'
import { FastLink } from '~/ui/fast-link'
import { Pager } from '~/ui/pager'
import { pageMeta } from '~/ui/page-title'
import { Crown, Medal } from '~/ui/ranking-icons'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { TableHead } from '~/ui/table-head'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /contest/{contestId}/ranking?teamId=&studentId= (spec 3 ranking): the teams of the contest, and
 * the students of one team (`tab=students`), 10 a page; crowns for the first three places, a medal
 * from 30 posts. Only teachers of one of the contest's journals may read it.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { contest, mine } = await requireContestReader(request, context, params.contestId)
  const url = new URL(request.url)
  const page = pageParam(url.searchParams)
  const teamId = parseId(url.searchParams.get('teamId')) ?? mine[0].id
  const studentId = parseId(url.searchParams.get('studentId'))
  const tab = url.searchParams.get('tab') === 'students' ? 'students' : 'teams'
  const title = `${getInstance(context).t('ranking.title')} | ${contest.name}`
  const myJournals = Object.fromEntries(mine.map((m) => [m.id, m.journalId]))
  if (tab === 'teams') return { contest, tab, teamId, studentId, page, teams: await teamRanking(db, contest.id, page), students: null, myJournals, title }
  const students = await studentRanking(db, contest.id, teamId, page)
  if (!students) throw data(null, { status: 404 })
  return { contest, tab, teamId, studentId, page, teams: null, students, myJournals, title }
}

export default function RankingPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { contest, tab, teamId, teams, students, studentId, myJournals } = loaderData
  const place = (n: number) => (n <= 3 ? <Crown place={n} label={t('ranking.place', { n })} /> : <span>{n}</span>)
  return (
    <>
      <h1>
        {t('ranking.title')}: {contest.name}
      </h1>
      <nav className="tabs" aria-label={t('ranking.tabs')}>
        <FastLink to={`?teamId=${teamId}`} aria-current={tab === 'teams' ? 'page' : undefined}>
          {t('ranking.teams')}
        </FastLink>
        <FastLink to={`?tab=students&teamId=${teamId}`} aria-current={tab === 'students' ? 'page' : undefined}>
          {t('ranking.students')}
        </FastLink>
      </nav>
      {teams ? (
        <>
          <div className="table-scroll">
            <table className="table ranking">
              <caption className="visually-hidden">{t('ranking.teams')}</caption>
              <TableHead columns={[t('ranking.rank'), t('ranking.team'), t('ranking.school'), t('ranking.status'), t('ranking.avgScore')]} />
              <tbody>
                {teams.list.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="empty">
                      {t('ranking.noTeams')}
                    </td>
                  </tr>
                ) : null}
                {teams.list.map((r) => (
                  <tr key={r.teamId} className={r.teamId in myJournals ? 'mine' : undefined}>
                    <td>{place(r.ranking)}</td>
                    <td>
                      <FastLink to={`?tab=students&teamId=${r.teamId}`}>{r.teamName}</FastLink>
                      {r.teamId in myJournals ? <span className="badge">{t('ranking.yourTeam')}</span> : null}
                    </td>
                    <td>{r.school || '—'}</td>
                    <td>{t(r.status === -1 ? 'ranking.statusNotStarted' : r.status === 1 ? 'ranking.statusFinished' : 'ranking.statusRunning')}</td>
                    <td>{r.avgScore.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={teams.page} totalPages={teams.totalPages} />
          <p className="hint">{t('ranking.total', { count: teams.total })}</p>
        </>
      ) : null}
      {students ? (
        <>
          <h2>{students.teamName}</h2>
          <div className="table-scroll">
            <table className="table ranking">
              <caption className="visually-hidden">{t('ranking.studentsOf', { team: students.teamName })}</caption>
              <TableHead columns={[t('ranking.rank'), t('ranking.student'), t('ranking.posts'), t('ranking.totalScore')]} />
              <tbody>
                {students.list.length === 0 ? (
                  <tr>
                    <td colSpan={4} className="empty">
                      {t('ranking.noStudents')}
                    </td>
                  </tr>
                ) : null}
                {students.list.map((r) => (
                  <tr key={r.userId} className={r.userId === studentId ? 'mine' : undefined} aria-current={r.userId === studentId ? 'true' : undefined}>
                    <td>{place(r.ranking)}</td>
                    <td>
                      <span className="who">
                        <Avatar name={r.userName} seed={r.userId} />
                        {teamId in myJournals ? <FastLink to={`/diary/homework/${myJournals[teamId]}/student/${r.userId}`}>{r.userName}</FastLink> : <span>{r.userName}</span>}
                        {r.medal ? <Medal label={t('ranking.medal', { count: r.totalPosts })} /> : null}
                      </span>
                    </td>
                    <td>{r.totalPosts}</td>
                    <td>{r.totalScore}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={students.page} totalPages={students.totalPages} />
        </>
      ) : null}
    </>
  )
}
