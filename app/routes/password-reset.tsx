import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod/mini'
import { data, Link, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/password-reset'
import { commitSession, getSession } from '~/auth/session.server'
import { signInAs } from '~/auth/sign-in.server'
import { db } from '~/db/db.server'
import { resetCodeIsValid, resetPassword } from '~/features/auth/password-reset.server'
import { ResetPasswordSchema } from '~/features/auth/schema'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { ErrorList, TextField } from '~/ui/field'
import { useHydrated } from '~/ui/hydrated'
import { useConsoleForm } from '~/ui/form-kit'
import { MessagePage } from '~/ui/message-page'
import { PortalShell } from '~/ui/portal-shell'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// "Sign in now" after a reset works this long.
const DIRECT_SIGN_IN_MS = 10 * 60 * 1000

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /pwd/reset/{code}: the link of the reset mail. An unknown, used or expired code shows the invalid page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const t = getInstance(context).t
  // Just reset from this browser: the code is used now, and the page says the password changed.
  const reset = (await getSession(request, context)).get('passwordReset')
  if (reset?.code === params.code && Date.now() - Date.parse(reset.at) <= DIRECT_SIGN_IN_MS) return { valid: true, done: true, title: t('reset.doneTitle') }
  const valid = await resetCodeIsValid(db, params.code)
  return data({ valid, done: false, title: t(valid ? 'reset.title' : 'reset.invalidTitle') }, valid ? 200 : 404)
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await readForm(request)
  const session = await getSession(request, context)
  switch (formData.get('intent')) {
    case 'reset':
      return resetAction(request, session, formData, params.code)
    case 'signin':
      return signInAction(request, context, session)
    default:
      throw data(null, { status: 400 })
  }
})

/** The new password: then a GET of the same address, whose success page is a page of its own (200, its own title). */
async function resetAction(request: Request, session: Awaited<ReturnType<typeof getSession>>, formData: FormData, code: string) {
  const submission = parseWithZod(formData, { schema: ResetPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'repeatPassword'] }), done: false, invalid: false }, 400)
  const userId = await resetPassword(db, code, submission.value.password)
  if (userId === null) return data({ result: submission.reply({ resetForm: true }), done: false, invalid: true }, 404)
  session.set('passwordReset', { userId, at: new Date().toISOString(), code })
  throw redirect(new URL(request.url).pathname, { headers: { 'Set-Cookie': await commitSession(request, session) } })
}

/** "Sign in now", for a few minutes after the reset, without the password. */
async function signInAction(request: Request, context: Route.ActionArgs['context'], session: Awaited<ReturnType<typeof getSession>>) {
  const reset = session.get('passwordReset')
  if (!reset || Date.now() - Date.parse(reset.at) > DIRECT_SIGN_IN_MS) throw redirect('/login')
  throw await signInAs(request, context, reset.userId)
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

const loadValidator = () => import('~/features/auth/validate').then((m) => m.validateReset)

export default function PasswordResetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  if (loaderData.done) {
    return (
      <PortalShell>
        <main id="main" className="portal-main">
          <section className="card login-card" aria-labelledby="reset-done">
            <h1 id="reset-done">{t('reset.doneTitle')}</h1>
            <p>{t('reset.doneText')}</p>
            <Form method="post" className="form-actions">
              <input type="hidden" name="intent" value="signin" />
              <button type="submit" className="button">
                {t('reset.signInNow')}
              </button>
              <Link to="/login">{t('reset.toLogin')}</Link>
            </Form>
          </section>
        </main>
      </PortalShell>
    )
  }
  if (!loaderData.valid || actionData?.invalid) {
    return (
      <PortalShell>
        <MessagePage title={t('reset.invalidTitle')}>
          <p>{t('reset.invalidText')}</p>
          <Link to="/login?forgot=1" className="button">
            {t('reset.askAgain')}
          </Link>
        </MessagePage>
      </PortalShell>
    )
  }
  return (
    <PortalShell>
      <main id="main" className="portal-main">
        <section className="card login-card" aria-labelledby="reset-title">
          <h1 id="reset-title">{t('reset.title')}</h1>
          <ResetForm lastResult={actionData?.result} />
        </section>
      </main>
    </PortalShell>
  )
}

function ResetForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof ResetPasswordSchema>, z.output<typeof ResetPasswordSchema>>({
    id: 'reset',
    lastResult,
    load: loadValidator,
  })
  // A mismatch blocks the submit while the script runs (spec 1 section 5).
  const hydrated = useHydrated()
  const blocked = hydrated && Boolean(fields.repeatPassword.errors || fields.password.errors)
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="intent" value="reset" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextField field={fields.password} label={t('reset.newPassword')} type="password" hint={t('login.passwordHint')} inputProps={{ autoComplete: 'new-password', autoFocus: true }} />
      <TextField field={fields.repeatPassword} label={t('login.repeatPassword')} type="password" inputProps={{ autoComplete: 'new-password' }} />
      <button type="submit" className="button wide" disabled={busy || blocked} aria-disabled={blocked}>
        {t('reset.submit')}
      </button>
    </Form>
  )
}
