import { Link } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/archive'
import { db } from '~/db/db.server'
import { journalOf } from '~/auth/journal-gate.server'
import { archiveJournal } from '~/features/journals/lifecycle.server'
import { useT } from '~/i18n/use-t'
import { redirectWithToast } from '~/auth/toast.server'
import { getInstance } from '~/i18n/middleware.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

// The archive confirmation is a page of its own, so it works the same with and without JavaScript.
export function loader({ context }: Route.LoaderArgs) {
  const { journal } = journalOf(context, { ownerOnly: true })
  return { journal: { id: journal.id, name: journal.name }, title: getInstance(context).t('journalSettings.archiveTitle', { name: journal.name }) }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  await readForm(request)
  const { session, journal } = journalOf(context, { ownerOnly: true })
  await archiveJournal(db, journal.id)
  return await redirectWithToast(request, session, '/diary?tab=archived', { kind: 'success', key: 'journal.archived' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function ArchiveJournalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal } = loaderData
  return (
    <section className="card narrow" role="alertdialog" aria-labelledby="archive-title" aria-describedby="archive-text">
      <h1 id="archive-title">{t('journalSettings.archiveTitle', { name: journal.name })}</h1>
      <p id="archive-text">{t('journalSettings.archiveText')}</p>
      <Form method="post" className="form-actions">
        <button className="button danger" type="submit">
          {t('journalSettings.archiveConfirm')}
        </button>
        <Link to="/diary">{t('journal.cancel')}</Link>
      </Form>
    </section>
  )
}
