import { Link } from 'react-router'
import type { Route } from './+types/books'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { resourceBooks } from '~/features/samples/books.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { pageMeta } from '~/ui/page-title'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diarySample/resourcesBook: the course books and whether each is open to this teacher. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  return { books: await resourceBooks(db, user.userId), title: getInstance(context).t('samples.books') }
}

export default function BooksPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('samples.books')}>
        <Link to="/diarySample">{t('samples.title')}</Link> › <span>{t('samples.books')}</span>
      </nav>
      <h1>{t('samples.books')}</h1>
      <p className="hint">{t('samples.booksText')}</p>
      <ul className="journal-grid">
        {loaderData.books.map((b) => (
          <li key={b.id} className="journal-card">
            <div className={`cover label-${b.labelColorCode}`} />
            <div className="body">
              <h3>
                <Link to={`/diarySample/resourcesBook/${b.id}/resources`}>{b.name}</Link>
              </h3>
              {b.description ? <p className="hint">{b.description}</p> : null}
              <p className={b.locked ? 'status' : 'status ok'}>{b.locked ? t('samples.bookLocked') : b.hasPay ? t('samples.resources') : t('samples.bookFree')}</p>
              <p className="hint">{t('samples.resourceCount', { count: b.resourceCount })}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
