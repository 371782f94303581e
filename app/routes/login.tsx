import { env } from '~/env.server'
import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { useCallback, useEffect, useState } from 'react'
import { useT } from '~/i18n/use-t'
import { data, Link, redirect, useFetcher } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/login'
import { getSession } from '~/auth/session.server'
import { configuredPlatforms } from '~/auth/providers.server'
import { signInAs } from '~/auth/sign-in.server'
import { clientAddressContext } from '~/context.server'
import { db } from '~/db/db.server'
import { accountExists, registerWithPassword } from '~/features/auth/accounts.server'
import { AUTH_CODES } from '~/features/auth/codes'
import { FORGOT, requestPasswordReset } from '~/features/auth/password-reset.server'
import { CheckAccountSchema, ForgotSchema, LoginSchema, SignupSchema } from '~/features/auth/schema'
import { mailer } from '~/mail/mail.server'
import type { z } from 'zod/mini'
import { getInstance, getLocale, translatorFor } from '~/i18n/middleware.server'
import type { Locale } from '~/i18n/config'
import { ErrorList, TextField } from '~/ui/field'
import { useHydrated } from '~/ui/hydrated'
import { useConsoleForm } from '~/ui/form-kit'
import { PortalShell } from '~/ui/portal-shell'
import { Dialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { LOGIN_LIMITS, signInWithPassword } from '~/features/auth/password-sign-in.server'
import { readForm } from '~/http/form.server'
import { sendSafely } from '~/ui/send-safely'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  // A user already signed in goes straight on to the login check (spec 1 section 2).
  const session = await getSession(request, context)
  if (session.get('userId')) throw redirect('/login/check')
  const params = new URL(request.url).searchParams
  const tab = params.get('tab') === 'signup' ? 'signup' : 'login'
  const forgot = tab === 'login' && params.get('forgot') === '1'
  return { tab, forgot, platforms: configuredPlatforms(), title: getInstance(context).t('login.title') } as const
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request)
  const args: IntentArgs = { request, context, formData }
  switch (formData.get('intent')) {
    case 'login':
      return loginAction(args)
    case 'signup':
      return signupAction(args)
    case 'forgot':
      return forgotAction(args)
    case 'check-account':
      return checkAccountAction(args)
    default:
      throw data(null, { status: 400 })
  }
}

interface IntentArgs {
  request: Request
  context: Route.ActionArgs['context']
  formData: FormData
}

async function loginAction({ request, context, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') return data({ intent: 'login' as const, result: submission.reply({ hideFields: ['password'] }) }, 400)
  const signedIn = await signInWithPassword(db, LOGIN_LIMITS(), { account: submission.value.email, password: submission.value.password, address: context.get(clientAddressContext), kind: 'teacher' })
  if (!signedIn.ok && signedIn.error === 'blocked') {
    const message = getInstance(context).t('errors.tooManyAttempts', { count: signedIn.waitMinutes })
    return data({ intent: 'login' as const, result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, 429)
  }
  if (!signedIn.ok) return data({ intent: 'login' as const, result: submission.reply({ fieldErrors: { password: ['errors.wrongLogin'] }, hideFields: ['password'] }) }, 401)
  return signInAs(request, context, signedIn.userId)
}

async function signupAction({ request, context, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: SignupSchema })
  if (submission.status !== 'success') return data({ intent: 'signup' as const, result: submission.reply({ hideFields: ['password', 'repeatPassword'] }) }, 400)
  const result = await registerWithPassword(db, { ...submission.value, locale: getLocale(context) as Locale })
  if (result.code === AUTH_CODES.accountExists) {
    return data({ intent: 'signup' as const, result: submission.reply({ fieldErrors: { account: ['errors.accountExists'] }, hideFields: ['password', 'repeatPassword'] }) }, 400)
  }
  // Return code 01000: the new user is signed in straight away.
  return signInAs(request, context, result.userId)
}

async function forgotAction({ formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: ForgotSchema })
  if (submission.status !== 'success') return data({ intent: 'forgot' as const, result: submission.reply(), sent: false }, 400)
  const answer = await requestPasswordReset(db, mailer, {
    email: submission.value.email,
    // From the configured address, never the request's Host (a forged one would mail a reset link to another site).
    link: (code) => `${env.PUBLIC_ORIGIN}/pwd/reset/${code}`,
    mail: (link, locale) => {
      const { t } = translatorFor(locale)
      return { subject: t('mail.resetSubject'), text: t('mail.resetBody', { link }) }
    },
  })
  if (answer === FORGOT.notLinked) return data({ intent: 'forgot' as const, result: submission.reply({ fieldErrors: { email: ['errors.forgotNotLinked'] } }), sent: false }, 400)
  return { intent: 'forgot' as const, result: submission.reply({ resetForm: true }), sent: true }
}

