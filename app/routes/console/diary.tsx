import type { TFunction } from 'i18next'
import { useT } from '~/i18n/use-t'
import { Link } from 'react-router'
import type { Route } from './+types/diary'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { studentsInOwnJournals } from '~/features/plans/charge-plan.server'
import { DRP_STATUS } from '~/features/journals/constants'
import { joinedJournals, ownJournals, type JournalCard } from '~/features/journals/list.server'
import { getInstance } from '~/i18n/middleware.server'
import { formatDate } from '~/ui/dates'
import { SupportContact } from '~/ui/support-contact'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

const TABS = ['mine', 'joined'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const tab = new URL(request.url).searchParams.get('tab') === 'joined' ? 'joined' : 'mine'
  // With the plan's homework lock the own list is empty and the joined list is not loaded.
  const locked = user.isHomeworkLock
  const journals = locked ? [] : tab === 'mine' ? await ownJournals(db, user.userId) : await joinedJournals(db, user.userId)
  return {
    tab,
    locked,
    journals,
    usage: { used: await studentsInOwnJournals(db, user.userId), limit: user.studentLimit },
    title: `${getInstance(context).t('diary.title')} | ${getInstance(context).t('app.name')}`,
  } as const
}

export default function DiaryPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { tab, journals, locked, usage } = loaderData
  return (
    <>
      <h1>{t('diary.title')}</h1>
      <p className="hint">{t('diary.usage', usage)}</p>
      {locked ? (
        <div className="banner" role="alert">
          <p>{t('console.planExpiredBanner')}</p>
          <details>
            <summary>{t('console.contactSupport')}</summary>
            <SupportContact />
          </details>
        </div>
      ) : null}
      <nav className="tabs" aria-label={t('diary.title')}>
        {TABS.map((key) => (
          <Link key={key} to={key === 'mine' ? '/diary' : '/diary?tab=joined'} aria-current={tab === key ? 'page' : undefined}>
            {key === 'mine' ? t('diary.tabMine') : t('diary.tabJoined')}
          </Link>
        ))}
      </nav>
      <div className={locked ? 'lock' : undefined} aria-disabled={locked || undefined}>
        {locked ? (
          <p className="empty">{t('diary.locked')}</p>
        ) : journals.length === 0 ? (
          <p className="empty">{tab === 'mine' ? t('diary.emptyMine') : t('diary.emptyJoined')}</p>
        ) : (
          <ul className="journal-grid">
            {journals.map((j) => (
              <JournalCardView key={j.id} journal={j} joined={tab === 'joined'} t={t} />
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

// `t` comes from the page: one translation hook per page rather than one per card. The facts are
// label and value pairs, so every label is a plain string (translated once per language).
function JournalCardView({ journal, joined, t }: { journal: JournalCard; joined: boolean; t: TFunction }) {
  const pending = joined && journal.drpStatus !== DRP_STATUS.approved
  return (
    <li className="journal-card">
      <div className={`cover label-${journal.labelColorCode}`} />
      <div className="body">
        <h3>{journal.name}</h3>
        <dl className="facts">
          {joined ? <Fact label={t('diary.factOwner')} value={journal.ownerName} /> : null}
          <Fact label={t('diary.factStudents')} value={journal.studentCount} />
          <Fact label={t('diary.factPosts')} value={journal.postCount} />
          <Fact label={t('diary.factLastPost')} value={journal.lastPostAt ? formatDate(journal.lastPostAt) : t('diary.noPosts')} />
          <Fact label={t('diary.factCreated')} value={formatDate(journal.createdAt)} />
        </dl>
        {pending ? <p className="status">{t('diary.pending')}</p> : null}
      </div>
    </li>
  )
}

function Fact({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
