import { getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { lazy, Suspense, useState } from 'react'
import type { Area } from 'react-easy-crop'
import type { z } from 'zod/mini'
import { data, Link, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/user'
import { requireUser } from '~/auth/guards.server'
import type { getSession } from '~/auth/session.server'
import { endOtherSessions } from '~/features/auth/sessions.server'
import { configuredPlatforms } from '~/auth/providers.server'
import { db } from '~/db/db.server'
import { birthdayOf, birthYears, daysInMonth } from '~/features/account/birthday'
import { EMAIL_CODE, EMAIL_SEND } from '~/features/account/codes'
import { codeMail, pendingEmailCode, sendEmailCode, validateEmailCode } from '~/features/account/email-verify.server'
import { EmailSchema } from '~/features/account/schema'
import { AccountSchema, LocaleSchema, ProfileSchema } from '~/features/account/settings-schema'
import { changeAccountAndPassword, saveAvatar, saveDigestMail, saveLocale, saveProfile, userSettingsOf } from '~/features/account/settings.server'
import { bindingsOf } from '~/features/auth/third-party.server'
import { LOCALES, type Locale } from '~/i18n/config'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { mailer } from '~/mail/mail.server'
import { formatDate } from '~/shared/dates'
import { ErrorList, TextField } from '~/ui/field'
import { useHydrated } from '~/ui/hydrated'
import { useConsoleForm } from '~/ui/form-kit'
import { redirectWithToast } from '~/auth/toast.server'
import { Dialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { readUpload, TOO_LARGE } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

const AvatarCropper = lazy(() => import('~/ui/avatar-cropper'))
const loadProfileValidator = () => import('~/features/account/validate').then((m) => m.validateProfile)
const loadAccountValidator = () => import('~/features/account/validate').then((m) => m.validateAccount)
const loadEmailValidator = () => import('~/features/account/validate').then((m) => m.validateEmail)

const EDITS = ['avatar', 'profile', 'email', 'account', 'language'] as const
type Edit = (typeof EDITS)[number]
const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', 'zh-TW': '繁體中文', ja: '日本語' }

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /setting/user: the account settings (spec 1 sections 2, 3 and 5). Each edit is a dialog named in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, user } = await requireUser(request, context)
  const edit = new URL(request.url).searchParams.get('edit')
  const settings = await userSettingsOf(db, user.userId)
  return {
    settings,
    plan: { name: user.planName, endDate: user.planEndDate },
    bindings: await bindingsOf(db, user.userId),
    bindResult: session.get('bindResult') ?? null,
    platforms: configuredPlatforms(),
    edit: EDITS.includes(edit as Edit) ? (edit as Edit) : null,
    pendingEmail: await pendingEmailCode(db, user.userId),
    years: birthYears(),
    title: getInstance(context).t('settings.title'),
  }
}

type Session = Awaited<ReturnType<typeof getSession>>
/** Saved: the session's values are reloaded through /refresh, which comes back here (spec 1 section 4). */
async function savedThroughRefresh(request: Request, session: Session, overwrite = false) {
  session.set('redirect_path', '/setting/user')
  return await redirectWithToast(request, session, overwrite ? '/refresh?overwrite=1' : '/refresh', { kind: 'success', key: 'settings.saved' }, { document: true })
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const signedIn = await requireUser(request, context)
  const formData = await readUpload(request)
  // Only the avatar form sends a file: over the limits, it is shown again with its message.
  if (formData === TOO_LARGE) return data({ intent: 'avatar' as const, error: 'settings.avatarTooBig' as const }, 413)
  const args: IntentArgs = { request, context, ...signedIn, formData }
  const intent = formData.get('intent')
  switch (intent) {
    case 'avatar':
      return avatarAction(args)
    case 'profile':
      return profileAction(args)
    case 'digestMail':
      return digestMailAction(args)
    case 'locale':
      return localeAction(args)
    case 'account':
      return accountAction(args)
    // The e-mail dialog: send a code, then validate it.
    case 'send':
    case 'validate':
      return emailAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

type IntentArgs = Pick<Route.ActionArgs, 'request' | 'context'> & Awaited<ReturnType<typeof requireUser>> & { formData: FormData }

async function avatarAction({ request, session, user, formData }: IntentArgs) {
  const file = formData.get('avatar')
  if (!(file instanceof File) || file.size === 0) return data({ intent: 'avatar' as const, error: 'validation.required' as const }, 400)
  const [x, y, size] = ['cropX', 'cropY', 'cropSize'].map((k) => Number(formData.get(k)))
  const crop = [x, y, size].every(Number.isFinite) && size > 0 ? { x, y, size } : null
  const saved = await saveAvatar(db, user.userId, file, crop)
  if (!saved.ok) return data({ intent: 'avatar' as const, error: saved.error }, 400)
  return await redirectWithToast(request, session, '/setting/user', { kind: 'success', key: 'settings.saved' })
}

async function profileAction({ request, session, user, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: ProfileSchema })
  if (submission.status !== 'success') return data({ intent: 'profile' as const, result: submission.reply() }, 400)
  const { name, nickname, birthYear, birthMonth, birthDay, gender } = submission.value
  await saveProfile(db, user.userId, { name, nickname: nickname ?? '', birthday: birthdayOf(birthYear, birthMonth, birthDay) ?? null, gender })
  return savedThroughRefresh(request, session)
}

async function digestMailAction({ request, session, user, formData }: IntentArgs) {
  const on = formData.get('on') === '1'
  if (!(await saveDigestMail(db, user.userId, on))) return data({ intent: 'digestMail' as const, error: 'settings.digestMailNoEmail' as const }, 400)
  return await redirectWithToast(request, session, '/setting/user', { kind: 'success', key: 'settings.digestMailSaved' })
}

async function localeAction({ request, session, user, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: LocaleSchema })
  if (submission.status !== 'success') return data({ intent: 'locale' as const, result: submission.reply() }, 400)
  await saveLocale(db, user.userId, submission.value.locale)
  return savedThroughRefresh(request, session, true)
}

async function accountAction({ request, session, user, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: AccountSchema })
  if (submission.status !== 'success') return data({ intent: 'account' as const, result: submission.reply({ hideFields: ['currentPassword', 'password', 'repeatPassword'] }) }, 400)
  const changed = await changeAccountAndPassword(db, user.userId, submission.value)
  if (changed !== 'ok') {
    const fieldErrors: Record<string, string[]> = changed === 'wrongPassword' ? { currentPassword: ['settings.wrongPassword'] } : { account: ['errors.accountExists'] }
    return data({ intent: 'account' as const, result: submission.reply({ fieldErrors, hideFields: ['currentPassword', 'password', 'repeatPassword'] }) }, 400)
  }
  await endOtherSessions(db, user.userId, session.id)
  return savedThroughRefresh(request, session)
}

