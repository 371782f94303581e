import { getInputProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useT } from '~/i18n/use-t'
import { data, Link, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/basic-info'
import { requireSignedIn } from '~/auth/guards.server'
import { commitSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { profileOf, saveNameAndGender, saveSchoolInfo } from '~/features/account/basic-info.server'
import { NameGenderSchema, SchoolSchema } from '~/features/account/schema'
import type { z } from 'zod/mini'
import type { Locale } from '~/i18n/config'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { ErrorList, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

const loadProfileValidator = () => import('~/features/account/validate').then((m) => m.validateNameGender)
const loadSchoolValidator = () => import('~/features/account/validate').then((m) => m.validateSchool)

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

async function guard(request: Request, context: Route.LoaderArgs['context']) {
  const signedIn = await requireSignedIn(request, context)
  if (signedIn.user.emailVerified === '0') throw redirect('/setting/email')
  return signedIn
}

// The country lists (about 15 MB in memory) are loaded by the first basic-info page, not at start-up.
const countries = () => import('~/features/account/countries.server')

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await guard(request, context)
  const { countryName, countryOptions } = await countries()
  const locale = getLocale(context) as Locale
  const profile = await profileOf(db, user.userId)
  const wantsStep2 = new URL(request.url).searchParams.get('step') === '2'
  // Step 2 needs step 1 done: a name is the minimum.
  if (wantsStep2 && !profile?.name) throw redirect('/setting/basicInfo')
  return {
    step: wantsStep2 ? 2 : 1,
    profile: {
      name: profile?.name ?? '',
      gender: profile?.gender ?? '',
      country: profile?.country ? countryName(profile.country, locale) : '',
      school: profile?.school ?? '',
      position: profile?.position ?? '',
    },
    countries: wantsStep2 ? countryOptions(locale).map((c) => c.name) : [],
    title: getInstance(context).t('basic.title'),
  } as const
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await guard(request, context)
  const formData = await readForm(request)
  const args: IntentArgs = { request, context, session, userId: user.userId, formData }
  switch (formData.get('intent')) {
    case 'profile':
      return profileAction(args)
    case 'school':
      return schoolAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  context: Route.ActionArgs['context']
  session: Awaited<ReturnType<typeof guard>>['session']
  userId: number
  formData: FormData
}

/** Step 1: the name and gender. */
async function profileAction({ request, session, userId, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: NameGenderSchema })
  if (submission.status !== 'success') return data({ step: 1, result: submission.reply(), suggestion: null }, 400)
  await saveNameAndGender(db, userId, submission.value)
  session.set('userName', submission.value.name)
  return redirect('/setting/basicInfo?step=2', { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

/** Step 2: the school, its country and an invitation code. */
async function schoolAction({ request, context, session, userId, formData }: IntentArgs) {
  const locale = getLocale(context) as Locale
  const submission = parseWithZod(formData, { schema: SchoolSchema })
  if (submission.status !== 'success') return data({ step: 2, result: submission.reply(), suggestion: null }, 400)
  const { countryName, resolveCountry } = await countries()
  const match = resolveCountry(submission.value.country, locale)
  if (match.kind === 'none') {
    const message = getInstance(context).t('basic.noPlaceFound', { text: submission.value.country })
    return data({ step: 2, result: submission.reply({ fieldErrors: { country: [message] } }), suggestion: null }, 400)
  }
  // Typed rather than picked: ask "did you mean" before saving (spec 1 section 5).
  if (match.kind === 'suggest' && !submission.value.confirmed) {
    return data({ step: 2, result: submission.reply(), suggestion: { ...submission.value, country: countryName(match.code, locale) } }, 200)
  }
  const saved = await saveSchoolInfo(db, userId, { ...submission.value, country: match.code })
  if (!saved.ok) {
    if (saved.error === 'nameMissing') throw redirect('/setting/basicInfo')
    return data({ step: 2, result: submission.reply({ fieldErrors: { inviteCode: ['basic.badInviteCode'] } }), suggestion: null }, 400)
  }
  session.set('infoSet', '1')
  return redirect('/refresh', { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function BasicInfoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const step = actionData?.step ?? loaderData.step
  return (
    <section className="card narrow" aria-labelledby="basic-title">
      <h1 id="basic-title">{t('basic.title')}</h1>
      <ol className="steps">
        <li aria-current={step === 1 ? 'step' : undefined}>1. {t('basic.step1')}</li>
        <li aria-current={step === 2 ? 'step' : undefined}>2. {t('basic.step2')}</li>
      </ol>
      {step === 1 ? (
        <ProfileStep profile={loaderData.profile} lastResult={actionData?.step === 1 ? actionData.result : undefined} />
      ) : (
        <SchoolStep
          profile={loaderData.profile}
          countries={loaderData.countries}
          lastResult={actionData?.step === 2 ? actionData.result : undefined}
          suggestion={actionData?.suggestion ?? null}
        />
      )}
    </section>
  )
}


function ProfileStep({ profile, lastResult }: { profile: { name: string; gender: string }; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { fields, formProps, busy } = useConsoleForm<z.input<typeof NameGenderSchema>, z.output<typeof NameGenderSchema>>({
    id: 'basic-profile',
    lastResult,
    defaultValue: profile,
    load: loadProfileValidator,
  })
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="intent" value="profile" />
      <TextField field={fields.name} label={t('basic.name')} inputProps={{ autoComplete: 'name' }} />
      <div className="field">
        <fieldset aria-describedby={fields.gender.errorId}>
          <legend>{t('basic.gender')}</legend>
          {(['m', 'f'] as const).map((g) => {
            const { key, ...props } = getInputProps(fields.gender, { type: 'radio', value: g })
            return (
              <label key={key ?? g}>
                <input {...props} /> {t(`basic.${g}`)}
              </label>
            )
          })}
        </fieldset>
        <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
      </div>
      <button type="submit" className="button wide" disabled={busy}>
        {t('basic.next')}
      </button>
    </Form>
  )
}

type Suggestion = { country: string; school: string; position: string; inviteCode?: string }

function SchoolStep({
  profile,
  countries,
  lastResult,
  suggestion,
}: {
  profile: { country: string; school: string; position: string }
  countries: readonly string[]
  lastResult?: SubmissionResult<string[]>
  suggestion: Suggestion | null
}) {
  const { t } = useT()
  const { fields, formProps, busy } = useConsoleForm<z.input<typeof SchoolSchema>, z.output<typeof SchoolSchema>>({
    id: 'basic-school',
    lastResult,
    defaultValue: { ...profile, inviteCode: '' },
    load: loadSchoolValidator,
  })
  return (
    <>
      {suggestion ? (
        <Form method="post" className="form-info" role="alertdialog" aria-labelledby="did-you-mean">
          <p id="did-you-mean">{t('basic.didYouMean', { country: suggestion.country })}</p>
          <input type="hidden" name="country" value={suggestion.country} />
          <input type="hidden" name="school" value={suggestion.school} />
          <input type="hidden" name="position" value={suggestion.position} />
          <input type="hidden" name="inviteCode" value={suggestion.inviteCode ?? ''} />
          <input type="hidden" name="intent" value="school" />
          <input type="hidden" name="confirmed" value="1" />
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {t('basic.yes')}
            </button>
            <a href={`#${fields.country.id}`} className="button secondary">
              {t('basic.no')}
            </a>
          </div>
        </Form>
      ) : null}
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="school" />
        <TextField field={fields.country} label={t('basic.country')} hint={t('basic.countryHint')} inputProps={{ list: 'country-list', autoComplete: 'off' }} />
        <datalist id="country-list">
          {countries.map((c) => (
            <option key={c} value={c} />
          ))}
        </datalist>
        <TextField field={fields.school} label={t('basic.school')} inputProps={{ autoComplete: 'organization' }} />
        <TextField field={fields.position} label={t('basic.position')} hint={t('basic.positionHint')} inputProps={{ autoComplete: 'organization-title' }} />
        <TextField field={fields.inviteCode} label={t('basic.inviteCode')} />
        <div className="actions">
          <Link to="/setting/basicInfo" className="button secondary">
            {t('basic.back')}
          </Link>
          <button type="submit" className="button" disabled={busy}>
            {t('basic.submit')}
          </button>
        </div>
      </Form>
    </>
  )
}
