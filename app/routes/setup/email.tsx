import { parseWithZod } from '@conform-to/zod/v4'
import { useT } from '~/i18n/use-t'
import { data, redirect } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/email'
import { requireSignedIn } from '~/auth/guards.server'
import { commitSession } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { EMAIL_CODE, EMAIL_SEND } from '~/features/account/codes'
import { codeMail, pendingEmailCode, sendEmailCode, validateEmailCode, emailOf } from '~/features/account/email-verify.server'
import { EmailSchema } from '~/features/account/schema'
import type { z } from 'zod/mini'
import { getInstance } from '~/i18n/middleware.server'
import { mailer } from '~/mail/mail.server'
import { ErrorList, TextField } from '~/ui/field'
import { useConsoleForm } from '~/ui/form-kit'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

const loadValidator = () => import('~/features/account/validate').then((m) => m.validateEmail)

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireSignedIn(request, context)
  const pending = await pendingEmailCode(db, user.userId)
  return { email: pending ?? (await emailOf(db, user.userId)) ?? '', codeSent: Boolean(pending), title: getInstance(context).t('email.title') }
}

const SEND_ERRORS: Record<number, string> = {
  [EMAIL_SEND.inUseSetup]: 'email.dupSetup',
  [EMAIL_SEND.inUseSettings]: 'email.dupSettings',
  [EMAIL_SEND.tooFast]: 'email.tooFast',
}
const CODE_ERRORS: Record<number, string> = { [EMAIL_CODE.badCode]: 'email.badCode', [EMAIL_CODE.wrongEmail]: 'email.wrongEmail' }

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireSignedIn(request, context)
  const submission = parseWithZod(await readForm(request), { schema: EmailSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sentTo: null }, 400)
  const { t } = getInstance(context)

  if (submission.value.intent === 'send') {
    const { returnCode } = await sendEmailCode(db, mailer, {
      userId: user.userId,
      email: submission.value.email,
      where: 'setup',
      mail: codeMail(t),
    })
    if (returnCode !== EMAIL_SEND.ok) return data({ result: submission.reply({ fieldErrors: { email: [SEND_ERRORS[returnCode]] } }), sentTo: null }, 400)
    return { result: submission.reply(), sentTo: submission.value.email }
  }

  const { error } = await validateEmailCode(db, { userId: user.userId, ...submission.value })
  if (error !== EMAIL_CODE.ok) {
    const field = error === EMAIL_CODE.wrongEmail ? 'email' : 'code'
    return data({ result: submission.reply({ fieldErrors: { [field]: [CODE_ERRORS[error]] } }), sentTo: null }, 400)
  }
  session.set('emailVerified', '1')
  return redirect('/setting/basicInfo', { headers: { 'Set-Cookie': await commitSession(request, session) } })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function EmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof EmailSchema>, z.output<typeof EmailSchema>>({
    id: 'email-verify',
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
    load: loadValidator,
  })
  const sent = Boolean(actionData?.sentTo) || loaderData.codeSent
  return (
    <section className="card narrow" aria-labelledby="email-title">
      <h1 id="email-title">{t('email.title')}</h1>
      <p className="hint">{t('email.intro')}</p>
      {actionData?.sentTo ? (
        <p className="form-info" role="status">
          {t('email.sent', { email: actionData.sentTo })}
        </p>
      ) : null}
      <Form method="post" {...formProps}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <div className="inline-field gap-below">
          <TextField field={fields.email} label={t('email.email')} type="email" inputProps={{ autoComplete: 'email' }} />
          <button type="submit" name="intent" value="send" className="button secondary" disabled={busy}>
            {sent ? t('email.resend') : t('email.send')}
          </button>
        </div>
        <TextField field={fields.code} label={t('email.code')} inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }} />
        <button type="submit" name="intent" value="validate" className="button wide" disabled={busy}>
          {t('email.validate')}
        </button>
      </Form>
    </section>
  )
}
