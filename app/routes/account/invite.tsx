import { env } from '~/env.server'
import { pageParam } from '~/shared/lists'
import { Link } from 'react-router'
import type { Route } from './+types/invite'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { invitationsOf } from '~/features/account/invitations.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { CopyButton } from '~/ui/copy-button'
import { formatDate } from '~/shared/dates'
import { Pager } from '~/ui/pager'
import { pageMeta } from '~/ui/page-title'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /invite: my invitation link and code, the friends who registered with it, and what they earn. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const url = new URL(request.url)
  const page = pageParam(url.searchParams)
  const invitations = await invitationsOf(db, user.userId, page)
  return { ...invitations, link: `${env.PUBLIC_ORIGIN}/drpb/${invitations.inviteCode}`, title: getInstance(context).t('invite.title') }
}

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { link, inviteCode, rows, total, needed, page, totalPages } = loaderData
  return (
    <section aria-labelledby="invite-title">
      <h1 id="invite-title">{t('invite.title')}</h1>
      <div className="card">
        <p>{t('invite.intro')}</p>
        <dl className="invite-codes">
          <dt>{t('invite.link')}</dt>
          <dd>
            <input readOnly value={link} aria-label={t('invite.link')} className="wide-input" /> <CopyButton text={link} />
          </dd>
          <dt>{t('invite.code')}</dt>
          <dd>
            <code>{inviteCode}</code> <CopyButton text={inviteCode} />
          </dd>
        </dl>
        <p className="meta" role="status">
          {t('invite.needed', { count: needed, total })} <Link to="/voucher">{t('invite.toVouchers')}</Link>
        </p>
      </div>
      <h2>{t('invite.friends')}</h2>
      {rows.length === 0 ? (
        <p className="empty">{t('invite.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('invite.account')}</th>
              <th scope="col">{t('invite.date')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.account}>
                <td>{r.account}</td>
                <td>{formatDate(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager page={page} totalPages={totalPages} />
    </section>
  )
}