/** The e-mail dialog: send a code, then validate it (-2: the address is another account's). */
async function emailAction({ request, context, session, user, formData }: IntentArgs) {
  const { t } = getInstance(context)
  const submission = parseWithZod(formData, { schema: EmailSchema })
  if (submission.status !== 'success') return data({ intent: 'email' as const, result: submission.reply() }, 400)
  if (submission.value.intent === 'send') {
    const { returnCode } = await sendEmailCode(db, mailer, {
      userId: user.userId,
      email: submission.value.email,
      where: 'settings',
      mail: codeMail(t),
    })
    if (returnCode !== EMAIL_SEND.ok) {
      const key = returnCode === EMAIL_SEND.tooFast ? 'email.tooFast' : 'email.dupSettings'
      return data({ intent: 'email' as const, result: submission.reply({ fieldErrors: { email: [key] } }) }, 400)
    }
    return { intent: 'email' as const, result: submission.reply() }
  }
  const { error } = await validateEmailCode(db, { userId: user.userId, ...submission.value })
  if (error !== EMAIL_CODE.ok) {
    const fieldErrors: Record<string, string[]> = error === EMAIL_CODE.wrongEmail ? { email: ['email.wrongEmail'] } : { code: ['email.badCode'] }
    return data({ intent: 'email' as const, result: submission.reply({ fieldErrors }) }, 400)
  }
  await endOtherSessions(db, user.userId, session.id)
  return await redirectWithToast(request, session, '/setting/user', { kind: 'success', key: 'settings.emailChanged' })
}

