import { Link } from 'react-router'
import type { Route } from './+types/book'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { bookWithResources } from '~/features/samples/books.server'
import { useT } from '~/i18n/use-t'
import { ResourceList } from '~/ui/resource-list'
import { pageMeta } from '~/ui/page-title'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.book.name, matches)

/** /diarySample/resourcesBook/{id}/resources: one book's downloadable resources (paid books locked). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  return bookWithResources(db, params.id, user.userId)
}

export default function BookPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { book, resources } = loaderData
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('samples.books')}>
        <Link to="/diarySample">{t('samples.title')}</Link> › <Link to="/diarySample/resourcesBook">{t('samples.books')}</Link> › <span>{book.name}</span>
      </nav>
      <h1>{book.name}</h1>
      {book.description ? <p>{book.description}</p> : null}
      {book.introUrl ? (
        <p>
          <a href={book.introUrl} target="_blank" rel="noreferrer">
            {t('samples.intro')}
          </a>
        </p>
      ) : null}
      <h2>{t('samples.resources')}</h2>
      <ResourceList resources={resources} locked={book.locked} />
    </>
  )
}
