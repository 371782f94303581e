import { Link } from 'react-router'
import type { Route } from './+types/journal'
import { requireStudent } from '~/auth/student-gate.server'
import { db } from '~/db/db.server'
import { SHARE_TYPE } from '~/features/journals/constants'
import { POST_STATUS } from '~/features/posts/constants'
import { CONTEST_STATUS } from '~/features/quests/constants'
import { questsForStudent } from '~/features/quests/quest-posts.server'
import { studentRanking, teamStanding } from '~/features/quests/ranking.server'
import { isScored } from '~/features/quests/scoring'
import { myPosts, studentJournal } from '~/features/students/posts.server'
import { useT } from '~/i18n/use-t'
import { pageMeta } from '~/ui/page-title'
import { hasSubType, SUB_TYPE } from '~/features/journals/constants'
import { studentRuns } from '~/features/assessments/results.server'
import { ASSESSMENTS_HANDLE, assessmentsDictionary } from '~/i18n/client-resources'
import { formatDate } from '~/shared/dates'
import { journalZoneMiddleware } from '~/features/journals/zone.server'

export const handle = ASSESSMENTS_HANDLE
export const clientMiddleware = assessmentsDictionary
// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [journalZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.journal.name, matches)

/**
 * /s/journal/{id}: one of the student's diaries: their posts and the way to write one. In a contest
 * journal, the quests open today (the student picks one when participants choose) and where the
 * team and the student stand. With assessment on, the open quizzes and those answered.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  const journal = await studentJournal(db, studentId, params.id)
  const [posts, quizzes] = await Promise.all([myPosts(db, studentId, journal.id), hasSubType(journal.subType, SUB_TYPE.assessment) ? studentRuns(db, journal.id, studentId) : []])
  if (journal.shareType !== SHARE_TYPE.quest) return { journal, posts, quizzes, contest: null }
  const q = await questsForStudent(db, journal.id)
  if (!q) return { journal, posts, quizzes, contest: null }
  const [team, students] = await Promise.all([teamStanding(db, q.contest.contestId, q.contest.teamId), studentRanking(db, q.contest.contestId, q.contest.teamId, 1)])
  const me = students?.all.find((s) => s.userId === studentId)
  return {
    journal,
    posts,
    quizzes,
    contest: {
      name: q.contest.contestName,
      status: q.contest.status,
      daysLeft: q.contest.daysLeft,
      period: q.contest.period,
      open: q.open.map((o) => ({ id: o.id, title: o.title, description: o.description, date: o.date })),
      ofTheDay: q.ofTheDay,
      team,
      me: me ? { ranking: me.ranking, totalScore: me.totalScore, totalPosts: me.totalPosts, of: students!.total } : null,
    },
  }
}

export default function StudentJournalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, posts, quizzes, contest } = loaderData
  return (
    <>
      <nav className="breadcrumbs">
        <Link to="/s">{t('write.back')}</Link>
      </nav>
      <h1>{journal.name}</h1>
      {contest ? (
        <section className="card contest-student" aria-labelledby="contest-title">
          <h2 id="contest-title">{contest.name}</h2>
          <p>
            {contest.status === CONTEST_STATUS.running
              ? t('write.contestRunning', { count: contest.daysLeft })
              : contest.status === CONTEST_STATUS.ended
                ? t('write.contestEnded')
                : contest.period
                  ? t('write.questStartsOn', { date: contest.period.start })
                  : t('write.contestNotStarted')}
          </p>
          {contest.team ? <p>{t('write.teamStanding', { rank: contest.team.ranking, teams: contest.team.teams, score: contest.team.avgScore.toFixed(2) })}</p> : null}
          {contest.me ? <p>{t('write.myStanding', { rank: contest.me.ranking, of: contest.me.of, score: contest.me.totalScore, count: contest.me.totalPosts })}</p> : null}
          {contest.open.length ? <h3>{contest.ofTheDay ? t('write.questOfTheDay') : t('write.questChoose')}</h3> : null}
          <ul className="student-quests">
            {contest.open
              .filter((q) => contest.ofTheDay === null || q.id === contest.ofTheDay)
              .map((q) => (
                <li key={q.id} className="quest-prompt">
                  <h4>{q.title}</h4>
                  <p>{q.description}</p>
                  <Link className="button" to={`/s/journal/${journal.id}/new?quest=${q.id}`}>
                    {t('write.answerQuest')}
                  </Link>
                </li>
              ))}
          </ul>
          {contest.ofTheDay !== null && contest.open.length > 1 ? (
            <details>
              <summary>{t('write.earlierQuests')}</summary>
              <ul className="student-quests">
                {contest.open
                  .filter((q) => q.id !== contest.ofTheDay)
                  .map((q) => (
                    <li key={q.id}>
                      <Link to={`/s/journal/${journal.id}/new?quest=${q.id}`}>{q.title}</Link>
                    </li>
                  ))}
              </ul>
            </details>
          ) : null}
        </section>
      ) : (
        <Link className="button wide" to={`/s/journal/${journal.id}/new`}>
          {t('write.new')}
        </Link>
      )}
      {quizzes.length ? (
        <section aria-labelledby="quizzes-title">
          <h2 id="quizzes-title">{t('quiz.studentSection')}</h2>
          <ul className="student-quests">
            {quizzes.map((q) => (
              <li key={q.id} className="quest-prompt">
                <h3>{q.title}</h3>
                {q.answeredAt ? (
                  <p>
                    <Link to={`/s/journal/${journal.id}/quiz/${q.id}`}>{t('quiz.studentAnswered', { date: formatDate(q.answeredAt) })}</Link>
                  </p>
                ) : (
                  <>
                    <p>{q.description}</p>
                    <Link className="button" to={`/s/journal/${journal.id}/quiz/${q.id}`}>
                      {t('quiz.studentAnswer')}
                    </Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{t('write.myPosts')}</h2>
      {posts.length === 0 ? (
        <p className="empty">{t('write.noPosts')}</p>
      ) : (
        // The student's own e-book of this journal (decision 0039): a keepsake of chosen posts.
        <p>
          <Link className="button secondary" to={`/ebook/student/${journal.id}`}>
            {t('write.makeEbook')}
          </Link>
        </p>
      )}
      <ul className="student-journals">
        {posts.map((p) => (
          <li key={p.id} className="journal-card">
            <div className="body">
              <h3>
                <Link to={`/s/post/${p.id}`}>{p.title}</Link>
              </h3>
              <p className="hint">{p.diaryDate}</p>
              {p.status === POST_STATUS.sentBack ? <span className="badge">{t('write.sentBack')}</span> : null}
              {contest ? <span className="badge">{isScored(p.score) ? t('news.scoreBadge', { score: p.score }) : t('news.scoring')}</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
