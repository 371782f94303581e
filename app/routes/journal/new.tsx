import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import type { Route } from './+types/new'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { EXPIRE_TYPE } from '~/features/journals/constants'
import { JournalSettingsSchema } from '~/features/journals/schema'
import { createJournal, ticketsFor } from '~/features/journals/settings.server'
import { readableSample } from '~/features/samples/samples.server'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { JournalSettingsForm } from '~/features/journals/components/journal-settings-form'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { membershipOf } from '~/features/team/team.server'
import { refreshValuesOf } from '~/features/account/session-values.server'
import { browserTimeZone, inSchoolZone, requestTimeZone } from '~/time-zone.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

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
  // "From a published sample" (spec 2, create dialog): the form starts with the sample's settings.
  const sampleId = new URL(request.url).searchParams.get('sample')
  const sample = sampleId ? await readableSample(db, Number(sampleId), user.userId) : null
  return {
    tickets,
    sample: sample ? { name: sample.name } : null,
    defaults: {
      labelColorCode: String(sample?.labelColorCode ?? 1),
      speechLang: sample?.speechLang ?? (locale === 'zh-TW' ? 'zh' : locale),
      display: 'list',
      expireType: String(EXPIRE_TYPE.unlimited),
      studentLimit: String(Math.min(sample?.studentLimit ?? 30, tickets.max)),
      shareType: '2',
      ...(sample ? { name: sample.name, description: sample.description, aiScoring: sample.aiScoring ? 'on' : undefined } : {}),
    },
    title: getInstance(context).t('journalSettings.newTitle'),
  }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await guard(request, context)
  const submission = parseWithZod(await readForm(request), { schema: JournalSettingsSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  // Made in team mode, the journal is the team's (its students show on /team/my); otherwise personal.
  const teamId = user.mode === 'team' ? ((await membershipOf(db, user.userId))?.teamId ?? null) : null
  // A teacher with no school zone yet (no team, no journal) starts one in the browser's, as its page script told.
  const zone = user.timeZone ?? browserTimeZone(request) ?? requestTimeZone()
  const created = await inSchoolZone(zone, () => createJournal(db, { userId: user.userId, planLimit: user.studentLimit, teamId }, submission.value))
  if (!created.ok) return data({ result: submission.reply({ fieldErrors: created.fieldErrors }) }, 400)
  // The teacher's pages outside the journal now read its clock too.
  if (!user.timeZone) await refreshValuesOf(db, [user.userId])
  return await redirectWithToast(request, session, `/diary/homework/${created.id}/info`, { kind: 'success', key: 'journal.created' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function NewJournalPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  return (
    <>
      <h1>{t('journalSettings.newTitle')}</h1>
      {loaderData.sample ? <p className="hint">{t('journalSettings.fromSample', { name: loaderData.sample.name })}</p> : null}
      <JournalSettingsForm defaults={loaderData.defaults} tickets={loaderData.tickets} lastResult={actionData?.result} cancelTo="/diary" isNew />
    </>
  )
}
