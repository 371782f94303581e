import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { Form } from '~/ui/form'
import { markAlertOpened } from '~/features/notifications/list.server'
import type { Route } from './+types/alert'
import { redirectWithToast } from '~/auth/toast.server'
import { db } from '~/db/db.server'
import { counsellorView } from '~/features/counsellor/view.server'
import { requireCounsellor } from '~/auth/counsel-gate.server'
import { mayCounsel } from '~/features/counsellor/access.server'
import { addStep, takeAlert } from '~/features/counsellor/actions.server'
import { StepForm } from '~/features/counsellor/components/step-form'
import { actOnAlert } from '~/features/alerts/manage.server'
import { CounselActionSchema } from '~/features/alerts/schema'
import { parseId } from '~/shared/lists'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { readForm } from '~/http/form.server'
import { COUNSEL_HANDLE, counselDictionary } from '~/i18n/client-resources'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { AlertHeader } from '~/features/alerts/components/alert-header'
import { AlertReasonsView } from '~/features/alerts/components/alert-reasons'
import { AlertTrail, EscalationSummary } from '~/features/alerts/components/alert-trail'
import { FastLink } from '~/ui/fast-link'
import { MessagePage } from '~/ui/message-page'
import { MoodHistory } from '~/features/posts/components/mood-history'
import { pageMeta } from '~/ui/page-title'
import { ResolveAlertForm } from '~/features/alerts/components/resolve-alert-form'
import { FrameView, PostDetails } from '~/features/posts/components/post-view'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

export const handle = COUNSEL_HANDLE
export const clientMiddleware = counselDictionary
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/**
 * /counsellor/alerts/{alertId} (decision 0046): an alert escalated to this counsellor, the posts it cites
 * and the student's mood history; take it, add steps, resolve. An alert not escalated to them is
 * refused with a page that says so (403), and nothing of it is shown.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireCounsellor(request, context)
  const t = getInstance(context).t
  const id = parseId(params.alertId)
  const view = id === null ? null : await counsellorView(db, user.userId, id)
  if (!view) return data({ refused: true as const, title: t('counsel.refusedTitle') }, { status: 403 })
  await markAlertOpened(db, user.userId, view.alert.id)
  await recordLook(db, { viewerId: user.userId, studentIds: [view.alert.studentId], kind: 'alerts', journalId: view.journalId, timeZone: await journalZone(db, view.journalId) })
  return { refused: false as const, title: `${view.alert.student}: ${t(view.alert.summary.concern)} | ${t('counsel.title')}`, view, me: user.userId }
}

export const action = once(async function action({ request, params, context }: Route.ActionArgs) {
  const { user, session } = await requireCounsellor(request, context)
  const form = await readForm(request)
  const id = parseId(params.alertId)
  const access = id === null ? null : await mayCounsel(db, user.userId, id)
  if (!access) throw data(null, { status: 403 })
  const submission = parseWithZod(form, { schema: CounselActionSchema })
  if (submission.status !== 'success') return data({ intent: String(form.get('intent')), result: submission.reply() }, 400)
  const v = submission.value
  const done =
    v.intent === 'take'
      ? await takeAlert(db, access.id, user.userId)
      : v.intent === 'step'
        ? await addStep(db, access.id, user.userId, v.note)
        : await actOnAlert(db, access.journalId, access.id, user.userId, v)
  const to = `/counsellor/alerts/${access.id}`
  if (done !== 'ok') return await redirectWithToast(request, session, to, { kind: 'error', key: 'alerts.stale' })
  return await redirectWithToast(request, session, to, { kind: 'success', key: `counsel.done_${v.intent}` })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function CounsellorAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  if (loaderData.refused) {
    return (
      <MessagePage title={t('counsel.refusedTitle')}>
        <p>{t('counsel.refusedText')}</p>
        <FastLink to="/counsellor">{t('counsel.backToList')}</FastLink>
      </MessagePage>
    )
  }
  const { view } = loaderData
  const { alert, counsel } = view
  const open = alert.status !== 'resolved'
  const resultOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  return (
    <>
      <AlertHeader alert={alert} back={{ to: '/counsellor', label: t('counsel.title') }}>
        <span className="hint">{t('counsel.inJournal', { journal: view.journal })}</span>
      </AlertHeader>

      <EscalationSummary escalations={counsel.escalations} takenBy={counsel.takenBy} takenAt={counsel.takenAt} />

      <section aria-labelledby="why">
        <h2 id="why">{t('alerts.why')}</h2>
        <AlertReasonsView reasons={alert.reasons} postLink={(postId) => `#post-${postId}`} />
      </section>

      {open ? (
        <section aria-labelledby="act" className="alert-actions">
          <h2 id="act">{t('alerts.actions')}</h2>
          {counsel.takenBy === null ? (
            <Form method="post" className="card">
              <input type="hidden" name="intent" value="take" />
              <p className="hint">{t('counsel.takeHint')}</p>
              <button className="button" type="submit">
                {t('counsel.take')}
              </button>
            </Form>
          ) : null}
          <StepForm lastResult={resultOf('step')} />
          <ResolveAlertForm id="counsel-resolve" lastResult={resultOf('resolve')} />
        </section>
      ) : null}

      <section aria-labelledby="cited">
        <h2 id="cited">{t('counsel.posts')}</h2>
        {view.posts.length === 0 ? <p className="empty">{t('counsel.noPosts')}</p> : null}
        {view.posts.map((p) => (
          <article key={p.id} id={`post-${p.id}`} className="card cited-post" aria-labelledby={`post-title-${p.id}`}>
            <h3 id={`post-title-${p.id}`} lang={view.lang}>
              {p.title}
            </h3>
            <PostDetails post={p} t={t} />
            {p.frames.map((f) => (
              <FrameView key={f.id} frame={f} emotions={p.emotions} behaviours={p.behaviours} t={t} lang={view.lang} />
            ))}
          </article>
        ))}
      </section>

      <section aria-labelledby="mood">
        <h2 id="mood">{t('counsel.mood')}</h2>
        <MoodHistory points={view.mood} />
      </section>

      <section aria-labelledby="trail">
        <h2 id="trail">{t('alerts.trail')}</h2>
        <AlertTrail trail={alert.trail} escalations={counsel.escalations} verdict={alert.verdict} />
        <p className="hint">
          <a href={`/counsellor/alerts/${alert.id}/record.pdf`} download>
            {t('alerts.record')}
          </a>{' '}
          {t('alerts.recordHint')}
        </p>
      </section>
    </>
  )
}
