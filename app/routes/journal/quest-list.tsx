import { Link } from 'react-router'
import type { Route } from './+types/quest-list'
import { db } from '~/db/db.server'
import { PICK_TYPE } from '~/features/quests/constants'
import { questJournalOf } from '~/auth/quest-gate.server'
import { questCards } from '~/features/quests/progress.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { todayDate } from '~/shared/dates'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { QuestFigures } from '~/ui/quest-figures'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /diary/homework/{id}/questList (spec 2 quest list): a contest journal's home. Cards by quest, or
 * by day when participants choose (pick type 3); before the start date with pick type 3, the alert
 * that submissions show from then. Edit only when the pick type is not the system's and the start
 * date is still ahead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal, role, contest } = await questJournalOf(context)
  const asc = new URL(request.url).searchParams.get('sort') !== 'desc'
  const today = todayDate()
  const beforeStart = contest.startDate === null || contest.startDate > today
  return {
    id: journal.id,
    asc,
    cards: await questCards(db, journal.id, contest, { asc }),
    byDate: contest.pickType === PICK_TYPE.participant,
    waitAlert: contest.pickType === PICK_TYPE.participant && beforeStart,
    canEdit: role === 'owner' && contest.pickType !== PICK_TYPE.system && beforeStart,
    startDate: contest.startDate,
    title: `${getInstance(context).t('quest.listTitle')} | ${journal.name}`,
  }
}

export default function QuestListPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { id, cards, asc, byDate, waitAlert, canEdit, startDate } = loaderData
  return (
    <>
      <div className="page-head">
        <h1>{t('quest.listTitle')}</h1>
        {canEdit ? (
          <Link className="button secondary" to={`/diary/homework/${id}/questList/edit`}>
            {t('quest.editSelection')}
          </Link>
        ) : null}
      </div>
      {waitAlert ? (
        <p className="notice" role="note">
          {t('quest.participantAlert', { date: startDate ?? '—' })}
        </p>
      ) : (
        <>
          <nav className="sort-links" aria-label={t('quest.sort')}>
            {t('quest.sort')}:{' '}
            <Link to="?sort=asc" aria-current={asc ? 'true' : undefined}>
              {t('quest.sortAsc')}
            </Link>{' '}
            ·{' '}
            <Link to="?sort=desc" aria-current={asc ? undefined : 'true'}>
              {t('quest.sortDesc')}
            </Link>
          </nav>
          {cards.length === 0 ? <p className="empty">{byDate ? t('quest.noDaysYet') : t('quest.noneChosen')}</p> : null}
          <ol className="quest-cards">
            {cards.map((c) => (
              <li key={c.key} className="card quest-card">
                <p className="quest-order" aria-hidden>
                  {c.order}
                </p>
                <div>
                  <h2>
                    <FastLink to={`/diary/homework/${id}/questList/${c.key}`}>{c.title ?? t('quest.dayTitle', { date: c.date })}</FastLink>
                  </h2>
                  <p className="hint">{c.date ? t('quest.opens', { date: c.date }) : t('quest.noDate')}</p>
                  <QuestFigures figures={c} />
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  )
}
