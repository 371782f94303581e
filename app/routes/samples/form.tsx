import type { SubmissionResult } from '@conform-to/react'
import { data, Link } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/form'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { LABEL_COLORS } from '~/features/journals/constants'
import { SAMPLE_LANGS, SAMPLE_LIMITS } from '~/features/samples/constants'
import { createSample, ownSample, updateSample } from '~/features/samples/samples.server'
import type { SampleSchema } from '~/features/samples/schema'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { Check } from '~/ui/check-field'
import { Choice, Select } from '~/ui/choice-fields'
import { ErrorList, TextAreaField, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

// One module for /diarySample/new and /diarySample/{id}/edit (routes.ts names it twice).
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const t = getInstance(context).t
  if (!params.id) {
    const locale = getLocale(context)
    return { isNew: true, title: t('samples.newTitle'), defaults: { labelColorCode: '1', studentLimit: '30', speechLang: locale === 'en' ? 'en' : 'zh' } }
  }
  const s = await ownSample(db, params.id, user.userId)
  return {
    isNew: false,
    title: `${t('samples.editTitle')} | ${s.name}`,
    defaults: {
      name: s.name,
      description: s.description,
      labelColorCode: String(s.label_color_code),
      studentLimit: String(s.student_limit),
      speechLang: s.speech_lang,
      aiScoring: s.ai_scoring ? 'on' : undefined,
      published: s.published ? 'on' : undefined,
    },
  }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const sample = params.id ? await ownSample(db, params.id, user.userId) : null
  const submission = (await loadSampleValidator())({ formData: await readForm(request) })
  if (submission.status !== 'success') return data({ result: submission.reply() }, 400)
  if (sample) await updateSample(db, sample.id, submission.value)
  else await createSample(db, user.userId, submission.value)
  return await redirectWithToast(request, session, '/diarySample', { kind: 'success', key: sample ? 'samples.saved' : 'samples.created' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

const loadSampleValidator = () => import('~/features/samples/validate').then((m) => m.validateSample)

export default function SampleFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { isNew, defaults } = loaderData
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('samples.title')}>
        <Link to="/diarySample">{t('samples.title')}</Link> › <span>{isNew ? t('samples.newTitle') : t('samples.editTitle')}</span>
      </nav>
      <h1>{isNew ? t('samples.newTitle') : t('samples.editTitle')}</h1>
      <SampleForm defaults={defaults} lastResult={actionData?.result} isNew={isNew} />
    </>
  )
}

function SampleForm({ defaults, lastResult, isNew }: { defaults: Record<string, string | undefined>; lastResult?: SubmissionResult<string[]>; isNew: boolean }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof SampleSchema>>({
    id: 'sample',
    lastResult,
    defaultValue: defaults,
    load: loadSampleValidator,
  })
  return (
    <Form method="post" className="card settings-form" {...formProps}>
      <TextField field={fields.name} label={t('journalSettings.name')} inputProps={{ maxLength: 50 }} />
      <TextAreaField field={fields.description} label={t('journalSettings.description')} maxLength={500} />
      <Choice field={fields.labelColorCode} legend={t('journalSettings.labelColor')} options={LABEL_COLORS.map((n) => ({ value: String(n), label: t('journalSettings.color', { n }), swatch: n }))} />
      <div className="field-row">
        <Select field={fields.studentLimit} label={t('journalSettings.studentLimit')} options={SAMPLE_LIMITS.map((n) => ({ value: String(n), label: t('samples.limitN', { count: n }) }))} />
        <Select field={fields.speechLang} label={t('samples.pronunciation')} options={SAMPLE_LANGS.map((l) => ({ value: l, label: t(`samples.lang_${l}`) }))} />
      </div>
      <Check field={fields.aiScoring} label={t('journalSettings.aiScoring')} />
      <Check field={fields.published} label={t('samples.publish')} />
      <ErrorList errors={form.errors} />
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy}>
          {isNew ? t('samples.create') : t('journal.save')}
        </button>
        <Link to="/diarySample">{t('journal.cancel')}</Link>
      </div>
    </Form>
  )
}
