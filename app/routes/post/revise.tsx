import { data, Link, useNavigation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/revise'
import { requireFunction, requireJournalReader } from '~/auth/guards.server'
import { hasFunction } from '~/features/plans/pay-functions'
import { db } from '~/db/db.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { postForTeacher } from '~/features/posts/post.server'
import { revisionsOf, saveRevisions } from '~/features/posts/revise.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { PayNotice } from '~/ui/pay'
import { TextDiff } from '~/ui/text-diff'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'
import { withoutControl } from '~/shared/text'
import { postZoneMiddleware } from '~/features/journals/zone.server'
import { POST_HANDLE, postDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// A post's texts are a dictionary part of their own (decision 0056).
export const handle = POST_HANDLE
export const clientMiddleware = postDictionary

// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [postZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const TEXT_MAX = 2000

/** /diary/diaryPost/{id}/revise: the teacher corrects the post's text (pay function f13). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireJournalReader(request, context)
  const { post, journal } = await postForTeacher(db, params.postId, user.userId)
  const title = `${getInstance(context).t('revise.title')} | ${post.title}`
  const head = { id: post.id, title: post.title, author: post.author, journal: { id: journal.id, name: journal.name } }
  if (!hasFunction(user, PAY_FUNCTIONS.revise)) return { title, post: head, frames: null }
  const revisions = await revisionsOf(db, post.id)
  const frames = post.frames.filter((f) => f.message).map((f) => ({ id: f.id, type: f.type, original: f.message, revised: revisions[f.id] ?? null }))
  return { title, post: head, frames }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { session, user } = await requireJournalReader(request, context)
  const { post } = await postForTeacher(db, params.postId, user.userId)
  requireFunction(user, PAY_FUNCTIONS.revise)
  const form = await readForm(request)
  const texts: Record<number, string> = {}
  for (const f of post.frames) {
    const value = form.get(`frame-${f.id}`)
    if (typeof value === 'string') texts[f.id] = withoutControl(value)
  }
  // Too long is refused with the length message, never cut and saved without a word.
  const tooLong = Object.keys(texts).filter((id) => [...texts[Number(id)]].length > TEXT_MAX)
  if (tooLong.length) return data({ texts, tooLong: tooLong.map(Number) }, 400)
  await saveRevisions(db, { postId: post.id, authorId: user.userId, texts })
  return await redirectWithToast(request, session, `/diary/diaryPost/${post.id}/revise`, { kind: 'success', key: 'revise.saved', snackbar: true })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function RevisePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { post, frames } = loaderData
  const busy = useNavigation().state === 'submitting'
  const label = (type: string) => t(`news.block_${type}` as 'news.block_event')
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('console.breadcrumb')}>
        <Link to="/diary">{t('console.journals')}</Link> › <Link to={`/diary/homework/${post.journal.id}/news`}>{post.journal.name}</Link> ›{' '}
        <Link to={`/diary/diaryPost/${post.id}`}>{post.title}</Link> › <span>{t('revise.title')}</span>
      </nav>
      <h1>{t('revise.title')}</h1>
      <p className="hint">{t('revise.text', { name: post.author })}</p>
      {!frames ? (
        <PayNotice />
      ) : frames.length === 0 ? (
        <p className="empty">{t('revise.nothing')}</p>
      ) : (
        <Form method="post" className="revise">
          {frames.map((f) => (
            <fieldset key={f.id} className="card revise-frame">
              <legend>{label(f.type)}</legend>
              {f.revised ? <TextDiff original={f.original} revised={f.revised} labels={{ original: t('revise.original'), revised: t('revise.corrected') }} /> : null}
              <label className="field">
                <span>{t('revise.correction')}</span>
                <textarea
                  name={`frame-${f.id}`}
                  defaultValue={actionData?.texts[f.id] ?? f.revised ?? f.original}
                  rows={3}
                  maxLength={TEXT_MAX}
                  aria-invalid={actionData?.tooLong.includes(f.id) || undefined}
                  aria-describedby={actionData?.tooLong.includes(f.id) ? `frame-${f.id}-error` : undefined}
                />
              </label>
              {actionData?.tooLong.includes(f.id) ? (
                <p id={`frame-${f.id}-error`} className="field-error" role="alert">
                  {t('validation.tooLong', { count: TEXT_MAX })}
                </p>
              ) : null}
            </fieldset>
          ))}
          <div className="form-actions">
            <button className="button" type="submit" disabled={busy}>
              {t('revise.save')}
            </button>
            <Link to={`/diary/diaryPost/${post.id}`}>{t('journal.cancel')}</Link>
          </div>
        </Form>
      )}
    </>
  )
}
