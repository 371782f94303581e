import { Link } from 'react-router'
import type { ContestJournal } from '~/features/quests/contest.server'
import { CONTEST_STATUS } from '~/features/quests/constants'
import { useT } from '~/i18n/use-t'
import { SUPPORT } from './support'

type Contest = Pick<ContestJournal, 'teamId' | 'teamName' | 'school' | 'ageGroup' | 'period' | 'status' | 'daysLeft' | 'instructions' | 'contestId' | 'contestName'> & {
  standing: { ranking: number; avgScore: number; teams: number } | null
}

/** A contest journal's contest (spec 3 journal info, contest view): team, period, status and score. */
export function ContestCard({ contest, isOwner, journalId }: { contest: Contest; isOwner: boolean; journalId: number }) {
  const { t } = useT()
  const status =
    contest.status === CONTEST_STATUS.running
      ? t('contest.running', { count: contest.daysLeft })
      : contest.status === CONTEST_STATUS.ended
        ? t('contest.ended')
        : t('contest.notStarted')
  return (
    <section className="card contest-card" aria-labelledby="contest-title">
      <h2 id="contest-title">{contest.contestName}</h2>
      <dl className="facts">
        <div>
          <dt>{t('contest.team')}</dt>
          <dd>{contest.teamName}</dd>
        </div>
        <div>
          <dt>{t('contest.school')}</dt>
          <dd>{contest.school || '—'}</dd>
        </div>
        <div>
          <dt>{t('contest.ageGroup')}</dt>
          <dd>{t(`contest.age${contest.ageGroup as 0}`)}</dd>
        </div>
        <div>
          <dt>{t('contest.period')}</dt>
          <dd>{contest.period ? t('contest.periodDates', contest.period) : t('contest.noStartDate')}</dd>
        </div>
        <div>
          <dt>{t('contest.status')}</dt>
          <dd>
            <strong className={`status status-${contest.status}`}>{status}</strong>
          </dd>
        </div>
        <div>
          <dt>{t('contest.score')}</dt>
          <dd>{contest.standing ? t('contest.scoreValue', { score: contest.standing.avgScore.toFixed(2), rank: contest.standing.ranking, teams: contest.standing.teams }) : '—'}</dd>
        </div>
      </dl>
      {contest.instructions ? (
        <>
          <h3>{t('contest.instructions')}</h3>
          <p className="pre-line">{contest.instructions}</p>
        </>
      ) : null}
      <p className="hint">
        {t('contest.support')} <a href={`mailto:${SUPPORT.mail}`}>{SUPPORT.mail}</a>
      </p>
      <div className="form-actions">
        <Link className="button" to={`/contest/${contest.contestId}/ranking?teamId=${contest.teamId}`}>
          {t('contest.ranking')}
        </Link>
        {isOwner ? (
          <Link className="button secondary" to={`/contest/${journalId}/edit?new=-1`}>
            {t('contest.settings')}
          </Link>
        ) : null}
      </div>
    </section>
  )
}