/** The sign-up form asks, as the account is typed, whether it is taken. */
async function checkAccountAction({ formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: CheckAccountSchema })
  if (submission.status !== 'success') return { intent: 'check-account' as const, exists: null }
  return { intent: 'check-account' as const, exists: await accountExists(db, submission.value.account) }
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const tab = loaderData.tab
  const forgotAnswer = actionData && 'sent' in actionData ? actionData : undefined
  return (
    <PortalShell>
      <main id="main" className="portal-main">
        <section className="card login-card" aria-labelledby="login-title">
          <h1 id="login-title">{t('login.title')}</h1>
          <nav className="tabs" aria-label={t('login.title')}>
            <Link to="/login" aria-current={tab === 'login' ? 'page' : undefined} replace>
              {t('login.tabLogin')}
            </Link>
            <Link to="/login?tab=signup" aria-current={tab === 'signup' ? 'page' : undefined} replace>
              {t('login.tabSignup')}
            </Link>
          </nav>
          {tab === 'login' ? (
            <>
              <LoginForm
                lastResult={actionData && 'result' in actionData && actionData.intent === 'login' ? actionData.result : undefined}
                autoFocus={!(loaderData.forgot || forgotAnswer)}
              />
              <p className="forgot-link">
                <Link to="/login?forgot=1" replace preventScrollReset>
                  {t('login.forgot')}
                </Link>
              </p>
              {loaderData.forgot || forgotAnswer ? <ForgotDialog lastResult={forgotAnswer?.result} sent={forgotAnswer?.sent === true} /> : null}
            </>
          ) : (
            <SignupForm lastResult={actionData && 'result' in actionData && actionData.intent === 'signup' ? actionData.result : undefined} />
          )}
          <ThirdPartyButtons platforms={loaderData.platforms} />
          <p className="hint">
            {t('login.studentHint')} <Link to="/s/login">{t('login.studentLogin')}</Link>
          </p>
        </section>
      </main>
    </PortalShell>
  )
}


const loadLoginValidator = () => import('~/features/auth/validate').then((m) => m.validateLogin)
const loadForgotValidator = () => import('~/features/auth/validate').then((m) => m.validateForgot)
const loadSignupValidator = () => import('~/features/auth/validate').then((m) => m.validateSignup)

function LoginForm({ lastResult, autoFocus }: { lastResult?: SubmissionResult<string[]>; autoFocus: boolean }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof LoginSchema>, z.output<typeof LoginSchema>>({
    id: 'login',
    lastResult,
    load: loadLoginValidator,
  })
  return (
    <Form method="post" action="/login" {...formProps}>
      <input type="hidden" name="intent" value="login" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} label={t('login.account')} hint={t('login.accountHint')} inputProps={{ autoComplete: 'username', autoFocus }} />
      <TextField field={fields.password} label={t('login.password')} type="password" inputProps={{ autoComplete: 'current-password' }} />
      <button type="submit" className="button wide" disabled={busy}>
        {t('login.submitLogin')}
      </button>
    </Form>
  )
}

function SignupForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const check = useFetcher<{ intent: 'check-account'; exists: boolean | null }>()
  const [checked, setChecked] = useState('')
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof SignupSchema>, z.output<typeof SignupSchema>>({
    id: 'signup',
    lastResult,
    load: loadSignupValidator,
  })
  // The account-exists check runs when the account changes (spec 1 section 5, -01001).
  const submitCheck = check.submit
  const checkAccount = useCallback(
    (value: string) => {
      const account = value.trim()
      if (!account) return
      setChecked(account)
      void submitCheck({ intent: 'check-account', account }, { method: 'post', action: '/login?tab=signup' })
    },
    [submitCheck],
  )
  // Typed before the page finished loading on a slow PC: check once it is interactive.
  useEffect(() => {
    const input = document.getElementById(fields.account.id) as HTMLInputElement | null
    if (input?.value && document.activeElement !== input) checkAccount(input.value)
  }, [fields.account.id, checkAccount])
  // The answer holds while the field still shows the checked account (the form may not have seen
  // a value typed before it loaded).
  const current = fields.account.value ?? checked
  const exists = check.data?.exists === true && checked === current
  const available = check.data?.exists === false && checked === current
  const blocked = hydrated && (exists || Boolean(fields.account.errors || fields.password.errors || fields.repeatPassword.errors))

  return (
    <Form method="post" action="/login?tab=signup" {...formProps}>
      <input type="hidden" name="intent" value="signup" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextField
        field={fields.account}
        label={t('login.account')}
        hint={t('login.accountHint')}
        inputProps={{ autoComplete: 'username', autoFocus: true, onBlur: (e) => checkAccount(e.currentTarget.value) }}
        after={
          exists ? (
            <p className="field-error" role="alert">{t('errors.accountExists')}</p>
          ) : available && !fields.account.errors ? (
            <p className="field-ok">{t('login.accountOk')}</p>
          ) : null
        }
      />
      <TextField field={fields.password} label={t('login.password')} type="password" hint={t('login.passwordHint')} inputProps={{ autoComplete: 'new-password' }} />
      <TextField field={fields.repeatPassword} label={t('login.repeatPassword')} type="password" inputProps={{ autoComplete: 'new-password' }} />
      <button type="submit" className="button wide" disabled={busy || blocked} aria-disabled={blocked}>
        {t('login.submitSignup')}
      </button>
    </Form>
  )
}

/** The forgot-password dialog (spec 1 sections 5 and 8): the mail holds a link to /pwd/reset/{code}. */
function ForgotDialog({ lastResult, sent }: { lastResult?: SubmissionResult<string[]>; sent: boolean }) {
  const { t } = useT()
  const { fields, formProps, busy } = useConsoleForm<z.input<typeof ForgotSchema>, z.output<typeof ForgotSchema>>({
    id: 'forgot',
    lastResult,
    load: loadForgotValidator,
  })
  return (
    <Dialog title={t('login.forgotTitle')} closeTo="/login">
      {sent ? (
        <p className="field-ok" role="status">
          {t('login.forgotSent')}
        </p>
      ) : (
        <p>{t('login.forgotText')}</p>
      )}
      <Form method="post" action="/login?forgot=1" {...formProps}>
        <input type="hidden" name="intent" value="forgot" />
        <TextField field={fields.email} label={t('login.forgotEmail')} type="email" inputProps={{ autoComplete: 'email', autoFocus: true }} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={busy}>
            {t('login.forgotSend')}
          </button>
          <Link to="/login" replace preventScrollReset>
            {t('login.close')}
          </Link>
        </div>
      </Form>
    </Dialog>
  )
}

/** Google and the education cloud, for sign-in and sign-up alike; only the configured ones show. */
function ThirdPartyButtons({ platforms }: { platforms: readonly ('google' | 'openid')[] }) {
  const { t } = useT()
  if (!platforms.length) return null
  return (
    <div className="third-party">
      <p className="or">{t('oauth.or')}</p>
      {platforms.map((platform) => (
        <Form key={platform} method="post" action={`/oauth/login/${platform}`} reloadDocument>
          <button type="submit" className={`button secondary wide provider-${platform}`}>
            {t('oauth.signInWith', { provider: t(`oauth.${platform}`) })}
          </button>
        </Form>
      ))}
    </div>
  )
}
