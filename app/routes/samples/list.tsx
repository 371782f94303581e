import { Link } from 'react-router'
import type { Route } from './+types/list'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { mySamples, publishedSamples } from '~/features/samples/samples.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { pageMeta } from '~/ui/page-title'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diarySample: the published samples to start a journal from, and the teacher's own samples. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const [published, mine] = await Promise.all([publishedSamples(db), mySamples(db, user.userId)])
  return { published, mine, locked: user.isHomeworkLock, title: getInstance(context).t('samples.title') }
}

type SampleCard = Awaited<ReturnType<typeof mySamples>>[number] & { author?: string }

export default function SamplesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { published, mine, locked } = loaderData
  return (
    <>
      <div className="page-head">
        <h1>{t('samples.title')}</h1>
        <Link className="button secondary" to="/diarySample/resourcesBook">
          {t('samples.books')}
        </Link>
      </div>
      <section aria-labelledby="published-title">
        <h2 id="published-title">{t('samples.published')}</h2>
        {published.length === 0 ? <p className="empty">{t('samples.none')}</p> : null}
        <ul className="journal-grid">
          {published.map((s) => (
            <Card key={s.id} sample={s}>
              {/* A locked plan cannot start journals; the sample stays readable. */}
              {locked ? null : (
                <Link className="button small" to={`/diary/homework/new?sample=${s.id}`}>
                  {t('samples.use')}
                </Link>
              )}
            </Card>
          ))}
        </ul>
      </section>
      <section aria-labelledby="mine-title">
        <div className="page-head">
          <h2 id="mine-title">{t('samples.mine')}</h2>
          <Link className="button" to="/diarySample/new">
            {t('samples.new')}
          </Link>
        </div>
        {mine.length === 0 ? <p className="empty">{t('samples.noneMine')}</p> : null}
        <ul className="journal-grid">
          {mine.map((s) => (
            <Card key={s.id} sample={s}>
              <p className={s.published ? 'status ok' : 'hint'}>{s.published ? t('samples.publishedBadge') : t('samples.draftBadge')}</p>
              <Link className="button secondary small" to={`/diarySample/${s.id}/edit`}>
                {t('samples.edit')}
              </Link>
            </Card>
          ))}
        </ul>
      </section>
    </>
  )
}

function Card({ sample, children }: { sample: SampleCard; children: React.ReactNode }) {
  const { t } = useT()
  return (
    <li className="journal-card">
      <div className={`cover label-${sample.labelColorCode}`} />
      <div className="body">
        <h3>{sample.name}</h3>
        {sample.description ? <p className="hint">{sample.description}</p> : null}
        <dl className="facts">
          {sample.author ? (
            <div>
              <dt>{t('samples.owner')}</dt>
              <dd>{sample.author}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('journalSettings.studentLimit')}</dt>
            <dd>{t('samples.limitN', { count: sample.studentLimit })}</dd>
          </div>
          <div>
            <dt>{t('samples.pronunciation')}</dt>
            <dd>
              {t(`samples.lang_${sample.speechLang}`)}
              {sample.aiScoring ? ` · ${t('samples.aiBadge')}` : ''}
            </dd>
          </div>
        </dl>
        {children}
      </div>
    </li>
  )
}
