import { pageParam } from '~/shared/lists'
import { data, Link, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/vouchers'
import { requireUser } from '~/auth/guards.server'
import { storeValues } from '~/auth/session.server'
import { db } from '~/db/db.server'
import { idField } from '~/features/form-ids.server'
import { loadSessionValues } from '~/features/account/session-values.server'
import { REDEEM, USE, VOUCHER_STATUS } from '~/features/account/voucher-codes'
import { redeemVoucher, spendVoucher, vouchersOf } from '~/features/account/vouchers.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDate } from '~/shared/dates'
import { Pager } from '~/ui/pager'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { cleanValue } from '~/shared/text'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const REDEEM_ERRORS = { [REDEEM.unavailable]: 'voucher.unavailable', [REDEEM.ownCode]: 'voucher.ownCode', [REDEEM.alreadyUsed]: 'voucher.alreadyUsed' } as const
const USE_ERRORS = { [USE.planInUse]: 'voucher.planInUse', [USE.expired]: 'voucher.expired', [USE.failed]: 'voucher.useFailed' } as const

/** /voucher: Unused and History tabs, and a code to redeem (spec 1 sections 2, 3 and 8). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const params = new URL(request.url).searchParams
  const tab = params.get('tab') === 'history' ? 'history' : 'unused'
  const page = pageParam(params)
  return { tab, ...(await vouchersOf(db, user.userId, tab, page)), title: getInstance(context).t('voucher.title') } as const
}

export const action = once(async function action({ request, context }: Route.ActionArgs) {
  const { session, user } = await requireUser(request, context)
  const form = await readForm(request)
  const args: IntentArgs = { request, session, userId: user.userId, form }
  switch (form.get('intent')) {
    case 'redeem':
      return redeemAction(args)
    case 'use':
      return spendAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

interface IntentArgs {
  request: Request
  session: Awaited<ReturnType<typeof requireUser>>['session']
  userId: number
  form: FormData
}

/** Redeems a voucher code given by someone else. */
async function redeemAction({ request, session, userId, form }: IntentArgs) {
  const code = cleanValue(String(form.get('code') ?? ''))
  if (!code) return data({ error: 'validation.required' as const, code }, 400)
  const result = await redeemVoucher(db, userId, code)
  if (result !== REDEEM.ok) return data({ error: REDEEM_ERRORS[result], code }, 400)
  return await redirectWithToast(request, session, '/voucher', { kind: 'success', key: 'voucher.redeemed' })
}

/** Starts the plan of one of one's vouchers. */
async function spendAction({ request, session, userId, form }: IntentArgs) {
  const result = await spendVoucher(db, userId, idField(form, 'id'))
  if (result === USE.ok) {
    // The new plan applies at once: the session's plan values are reloaded.
    const values = await loadSessionValues(db, userId)
    if (values) storeValues(session, values)
  }
  // -3 expired: the list reloads (the voucher shows as expired).
  const back = new URL(request.url)
  return redirectWithToast(request, session, back.pathname + back.search, result === USE.ok ? { kind: 'success', key: 'voucher.usedNow' } : { kind: 'error', key: USE_ERRORS[result] })
}

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function VouchersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const navigation = useNavigation()
  const { tab, rows, page, totalPages } = loaderData
  return (
    <section aria-labelledby="voucher-title">
      <h1 id="voucher-title">{t('voucher.title')}</h1>
      <Form method="post" className="card inline-form" noValidate>
        <input type="hidden" name="intent" value="redeem" />
        <div className="field">
          <label htmlFor="voucher-code">{t('voucher.redeemCode')}</label>
          <input id="voucher-code" name="code" defaultValue={actionData?.code} autoComplete="off" aria-invalid={actionData?.error ? true : undefined} aria-describedby={actionData?.error ? 'voucher-code-error' : undefined} />
          {actionData?.error ? (
            <p id="voucher-code-error" className="field-error" role="alert">
              {t(actionData.error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button" disabled={navigation.state === 'submitting'}>
          {t('voucher.redeem')}
        </button>
      </Form>
      <nav className="tabs" aria-label={t('voucher.title')}>
        <Link to="/voucher" aria-current={tab === 'unused' ? 'page' : undefined}>
          {t('voucher.unused')}
        </Link>
        <Link to="/voucher?tab=history" aria-current={tab === 'history' ? 'page' : undefined}>
          {t('voucher.history')}
        </Link>
      </nav>
      {rows.length === 0 ? (
        <p className="empty">{t(tab === 'unused' ? 'voucher.noneUnused' : 'voucher.noneHistory')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('voucher.item')}</th>
              <th scope="col">{t('voucher.code')}</th>
              <th scope="col">{t('voucher.expireDate')}</th>
              <th scope="col">{t(tab === 'unused' ? 'voucher.action' : 'voucher.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.id}>
                <td>{t('voucher.itemName', { plan: t(`plans.${v.planCode}` as 'plans.free'), count: v.days })}</td>
                <td>
                  <code>{v.code}</code>
                </td>
                <td>
                  {v.expireDate} {v.expired && tab === 'unused' ? <span className="badge">{t('voucher.expiredBadge')}</span> : null}
                </td>
                <td>
                  {tab === 'unused' && v.expired ? (
                    // An expired voucher cannot be used: no button to press (the server refuses it too, -3).
                    <span className="meta">{t('voucher.expiredBadge')}</span>
                  ) : tab === 'unused' ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="use" />
                      <input type="hidden" name="id" value={v.id} />
                      <button type="submit" className="button small" disabled={navigation.state === 'submitting'}>
                        {t('voucher.use')}
                      </button>
                    </Form>
                  ) : v.status === VOUCHER_STATUS.transferred ? (
                    t('voucher.transferred')
                  ) : (
                    t('voucher.usedOn', { date: v.usedAt ? formatDate(v.usedAt) : '' })
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} totalPages={totalPages} />
    </section>
  )
}
