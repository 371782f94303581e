import { data } from 'react-router'
import type { Route } from './+types/resource'
import { db } from '~/db/db.server'
import { journalOf } from '~/auth/journal-gate.server'
import { journalResources } from '~/features/samples/books.server'
import { useT } from '~/i18n/use-t'
import { ResourceList } from '~/ui/resource-list'
import { pageMeta } from '~/ui/page-title'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.book.name, matches)

/** /diary/homework/{id}/resource: the resources of the book the journal was started from. */
export async function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const found = await journalResources(db, journal.id)
  // A journal without a book has no resource page (its menu has no such item).
  if (!found) throw data(null, { status: 404 })
  return found
}

export default function JournalResourcesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { book, resources } = loaderData
  return (
    <>
      <h1>{t('samples.resources')}</h1>
      <p className="hint">{book.name}</p>
      <ResourceList resources={resources} locked={book.locked} />
    </>
  )
}
