import { Link } from 'react-router'
import type { ContestJournal } from '~/features/quests/contest.server'
import type { TFunction } from 'i18next'
import type { ReactNode } from 'react'
import { CONTEST_STATUS, type AGE_GROUPS } from '~/features/quests/constants'
import { Facts } from '~/ui/facts'
import { useT } from '~/i18n/use-t'
import { SUPPORT } from '~/ui/support'

type Contest = Pick<ContestJournal, 'teamId' | 'teamName' | 'school' | 'ageGroup' | 'period' | 'status' | 'daysLeft' | 'instructions' | 'contestId' | 'contestName'> & {
  standing: { ranking: number; avgScore: number; teams: number } | null
}

/** The team's facts, shown read-only on the settings page and on the info page. */
export const teamFacts = (contest: Pick<ContestJournal, 'teamName' | 'school' | 'ageGroup'>, t: TFunction): [string, ReactNode][] => [
  [t('contest.team'), contest.teamName],
  [t('contest.school'), contest.school || '—'],
  [t('contest.ageGroup'), t(`contest.age${contest.ageGroup as (typeof AGE_GROUPS)[number]}`)],
]

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
      <Facts
        items={[
          ...teamFacts(contest, t),
          [t('contest.period'), contest.period ? t('contest.periodDates', contest.period) : t('contest.noStartDate')],
          [t('contest.status'), <strong className={`status status-${contest.status}`}>{status}</strong>],
          [t('contest.score'), contest.standing ? t('contest.scoreValue', { score: contest.standing.avgScore.toFixed(2), rank: contest.standing.ranking, teams: contest.standing.teams }) : '—'],
        ]}
      />
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
