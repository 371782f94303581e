import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/login'
import { isStudentPath } from '~/auth/guards.server'
import { getSession, rotateSession } from '~/auth/session.server'
import { clientAddressContext } from '~/context.server'
import { db } from '~/db/db.server'
import { LoginSchema } from '~/features/auth/schema'
import { isLocale } from '~/i18n/config'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { ErrorList, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { profileOf } from '~/features/auth/accounts.server'
import { LOGIN_LIMITS, signInWithPassword } from '~/features/auth/password-sign-in.server'
import { readForm } from '~/http/form.server'
import { sendSafely } from '~/ui/send-safely'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  if ((await getSession(request, context)).get('studentId')) throw redirect('/s')
  return { title: getInstance(context).t('student.loginTitle') }
}

/** Student sign-in: the same failure limits as the console's, for student accounts only. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: LoginSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password'] }) }, 400)
  const signedIn = await signInWithPassword(db, LOGIN_LIMITS(), { account: submission.value.email, password: submission.value.password, address: context.get(clientAddressContext), kind: 'student' })
  if (!signedIn.ok && signedIn.error === 'blocked') {
    const message = getInstance(context).t('errors.tooManyAttempts', { count: signedIn.waitMinutes })
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }) }, 429)
  }
  if (!signedIn.ok) return data({ result: submission.reply({ fieldErrors: { password: ['errors.wrongLogin'] }, hideFields: ['password'] }) }, 401)
  const studentId = signedIn.userId
  const user = await profileOf(db, studentId)
  const { headers, redirectPath: back } = await rotateSession(request, context, {
    studentId,
    studentName: user.name ?? user.account,
    ...(isLocale(user.locale) ? { locale: user.locale } : {}),
  })
  // Back to a student page, or to the e-book a student set out to make (/ebook/student/{id}).
  return redirect(back && (isStudentPath(back) || back.startsWith('/ebook/')) ? back : '/s', { headers })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

const loadValidator = () => import('~/features/auth/validate').then((m) => m.validateLogin)

export default function StudentLoginPage({ actionData }: Route.ComponentProps) {
  const { t } = useT()
  return (
    <section className="card narrow" aria-labelledby="student-login-title">
      <h1 id="student-login-title">{t('student.loginTitle')}</h1>
      <p className="hint">{t('student.loginText')}</p>
      <StudentLoginForm lastResult={actionData?.result} />
      <p className="hint">
        {t('student.teacherHint')} <a href="/login">{t('nav.consoleLogin')}</a>
      </p>
    </section>
  )
}

function StudentLoginForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof LoginSchema>>({ id: 'student-login', lastResult, load: loadValidator })
  return (
    <Form method="post" {...formProps}>
      <input type="hidden" name="intent" value="login" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <TextField field={fields.email} label={t('login.account')} inputProps={{ autoComplete: 'username', autoCapitalize: 'none' }} />
      <TextField field={fields.password} label={t('login.password')} type="password" inputProps={{ autoComplete: 'current-password' }} />
      <button type="submit" className="button wide" disabled={busy}>
        {t('login.submitLogin')}
      </button>
    </Form>
  )
}
