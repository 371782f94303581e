import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/new'
import { requireUser } from '~/auth/guards.server'
import { commitSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { EXPIRE_TYPE } from '~/features/journals/constants'
import { JournalSettingsSchema } from '~/features/journals/schema'
import { createJournal, ticketsFor } from '~/features/journals/settings.server'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { JournalSettingsForm } from '~/ui/journal-settings-form'

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }]

async function guard(request: Request, context: Route.LoaderArgs['context']) {
  const signedIn = await requireUser(request, context)
  // A locked plan cannot start journals (spec 2: the own list is empty under the homework lock).
  if (signedIn.user.isHomeworkLock) throw redirect('/diary')
  return signedIn
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await guard(request, context)
  const tickets = await ticketsFor(db, user.userId, user.studentLimit)
  const locale = getLocale(context)
  return {
    tickets,
    defaults: {
      labelColorCode: '1',
      speechLang: locale === 'zh-TW' ? 'zh' : locale,
      display: 'list',
      expireType: String(EXPIRE_TYPE.unlimited),
      studentLimit: String(Math.min(30, tickets.max)),
      shareType: '2',
    },
    title: getInstance(context).t('journal.newTitle'),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await guard(request, context)
  const submission = parseWithZod(await request.formData(), { schema: JournalSettingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const created = await createJournal(db, { userId: user.userId, planLimit: user.studentLimit }, submission.value)
  if (!created.ok) return data({ result: submission.reply({ fieldErrors: created.fieldErrors }) }, 400)
  session.flash('toast', { kind: 'success', key: 'journal.created' })
  return redirect(`/diary/homework/${created.id}/info`, { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

export default function NewJournalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  return (
    <>
      <h1>{t('journal.newTitle')}</h1>
      <JournalSettingsForm defaults={loaderData.defaults} tickets={loaderData.tickets} lastResult={actionData?.result} cancelTo="/diary" isNew />
    </>
  )
}
