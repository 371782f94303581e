import { data, Link, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/join-by-link'
import { requireUser } from '~/auth/guards.server'
import { db } from '~/db/db.server'
import { redeemInviteCode } from '~/features/account/invitations.server'
import { JOIN_CODES } from '~/features/journals/constants'
import { journalByTeacherCode } from '~/features/journals/invitation.server'
import { joinAsTeacher } from '~/features/journals/join.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { SCHOOL_HANDLE, schoolDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Its texts are in the part of the pages a teacher opens now and then (locales/README.md).
export const handle = SCHOOL_HANDLE
export const clientMiddleware = schoolDictionary

/**
 * /drpb/{code}: the link in a teacher invitation (spec 1, invitation-code landing). A visitor signs
 * in first and comes back here. The code is applied by the button, not by opening the link, so a
 * page elsewhere cannot make a signed-in teacher join (docs/decisions/0009-teacher-invitations.md).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context)
  const journal = await journalByTeacherCode(db, params.code)
  const title = getInstance(context).t('journalInfo.joinConfirm')
  // Not a journal's code: a friend's invitation code (spec 1 section 4). Opening the link only shows
  // it; the button applies it, so no other site can apply a code for a signed-in teacher. A visitor
  // came here through sign-up and the setup (the path was kept), so the code survives it.
  if (!journal) return { title: getInstance(context).t('invite.applyTitle'), journal: null, own: false, code: params.code.slice(0, 20) }
  return { title, journal: { name: journal.name, owner: journal.owner, description: journal.description }, own: journal.ownerId === user.userId, code: params.code }
}

const INVITE_ERRORS = { invalid: 'invite.codeError', own: 'invite.ownCode', already: 'invite.already' } as const

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  await readForm(request)
  const { session, user } = await requireUser(request, context)
  if (!(await journalByTeacherCode(db, params.code))) {
    const invited = await redeemInviteCode(db, user.userId, params.code)
    return await redirectWithToast(request, session, '/diary', invited.ok ? { kind: 'success', key: 'invite.applied' } : { kind: 'error', key: INVITE_ERRORS[invited.error] })
  }
  const joined = await joinAsTeacher(db, user.userId, params.code)
  if (!joined.ok) return data({ error: joined.code === JOIN_CODES.codeError ? 'journal.joinCodeError' : 'journal.joinError' } as const, 400)
  return await redirectWithToast(request, session, '/diary?tab=joined', { kind: 'success', key: 'journal.joinRequested' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function JoinByLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, own, code } = loaderData
  const busy = useNavigation().state === 'submitting'
  if (!journal) {
    return (
      <section className="card narrow" aria-labelledby="join-title">
        <h1 id="join-title">{t('invite.applyTitle')}</h1>
        <p>{t('invite.applyText', { code })}</p>
        <Form method="post" className="form-actions">
          <button className="button" type="submit" disabled={busy}>
            {t('invite.applyButton')}
          </button>
          <Link to="/diary">{t('invite.applyLater')}</Link>
        </Form>
      </section>
    )
  }
  return (
    <section className="card narrow" aria-labelledby="join-title">
      <h1 id="join-title">{t('journalInfo.joinTitle', { name: journal.name })}</h1>
      {journal.description ? <p>{journal.description}</p> : null}
      {own ? (
        <>
          <p role="alert">{t('journalInfo.joinOwn')}</p>
          <Link to="/diary">{t('journal.back')}</Link>
        </>
      ) : (
        <>
          <p>{t('journalInfo.joinText', { owner: journal.owner })}</p>
          {actionData?.error ? (
            <p className="field-error" role="alert">
              {t(actionData.error)}
            </p>
          ) : null}
          <Form method="post" className="form-actions">
            <button className="button" type="submit" disabled={busy}>
              {t('journalInfo.joinConfirm')}
            </button>
            <Link to="/diary?tab=joined">{t('journal.cancel')}</Link>
          </Form>
        </>
      )}
    </section>
  )
}
