import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { SHARE_TYPE } from '~/features/journals/constants'
import type { Route } from './+types/edit'
import { db } from '~/db/db.server'
import { journalOf } from '~/auth/journal-gate.server'
import { JournalSettingsSchema } from '~/features/journals/schema'
import { settingsOf, ticketsFor, updateJournal } from '~/features/journals/settings.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { JournalSettingsForm } from '~/features/journals/components/journal-settings-form'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_ALERTS_HANDLE, schoolAlertsDictionary } from '~/i18n/client-resources'
import { watchListsOfJournal } from '~/features/alerts/watch-words.server'
import { isWatchIntent, watchWordFromPage } from '~/routes/team/watch-words.server'
import { WatchWords } from '~/features/alerts/components/watch-words'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md), with the
// alerts' concern names its watch words are filed under.
export const handle = SCHOOL_ALERTS_HANDLE
export const clientMiddleware = schoolAlertsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export async function loader({ context }: Route.LoaderArgs) {
  const { user, journal } = journalOf(context, { ownerOnly: true })
  // A contest journal has its own settings page, which keeps its type (spec 2 route table).
  if (journal.shareType === SHARE_TYPE.quest) throw redirect(`/contest/${journal.id}/edit?new=-1`)
  return {
    id: journal.id,
    defaults: await settingsOf(db, journal.id),
    tickets: await ticketsFor(db, user.userId, user.studentLimit, journal.id),
    // The school's watch words (decision 0062): the journal's own, which its owner changes here, and its team's.
    watchWords: await watchListsOfJournal(db, journal.id),
    title: `${getInstance(context).t('journalSettings.editTitle')} | ${journal.name}`,
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user, journal } = journalOf(context, { ownerOnly: true })
  if (journal.shareType === SHARE_TYPE.quest) throw redirect(`/contest/${journal.id}/edit?new=-1`)
  const form = await readForm(request)
  const intent = form.get('intent')
  if (isWatchIntent(intent)) return watchWordFromPage(request, session, form, { userId: user.userId, scope: { journalId: journal.id }, backTo: `/diary/homework/${journal.id}/edit` })
  if (intent !== 'settings') throw data(null, { status: 400 })
  const submission = parseWithZod(form, { schema: JournalSettingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const saved = await updateJournal(db, journal.id, { userId: user.userId, planLimit: user.studentLimit }, submission.value)
  if (!saved.ok) return data({ result: submission.reply({ fieldErrors: saved.fieldErrors }) }, 400)
  return await redirectWithToast(request, session, `/diary/homework/${journal.id}/info`, { kind: 'success', key: 'journal.saved' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function EditJournalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  return (
    <>
      <h1>{t('journalSettings.editTitle')}</h1>
      <JournalSettingsForm
        defaults={loaderData.defaults}
        tickets={loaderData.tickets}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
        cancelTo={`/diary/homework/${loaderData.id}/info`}
        isNew={false}
      />
      <WatchWords scope="journal" words={loaderData.watchWords.own} team={loaderData.watchWords.team} editable lastResult={actionData && 'watchWord' in actionData ? actionData.watchWord : undefined} />
    </>
  )
}
