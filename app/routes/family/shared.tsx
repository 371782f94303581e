import { data, redirect, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/shared'
import { clientAddressContext } from '~/context.server'
import { db } from '~/db/db.server'
import { LOGIN_LIMITS } from '~/features/auth/password-sign-in.server'
import { unlockShare } from '~/features/ebooks/share-links.server'
import { rememberUnlockedPack } from '~/features/privacy/pack-cookie.server'
import { requireSharedPack } from '~/features/privacy/shared-pack.server'
import { readForm } from '~/http/form.server'
import { PRIVACY_HANDLE, privacyDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { withValues } from '~/shared/error-values'
import { ErrorList } from '~/ui/field'
import { formatDateTime } from '~/shared/dates'
import { LinkShell } from '~/ui/link-shell'
import { MessagePage } from '~/ui/message-page'
import { pageMeta } from '~/ui/page-title'
import { sendSafely } from '~/ui/send-safely'

export const handle = PRIVACY_HANDLE
export const clientMiddleware = privacyDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [...pageMeta(loaderData?.title, matches), { name: 'robots', content: 'noindex' }]

// A closed link (the student's erasure waits, or their account is locked: rule 12) is as if not there.
const STATUS = { expired: 410, revoked: 410, waiting: 403, declined: 403, closed: 404 } as const

/**
 * /family/{token} (decision 0047): a family pack for whoever has the link and its password, nothing
 * else of the console. A link past its day, stopped by the teacher, or not agreed to by the student
 * is refused with a page that says so; the password is counted like a sign-in. While the student's
 * erasure waits (or their account is locked) the link is closed, without saying why (rule 12).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const pack = await requireSharedPack(request, params.token)
  const t = getInstance(context).t
  if (pack.state !== 'open') return data({ state: pack.state as keyof typeof STATUS, title: t(`familyPack.shared_${pack.state as keyof typeof STATUS}`) }, { status: STATUS[pack.state as keyof typeof STATUS] })
  if (pack.locked) return { state: 'locked' as const, title: t('familyPack.sharedTitle') }
  // The link's end in the school's zone (decision 0063), not UTC's: a family and its teacher read one time.
  return { state: 'open' as const, title: t('familyPack.sharedTitle'), from: pack.from, to: pack.to, until: formatDateTime(pack.expiresAt!, pack.timeZone), file: `/family/${pack.token}/pack.pdf` }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request)
  const pack = await requireSharedPack(request, params.token)
  if (pack.state !== 'open' || !pack.locked) throw redirect(`/family/${params.token}`)
  const result = await unlockShare(db, LOGIN_LIMITS(), { token: pack.token!, passwordHash: pack.passwordHash! }, String(form.get('password') ?? ''), context.get(clientAddressContext))
  if (!result.ok) return data({ error: result.error === 'ebook.shareTooMany' ? withValues('familyPack.tooMany', { count: result.waitMinutes }) : 'familyPack.passwordWrong' }, 400)
  throw redirect(`/family/${params.token}`, { headers: { 'Set-Cookie': await rememberUnlockedPack(request, pack.token!) } })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

/** The pack's page under the link pages' bar: the brand and the language switcher (decision 0063). */
export default function SharedPack(props: Route.ComponentProps) {
  return (
    <LinkShell>
      <PackPage {...props} />
    </LinkShell>
  )
}

function PackPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const busy = useNavigation().state === 'submitting'
  if (loaderData.state === 'locked') {
    return (
      <MessagePage title={t('familyPack.sharedTitle')}>
        <Form method="post" className="card narrow">
          <div className="field">
            <label htmlFor="pack-password">{t('familyPack.password')}</label>
            <input id="pack-password" name="password" type="password" autoComplete="off" aria-invalid={actionData?.error ? true : undefined} aria-describedby={actionData?.error ? 'pack-password-error' : undefined} />
            <ErrorList id="pack-password-error" errors={actionData?.error ? [actionData.error] : undefined} />
          </div>
          <button className="button" type="submit" disabled={busy}>
            {t('familyPack.open')}
          </button>
        </Form>
      </MessagePage>
    )
  }
  if (loaderData.state !== 'open') {
    return (
      <MessagePage title={t(`familyPack.shared_${loaderData.state}`)}>
        <p>{t(`familyPack.sharedText_${loaderData.state}`)}</p>
      </MessagePage>
    )
  }
  return (
    <MessagePage title={t('familyPack.sharedTitle')}>
      <p>{t('familyPack.sharedPeriod', { from: loaderData.from, to: loaderData.to, date: loaderData.until })}</p>
      <p>
        <a className="button" href={loaderData.file} download>
          {t('familyPack.download')}
        </a>
      </p>
    </MessagePage>
  )
}
