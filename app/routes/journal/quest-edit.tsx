import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/quest-edit'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { BEHAVIOURS } from '~/features/posts/constants'
import { parseId } from '~/shared/lists'
import { QUEST_DESCRIPTION_MAX, QUEST_LANGS, QUEST_TITLE_MAX } from '~/features/quests/constants'
import { questJournalOf } from '~/auth/quest-gate.server'
import { questForm, saveQuest } from '~/features/quests/quests.server'
import { QuestSchema, SLOT_FIELDS } from '~/features/quests/schema'
import { readForm } from '~/http/form.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { splitError, withValues } from '~/shared/error-values'
import { Select } from '~/ui/choice-fields'
import { ErrorList, TextAreaField, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diary/homework/{id}/quest/edit?questId=&lang= (spec 2 quest edit): a new quest without questId. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal } = await questJournalOf(context, { ownerOnly: true })
  const url = new URL(request.url)
  const rawId = url.searchParams.get('questId')
  const existing = rawId === null ? null : await questForm(db, journal.id, rawId)
  if (rawId !== null && !existing) throw data(null, { status: 404 })
  const lang = QUEST_LANGS.find((l) => l === url.searchParams.get('lang')) ?? 'en'
  const { t } = getInstance(context)
  return { id: journal.id, questId: existing?.id ?? null, defaults: existing?.values ?? { lang }, title: `${t(existing ? 'quest.editTitle' : 'quest.newTitle')} | ${journal.name}` }
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  // The body first: what is not a form is a bad request whoever sends it.
  const form = await readForm(request)
  const { session, journal } = await questJournalOf(context, { ownerOnly: true })
  const rawId = new URL(request.url).searchParams.get('questId')
  const questId = rawId === null ? null : parseId(rawId)
  if (rawId !== null && questId === null) throw data(null, { status: 404 })
  const submission = parseWithZod(form, { schema: QuestSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  const saved = await saveQuest(db, journal.id, questId, submission.value)
  if (saved === null) throw data(null, { status: 404 })
  return await redirectWithToast(request, session, `/diary/homework/${journal.id}/quest`, { kind: 'success', key: 'quest.saved' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

const loadValidator = () => import('~/features/quests/validate').then((m) => m.validateQuest)
type Fields = z.input<typeof QuestSchema>

export default function QuestEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { id, questId, defaults } = loaderData
  return (
    <>
      <h1>{questId ? t('quest.editTitle') : t('quest.newTitle')}</h1>
      <QuestForm defaults={defaults} lastResult={actionData?.result} cancelTo={`/diary/homework/${id}/quest`} />
    </>
  )
}

function QuestForm({ defaults, lastResult, cancelTo }: { defaults: Partial<Fields>; lastResult?: SubmissionResult<string[]>; cancelTo: string }) {
  const { t, i18n } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<Fields>({ id: 'quest', lastResult, defaultValue: defaults, load: loadValidator })
  const f = fields as unknown as Record<string, (typeof fields)['eventExamples']>
  // "A quest needs … frames": the missing ones named in the reader's language.
  const formErrors = (form.errors ?? []).map((e) => {
    const [key, values] = splitError(e)
    if (key !== 'quest.missingFrames') return e
    const parts = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(String(values.parts).split(',').map((p) => t(`quest.frame_${p as 'event'}`)))
    return withValues('quest.missingFrames', { parts })
  })
  return (
    <Form method="post" className="card settings-form" {...formProps}>
      <Select field={fields.lang} label={t('quest.lang')} options={QUEST_LANGS.map((l) => ({ value: l, label: t(`quest.lang_${l}`) }))} />
      <TextField field={fields.title} label={t('quest.title')} inputProps={{ maxLength: QUEST_TITLE_MAX }} />
      <TextAreaField field={fields.description} label={t('quest.description')} hint={t('quest.descriptionHint', { count: QUEST_DESCRIPTION_MAX })} maxLength={QUEST_DESCRIPTION_MAX} />
      {(['event', 'story'] as const).map((type) => (
        <fieldset key={type} className="field group">
          <legend>{t(`quest.frame_${type}`)}</legend>
          <TextField field={f[`${type}Title`]} label={t('quest.frameTitle')} inputProps={{ maxLength: 100 }} />
          <TextAreaField field={f[`${type}Examples`]} label={t('quest.examples')} hint={t('quest.examplesHint')} />
        </fieldset>
      ))}
      <fieldset className="field group">
        <legend>{t('quest.frame_behavior')}</legend>
        <TextField field={fields.behaviorTitle} label={t('quest.frameTitle')} inputProps={{ maxLength: 100 }} />
        <p className="hint">{t('quest.slotsHint')}</p>
        <div className="slot-grid">{SLOT_FIELDS.map((name, i) => <TextAreaField key={name} field={f[name]} label={t(`behaviour.${BEHAVIOURS[i].key}`)} hint={t('quest.examplesHint')} rows={2} />)}</div>
      </fieldset>
      <ErrorList errors={formErrors} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {t('journal.save')}
        </button>
        <Link className="button secondary" to={cancelTo}>
          {t('journal.cancel')}
        </Link>
      </div>
    </Form>
  )
}