export default function UserSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { settings, plan, bindings, platforms, edit } = loaderData
  const lastResult = (intent: string) => (actionData && actionData.intent === intent && 'result' in actionData ? actionData.result : undefined)
  const openEdit = actionData?.intent ?? edit
  const birthday = settings.birthday ?? t('settings.notSet')
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings.title')}</h1>
      <dl className="settings-list card">
        <Row label={t('settings.avatar')} edit="avatar">
          {settings.avatarUrl ? <img className="avatar" src={settings.avatarUrl} alt="" width={64} height={64} /> : <span className="avatar empty" aria-hidden>{(settings.name || settings.account).slice(0, 1)}</span>}
        </Row>
        <Row label={t('settings.profile')} edit="profile">
          <span>{settings.name || t('settings.notSet')}</span>
          <span className="meta">
            {t('settings.nickname')}: {settings.nickname || t('settings.notSet')} · {t('settings.birthday')}: {birthday} · {t('settings.gender')}:{' '}
            {settings.gender ? t(settings.gender === 'm' ? 'basic.m' : 'basic.f') : t('settings.notSet')}
          </span>
        </Row>
        <Row label={t('settings.email')} edit="email">
          {settings.email ?? t('settings.notSet')}
        </Row>
        <Row label={t('settings.accountPassword')} edit="account">
          {settings.account} {settings.isPasswordEmpty ? <span className="meta">({t('settings.noPassword')})</span> : null}
        </Row>
        <Row label={t('settings.language')} edit="language">
          {LANGUAGE_NAMES[settings.locale as Locale] ?? settings.locale}
        </Row>
        <Row label={t('settings.digestMail')}>
          <span>{settings.digestMail ? t('settings.digestMailOn') : t('settings.digestMailOff')}</span>
          <span className="meta">{settings.email ? t('settings.digestMailHint') : t('settings.digestMailNoEmail')}</span>
          {actionData?.intent === 'digestMail' && 'error' in actionData ? <ErrorList errors={[actionData.error]} /> : null}
          {settings.email || settings.digestMail ? (
            <Form method="post" className="inline">
              <input type="hidden" name="intent" value="digestMail" />
              <input type="hidden" name="on" value={settings.digestMail ? '0' : '1'} />
              <button type="submit" className="button small secondary">
                {settings.digestMail ? t('settings.digestMailTurnOff') : t('settings.digestMailTurnOn')}
              </button>
            </Form>
          ) : null}
        </Row>
        <Row label={t('settings.plan')}>
          {t(`plans.${plan.name}` as 'plans.free')} · {t('settings.planEnd')}: {plan.endDate ? formatDate(plan.endDate) : t('settings.noEnd')}
        </Row>
        {(['google', 'openid'] as const).map((platform) => (
          <Row key={platform} label={t(`oauth.${platform}`)}>
            {bindings[platform] ? (
              <span className="badge ok">{t('settings.bound')}</span>
            ) : (
              <>
                <span className="badge">{t('settings.notBound')}</span>
                {platforms.includes(platform) ? (
                  <Form method="post" action={`/oauth/login/${platform}`} reloadDocument className="inline">
                    <input type="hidden" name="intent" value="bind" />
                    <button type="submit" className="button small secondary">
                      {t('settings.bind')}
                    </button>
                  </Form>
                ) : null}
              </>
            )}
          </Row>
        ))}
      </dl>
      {openEdit === 'avatar' ? <AvatarDialog error={actionData && 'error' in actionData ? actionData.error : undefined} /> : null}
      {openEdit === 'profile' ? <ProfileDialog settings={settings} years={loaderData.years} lastResult={lastResult('profile')} /> : null}
      {openEdit === 'email' ? <EmailDialog current={settings.email} pending={loaderData.pendingEmail} lastResult={lastResult('email')} /> : null}
      {openEdit === 'account' ? <AccountDialog account={settings.account} passwordEmpty={settings.isPasswordEmpty} lastResult={lastResult('account')} /> : null}
      {openEdit === 'language' ? <LanguageDialog locale={settings.locale} /> : null}
    </section>
  )
}

function Row({ label, edit, children }: { label: string; edit?: Edit; children: React.ReactNode }) {
  const { t } = useT()
  return (
    <div className="settings-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
      {edit ? (
        <dd className="actions">
          <Link to={`?edit=${edit}`} preventScrollReset aria-label={`${t('settings.edit')}: ${label}`}>
            {t('settings.edit')}
          </Link>
        </dd>
      ) : null}
    </div>
  )
}

function Actions({ submit, blocked = false }: { submit: string; blocked?: boolean }) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  return (
    <div className="form-actions">
      <button type="submit" className="button" disabled={busy || blocked} aria-disabled={blocked || undefined}>
        {submit}
      </button>
      <Link to="/setting/user" preventScrollReset>
        {t('journal.cancel')}
      </Link>
    </div>
  )
}

function AvatarDialog({ error }: { error?: string }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const [src, setSrc] = useState<string | null>(null)
  const [area, setArea] = useState<Area | null>(null)
  return (
    <Dialog title={t('settings.avatarTitle')} closeTo="/setting/user">
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="avatar" />
        <div className="field">
          <label htmlFor="avatar-file">{t('settings.avatarFile')}</label>
          <input
            id="avatar-file"
            type="file"
            name="avatar"
            accept="image/png,image/jpeg"
            aria-invalid={error ? true : undefined}
            aria-describedby="avatar-hint"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0]
              setArea(null)
              setSrc(file ? URL.createObjectURL(file) : null)
            }}
          />
          <span id="avatar-hint" className="hint">
            {t(hydrated ? 'settings.avatarHintCrop' : 'settings.avatarHint')}
          </span>
          {error ? (
            <p className="field-error" role="alert">
              {t(error as 'settings.avatarType')}
            </p>
          ) : null}
        </div>
        {src ? (
          <Suspense fallback={null}>
            <AvatarCropper src={src} onArea={setArea} />
          </Suspense>
        ) : null}
        {area ? (
          <>
            <input type="hidden" name="cropX" value={area.x} />
            <input type="hidden" name="cropY" value={area.y} />
            <input type="hidden" name="cropSize" value={Math.min(area.width, area.height)} />
          </>
        ) : null}
        <Actions submit={t('settings.save')} />
      </Form>
    </Dialog>
  )
}

function ProfileDialog({
  settings,
  years,
  lastResult,
}: {
  settings: { name: string; nickname: string; birthday: string | null; gender: 'm' | 'f' | null }
  years: number[]
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useT()
  const [y, m, d] = settings.birthday?.split('-') ?? []
  const { form, fields, formProps } = useConsoleForm<z.input<typeof ProfileSchema>, z.output<typeof ProfileSchema>>({
    id: 'settings-profile',
    lastResult,
    load: loadProfileValidator,
    defaultValue: { name: settings.name, nickname: settings.nickname, birthYear: y, birthMonth: m ? String(Number(m)) : '', birthDay: d ? String(Number(d)) : '', gender: settings.gender ?? undefined },
  })
  // The day list follows the chosen year and month while the script runs; without it, 31 days and
  // the server refuses a day the month lacks.
  const year = Number(fields.birthYear.value) || null
  const month = Number(fields.birthMonth.value) || null
  const days = daysInMonth(year, month)
  return (
    <Dialog title={t('settings.profileTitle')} closeTo="/setting/user">
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="profile" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <TextField field={fields.name} label={t('settings.name')} inputProps={{ autoComplete: 'name' }} />
        <TextField field={fields.nickname} label={t('settings.nickname')} inputProps={{ autoComplete: 'nickname' }} />
        <fieldset className="field">
          <legend>{t('settings.birthday')}</legend>
          <div className="inline-fields">
            <BirthSelect field={fields.birthYear} label={t('settings.year')} values={years.map(String)} />
            <BirthSelect field={fields.birthMonth} label={t('settings.month')} values={Array.from({ length: 12 }, (_, i) => String(i + 1))} />
            <BirthSelect field={fields.birthDay} label={t('settings.day')} values={Array.from({ length: days }, (_, i) => String(i + 1))} />
          </div>
          <ErrorList id={fields.birthDay.errorId} errors={fields.birthDay.errors} />
        </fieldset>
        <fieldset className="field">
          <legend>{t('settings.gender')}</legend>
          <div className="choices">
            {(['m', 'f'] as const).map((g) => (
              <label key={g}>
                <input {...getInputProps(fields.gender, { type: 'radio', value: g })} key={g} /> {t(g === 'm' ? 'basic.m' : 'basic.f')}
              </label>
            ))}
          </div>
          <ErrorList id={fields.gender.errorId} errors={fields.gender.errors} />
        </fieldset>
        <Actions submit={t('settings.save')} />
      </Form>
    </Dialog>
  )
}

function BirthSelect({ field, label, values }: { field: Parameters<typeof getSelectProps>[0]; label: string; values: string[] }) {
  const { key, ...props } = getSelectProps(field)
  return (
    <label className="field">
      <span>{label}</span>
      <select key={key} {...props}>
        <option value="">–</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
    </label>
  )
}

function EmailDialog({ current, pending, lastResult }: { current: string | null; pending: string | null; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { form, fields, formProps, busy } = useConsoleForm<z.input<typeof EmailSchema>>({
    id: 'settings-email',
    lastResult,
    defaultValue: { email: pending ?? current ?? '' },
    load: loadEmailValidator,
  })
  const sent = Boolean(pending)
  return (
    <Dialog title={t('settings.emailTitle')} closeTo="/setting/user">
      <Form method="post" {...formProps}>
        <ErrorList id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label={t('settings.newEmail')} type="email" inputProps={{ autoComplete: 'email' }} />
        <button type="submit" disabled={busy} name="intent" value="send" className="button secondary">
          {sent ? t('email.resend') : t('email.send')}
        </button>
        {sent ? (
          <>
            <p className="meta">{t('settings.codeSent', { email: pending })}</p>
            <TextField field={fields.code} label={t('email.code')} inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code' }} />
          </>
        ) : null}
        <div className="form-actions">
          {sent ? (
            <button type="submit" disabled={busy} name="intent" value="validate" className="button">
              {t('email.validate')}
            </button>
          ) : null}
          <Link to="/setting/user" preventScrollReset>
            {t('journal.cancel')}
          </Link>
        </div>
      </Form>
    </Dialog>
  )
}

function AccountDialog({ account, passwordEmpty, lastResult }: { account: string; passwordEmpty: boolean; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const { form, fields, formProps } = useConsoleForm<z.input<typeof AccountSchema>, z.output<typeof AccountSchema>>({
    id: 'settings-account',
    lastResult,
    defaultValue: { account },
    load: loadAccountValidator,
  })
  // A mismatch blocks the submit while the script runs (spec 1 section 5).
  const blocked = hydrated && Boolean(fields.repeatPassword.errors)
  return (
    <Dialog title={t('settings.accountTitle')} closeTo="/setting/user">
      <Form method="post" {...formProps}>
        <input type="hidden" name="intent" value="account" />
        <ErrorList id={form.errorId} errors={form.errors} />
        <TextField field={fields.account} label={t('login.account')} inputProps={{ autoComplete: 'username' }} />
        {passwordEmpty ? (
          <p className="meta">{t('settings.noPasswordHint')}</p>
        ) : (
          <TextField field={fields.currentPassword} label={t('settings.currentPassword')} type="password" inputProps={{ autoComplete: 'current-password' }} />
        )}
        <TextField field={fields.password} label={t('settings.newPassword')} type="password" hint={t('settings.newPasswordHint')} inputProps={{ autoComplete: 'new-password' }} />
        <TextField field={fields.repeatPassword} label={t('settings.repeatPassword')} type="password" inputProps={{ autoComplete: 'new-password' }} />
        <Actions submit={t('settings.save')} blocked={blocked} />
      </Form>
    </Dialog>
  )
}

function LanguageDialog({ locale }: { locale: string }) {
  const { t } = useT()
  return (
    <Dialog title={t('settings.languageTitle')} closeTo="/setting/user">
      <Form method="post">
        <input type="hidden" name="intent" value="locale" />
        <div className="field">
          <label htmlFor="settings-locale">{t('settings.language')}</label>
          <select id="settings-locale" name="locale" defaultValue={locale}>
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
        <Actions submit={t('settings.save')} />
      </Form>
    </Dialog>
  )
}
