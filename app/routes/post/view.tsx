import { type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, useParams, useSearchParams } from 'react-router'
import { Form } from '~/ui/form'
import type { z } from 'zod/mini'
import type { Route } from './+types/view'
import { requireFunction, requireJournalReader } from '~/auth/guards.server'
import { hasFunction } from '~/features/plans/pay-functions'
import { db } from '~/db/db.server'
import { journalZone, recordLook } from '~/features/privacy/views.server'
import { idField } from '~/features/form-ids.server'
import { PAY_FUNCTIONS } from '~/features/plans/constants'
import { addComment, deleteComment, editComment, sendBack, typesFor } from '~/features/posts/comments.server'
import { COMMENT_STATUS, POST_STATUS } from '~/features/posts/constants'
import { addToLibrary, libraryFor, removeFromLibrary } from '~/features/posts/library.server'
import { markRead } from '~/features/posts/marks.server'
import { postForTeacher } from '~/features/posts/post.server'
import { CommentSchema, EditCommentSchema } from '~/features/posts/schema'
import { getInstance, getLocale } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { controlProps, ErrorList } from '~/ui/field'
import { useServerForm } from '~/ui/server-form'
import { CommentView, FlagNotes, FrameView, PostDetails } from '~/features/posts/components/post-view'
import { UpgradeButton } from '~/ui/pay'
import { FastLink } from '~/ui/fast-link'
import { suggestComments } from '~/features/suggestions/suggest.server'
import { COMPOSE_TYPES } from '~/features/posts/compose-types'
import { SupportContact } from '~/ui/support-contact'
import { redirectWithToast } from '~/auth/toast.server'
import { parseId } from '~/shared/lists'
import { ConfirmDialog, Dialog } from '~/ui/dialog'
import { pageMeta } from '~/ui/page-title'
import { overrideScore, scoreOf } from '~/features/quests/quest-posts.server'
import { ScoreCard } from '~/features/quests/components/score-card'
import { readForm } from '~/http/form.server'
import { alertOfPost, flagPost } from '~/features/alerts/raise.server'
import { WorrySchema } from '~/features/alerts/schema'
import { postZoneMiddleware } from '~/features/journals/zone.server'
import { NOTIFICATION_PARAM } from '~/features/notifications/constants'
import { POST_HANDLE, postDictionary } from '~/i18n/client-resources'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// A post's texts are a dictionary part of their own (decision 0056).
export const handle = POST_HANDLE
export const clientMiddleware = postDictionary

// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [postZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** The block in the URL: a frame id, or the whole post. */
const blockOf = parseId
const typeOf = (value: string | null, fallback: number) => (value && /^[1-4]$/.test(value) ? Number(value) : fallback)

/** /diary/diaryPost/{id}: the post, its blocks and their comments, the library, send back (spec 2). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireJournalReader(request, context)
  const { post, journal, role } = await postForTeacher(db, params.postId, user.userId)
  await recordLook(db, { viewerId: user.userId, studentIds: [post.creatorId], kind: 'posts', journalId: journal.id, timeZone: await journalZone(db, journal.id) })
  const url = new URL(request.url)
  const frame = post.frames.find((f) => f.id === blockOf(url.searchParams.get('block')))
  const block = frame?.id ?? null
  const types = typesFor(block)
  const libType = typeOf(url.searchParams.get('lib'), types[0])
  const canSuggest = hasFunction(user, PAY_FUNCTIONS.aiSuggestions)
  // Suggestions are made only when asked for (?suggest=1): a provider may take seconds.
  const asked = canSuggest && url.searchParams.has('suggest')
  const mood = { title: post.title, texts: post.frames.map((f) => f.message ?? '').filter(Boolean), emotions: post.emotions, behaviours: post.behaviours }
  // Opening the post clears its unread dot: written once, not on every view.
  const [library, suggestions] = await Promise.all([
    libraryFor(db, user.userId, libType, getLocale(context)),
    asked ? suggestComments(mood, getLocale(context), getInstance(context).t).then((s) => s.suggestions) : null,
    post.read ? null : markRead(db, user.userId, post.id),
  ])
  return {
    post,
    journal: { id: journal.id, name: journal.name, lang: journal.lang },
    isOwner: role === 'owner',
    userId: user.userId,
    canSendBack: hasFunction(user, PAY_FUNCTIONS.returnedPosts),
    canRevise: hasFunction(user, PAY_FUNCTIONS.revise),
    canSuggest,
    suggestions,
    block,
    types,
    libType,
    library,
    score: await scoreOf(db, post.id),
    alertId: await alertOfPost(db, journal.id, post.id),
    title: `${post.title} | ${journal.name}`,
  }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { session, user } = await requireJournalReader(request, context)
  const { post, role, journal } = await postForTeacher(db, params.postId, user.userId)
  const url = new URL(request.url)
  const block = post.frames.some((f) => f.id === blockOf(url.searchParams.get('block'))) ? blockOf(url.searchParams.get('block')) : null
  const form = await readForm(request)
  const intent = String(form.get('intent'))
  const back = (toast: string) => {
    const keep = new URLSearchParams()
    for (const k of ['block', 'lib']) if (url.searchParams.get(k)) keep.set(k, url.searchParams.get(k)!)
    return redirectWithToast(request, session, `/diary/diaryPost/${post.id}${keep.size ? `?${keep}` : ''}`, { kind: 'success', key: toast, snackbar: true })
  }
  const args: IntentArgs = { request, session, user, post, role, journal, block, form, back }
  switch (intent) {
    case 'add':
      return addAction(args)
    case 'library-add':
      return libraryAddAction(args)
    case 'edit':
      return editAction(args)
    case 'delete':
      return deleteAction(args)
    case 'library-remove':
      return libraryRemoveAction(args)
    case 'score':
      return scoreAction(args)
    case 'worry':
      return worryAction(args)
    case 'sendback':
      return sendbackAction(args)
    default:
      throw data(null, { status: 400 })
  }
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

type Reader = Awaited<ReturnType<typeof requireJournalReader>>
type IntentArgs = Pick<Reader, 'session' | 'user'> &
  Awaited<ReturnType<typeof postForTeacher>> & {
    request: Request
    block: ReturnType<typeof blockOf> | null
    form: FormData
    /** Back to the post (its block and library kept), with a snackbar. */
    back: (toast: string) => Promise<Response>
  }

async function addAction({ post, block, user, form, back }: IntentArgs) {
  const submission = parseWithZod(form, { schema: CommentSchema })
  if (submission.status !== 'success') return data({ comment: submission.reply() }, 400)
  const added = await addComment(db, { postId: post.id, block, authorId: user.userId, comment: submission.value.comment, type: Number(submission.value.type) })
  if (!added.ok) return data({ comment: submission.reply({ fieldErrors: { type: [added.error] } }) }, 400)
  return back('comment.added')
}

async function libraryAddAction({ user, form, back }: IntentArgs) {
  const submission = parseWithZod(form, { schema: CommentSchema })
  if (submission.status !== 'success') return data({ comment: submission.reply() }, 400)
  await addToLibrary(db, user.userId, Number(submission.value.type), submission.value.comment)
  return back('comment.addedToLibrary')
}

async function editAction({ post, user, form, back }: IntentArgs) {
  const submission = parseWithZod(form, { schema: EditCommentSchema })
  if (submission.status !== 'success') return data({ edit: submission.reply() }, 400)
  if (!(await editComment(db, { postId: post.id, commentId: Number(submission.value.commentId), userId: user.userId, comment: submission.value.comment }))) throw data(null, { status: 403 })
  return back('comment.saved')
}

async function deleteAction({ post, user, role, form, back }: IntentArgs) {
  if (!(await deleteComment(db, { postId: post.id, commentId: idField(form, 'commentId'), userId: user.userId, isOwner: role === 'owner' }))) throw data(null, { status: 403 })
  return back('comment.deleted')
}

async function libraryRemoveAction({ user, form, back }: IntentArgs) {
  if (!(await removeFromLibrary(db, user.userId, idField(form, 'entryId')))) throw data(null, { status: 403 })
  return back('comment.removedFromLibrary')
}

/** A teacher's own score for a quest post (decision 0035): a whole number from 1 to 100. */
async function scoreAction({ post, form, back }: IntentArgs) {
  const value = String(form.get('score') ?? '').trim()
  if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > 100) return data({ scoreError: 'score.range' as const }, 400)
  if (!(await overrideScore(db, post.id, Number(value)))) throw data(null, { status: 404 })
  return back('score.saved')
}

/** "This worries me": a post that raised nothing becomes an alert with the teacher's reason (decision 0042). */
async function worryAction({ request, session, user, post, journal, form }: IntentArgs) {
  const submission = parseWithZod(form, { schema: WorrySchema })
  if (submission.status !== 'success') return data({ worry: submission.reply() }, 400)
  const flagged = await flagPost(db, post.id, { userId: user.userId, name: user.userName }, submission.value.note ?? '')
  return redirectWithToast(request, session, `/diary/homework/${journal.id}/alerts/${flagged.alertId}`, { kind: 'success', key: flagged.ok ? 'post.worryRaised' : 'post.worryExists' })
}

/** Returned posts and send back are pay function f6 (spec 2 section 6). */
async function sendbackAction({ user, post, back }: IntentArgs) {
  requireFunction(user, PAY_FUNCTIONS.returnedPosts)
  await sendBack(db, post.id)
  return back('comment.sentBack')
}

export default function PostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { post, journal, block, types, libType, library, userId, isOwner, canSendBack, canRevise, canSuggest, suggestions } = loaderData
  const [params] = useSearchParams()
  const fromNotifications = params.has(NOTIFICATION_PARAM)
  const link = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [k, v] of Object.entries(changes)) if (v === null) next.delete(k)
    else next.set(k, v)
    return `?${next}`
  }
  const blockComments = post.comments.filter((c) => c.msgId === block)
  const editing = blockComments.find((c) => String(c.id) === params.get('edit') && c.status === COMMENT_STATUS.visible)
  const deleting = blockComments.find((c) => String(c.id) === params.get('delete') && c.status === COMMENT_STATUS.visible)
  const used = library.find((e) => String(e.id) === params.get('use'))
  // A suggestion chosen with "Use" arrives in the URL, to be edited before it is posted.
  const said = (params.get('say') ?? '').slice(0, 200)
  const sentBack = post.status === POST_STATUS.sentBack
  const frame = post.frames.find((f) => f.id === block)
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('console.breadcrumb')}>
        {fromNotifications ? (
          <>
            <Link to="/notification">{t('notification.breadcrumb')}</Link> ›{' '}
          </>
        ) : null}
        <Link to="/diary">{t('console.journals')}</Link> › <Link to={`/diary/homework/${journal.id}/news`}>{journal.name}</Link> ›{' '}
        <Link to={`/diary/homework/${journal.id}/student`}>{t('journal.menuStudents')}</Link> › <Link to={`/diary/homework/${journal.id}/student/${post.creatorId}`}>{post.author}</Link> ›{' '}
        <span>{post.title}</span>
      </nav>
      <div className="page-head">
        <div>
          <h1 lang={journal.lang}>{post.title}</h1>
          <PostDetails post={post} t={t} />
        </div>
        <div className="row-actions">
          <FastLink className="button secondary" to={link({ image: '1' })} preventScrollReset>
            {t('image.title')}
          </FastLink>
          {canRevise ? (
            <Link className="button secondary" to={`/diary/diaryPost/${post.id}/revise`}>
              {t('revise.title')}
            </Link>
          ) : (
            <UpgradeButton>{t('revise.title')}</UpgradeButton>
          )}
          {sentBack ? (
            <span className="badge">{t('news.sentBack')}</span>
          ) : canSendBack ? (
            // Asks first (a dialog in the URL, so it works without JavaScript): the student is told at once.
            <FastLink className="button secondary" to={link({ sendback: '1' })} preventScrollReset>
              {t('post.sendBack')}
            </FastLink>
          ) : (
            <UpgradeButton>{t('post.sendBack')}</UpgradeButton>
          )}
        </div>
      </div>
      <FlagNotes flags={post.flags} t={t} />
      <WorryCard alertId={loaderData.alertId} journalId={journal.id} />
      {loaderData.score ? <ScoreCard score={loaderData.score} error={actionData && 'scoreError' in actionData ? actionData.scoreError : undefined} /> : null}
      {canSendBack && !sentBack && params.get('sendback') === '1' ? (
        <ConfirmDialog title={t('post.sendBackTitle')} text={t('post.sendBackText')} closeTo={link({ sendback: null })} confirm={t('post.sendBack')} cancel={t('journal.cancel')} fields={{ intent: 'sendback' }} />
      ) : null}
      {params.get('image') === '1' ? <ImageDialog postId={post.id} cancel={link({ image: null })} /> : null}
      {params.get('image') === 'error' ? (
        <Dialog title={t('image.errorTitle')} closeTo={link({ image: null })} alert>
          <p>{t('image.errorText')}</p>
          <SupportContact />
          <Link to={link({ image: null })} preventScrollReset data-autofocus>
            {t('image.close')}
          </Link>
        </Dialog>
      ) : null}
      <div className="post-page">
        <section className="blocks" aria-label={t('post.blocks')}>
          <FastLink to={link({ block: null, edit: null, delete: null, use: null })} className={block === null ? 'block chosen' : 'block'} aria-current={block === null ? 'true' : undefined}>
            <p className="frame-label">{t('post.wholePost')}</p>
            <span className="hint">{t('news.comments', { count: post.comments.filter((c) => c.msgId === null).length })}</span>
          </FastLink>
          {post.frames.map((f) => (
            <FastLink key={f.id} to={link({ block: String(f.id), edit: null, delete: null, use: null })} className={block === f.id ? 'block chosen' : 'block'} aria-current={block === f.id ? 'true' : undefined}>
              <FrameView frame={f} emotions={post.emotions} behaviours={post.behaviours} t={t} lang={journal.lang} />
              <span className="hint">{t('news.comments', { count: post.comments.filter((c) => c.msgId === f.id).length })}</span>
            </FastLink>
          ))}
        </section>
        <section className="block-comments" aria-labelledby="block-title">
          <h2 id="block-title">{frame ? t(`news.block_${frame.type}`) : t('post.wholePost')}</h2>
          {blockComments.length === 0 ? <p className="hint">{t('post.noComments')}</p> : null}
          <ul className="comments">
            {blockComments.map((c) => (
              <CommentView key={c.id} comment={c} t={t}>
                {c.status === COMMENT_STATUS.visible ? (
                  <p className="row-actions">
                    {c.authorId === userId ? (
                      <FastLink to={link({ edit: String(c.id), delete: null })} preventScrollReset>
                        {t('post.edit')}
                      </FastLink>
                    ) : null}
                    {c.authorId === userId || isOwner ? (
                      <FastLink to={link({ delete: String(c.id), edit: null })} preventScrollReset>
                        {t('post.delete')}
                      </FastLink>
                    ) : null}
                  </p>
                ) : null}
              </CommentView>
            ))}
          </ul>
          {deleting ? (
            <ConfirmDialog title={t('post.deleteTitle')} text={deleting.comment} closeTo={link({ delete: null })} confirm={t('post.delete')} cancel={t('journal.cancel')} fields={{ intent: 'delete', commentId: deleting.id }} />
          ) : null}
          {editing ? (
            <EditForm key={editing.id} comment={editing} cancel={link({ edit: null })} lastResult={actionData && 'edit' in actionData ? actionData.edit : undefined} />
          ) : (
            <CommentForm
              key={`${block}-${used?.id ?? ''}-${said}-${post.comments.length}`}
              types={types}
              initialType={String(used ? libType : types[0])}
              initialText={used?.comment ?? said}
              lastResult={actionData && 'comment' in actionData ? actionData.comment : undefined}
            />
          )}
          <section className="suggestions" aria-labelledby="suggest-title">
            <h3 id="suggest-title">{t('suggest.title')}</h3>
            {!canSuggest ? (
              <UpgradeButton>{t('suggest.ask')}</UpgradeButton>
            ) : suggestions === null ? (
              <FastLink className="button secondary" to={link({ suggest: '1', say: null, use: null })} preventScrollReset>
                {t('suggest.ask')}
              </FastLink>
            ) : (
              <>
                <p className="hint">{t('suggest.hint')}</p>
                {suggestions.length === 0 ? <p className="hint">{t('suggest.none')}</p> : null}
                <ul className="library-list">
                  {suggestions.map((text) => (
                    <li key={text}>
                      <span>{text}</span>
                      <FastLink to={link({ say: text.slice(0, 200), suggest: null, use: null })} preventScrollReset>
                        {t('suggest.use')}
                      </FastLink>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          <section className="library" aria-labelledby="library-title">
            <h3 id="library-title">{t('post.library')}</h3>
            <nav className="tabs small" aria-label={t('post.library')}>
              {types.map((ty) => (
                <FastLink key={ty} to={link({ lib: String(ty), use: null })} aria-current={ty === libType ? 'page' : undefined} preventScrollReset>
                  {t(`comment.type${ty}` as 'comment.type1')}
                </FastLink>
              ))}
              <FastLink to={link({ libedit: params.get('libedit') ? null : '1' })} preventScrollReset>
                {params.get('libedit') ? t('post.libraryDone') : t('post.libraryEdit')}
              </FastLink>
            </nav>
            {library.length === 0 ? <p className="hint">{t('post.libraryEmpty')}</p> : null}
            <ul className="library-list">
              {library.map((e) => (
                <li key={e.id}>
                  <span>{e.comment}</span>
                  {params.get('libedit') && !e.isDefault ? (
                    <Form method="post">
                      <input type="hidden" name="entryId" value={e.id} />
                      <button className="link-button danger" type="submit" name="intent" value="library-remove">
                        {t('post.delete')}
                      </button>
                    </Form>
                  ) : (
                    <FastLink to={link({ use: String(e.id) })} preventScrollReset>
                      {t('post.use')}
                    </FastLink>
                  )}
                </li>
              ))}
            </ul>
          </section>
        </section>
      </div>
    </>
  )
}

/**
 * The download-image dialog: both compose types previewed, one chosen, downloaded as a PNG. A plain
 * GET form, so the browser saves the file with or without JavaScript.
 */
function ImageDialog({ postId, cancel }: { postId: number; cancel: string }) {
  const { t } = useT()
  const src = `/diary/diaryPost/${postId}/image`
  return (
    <Dialog title={t('image.title')} closeTo={cancel} className="image-dialog">
      <form method="get" action={src}>
        <fieldset className="field">
          <legend>{t('image.compose')}</legend>
          <div className="image-choices">
            {Object.values(COMPOSE_TYPES).map((c) => (
              <label key={c}>
                <span>
                  <input type="radio" name="compose" value={c} defaultChecked={c === COMPOSE_TYPES.bamboo} /> {t(`image.compose_${c}`)}
                </span>
                <img src={`${src}?compose=${c}&inline=1`} alt={t('image.preview', { compose: t(`image.compose_${c}`) })} loading="lazy" />
              </label>
            ))}
          </div>
        </fieldset>
        <div className="form-actions">
          <button className="button" type="submit">
            {t('image.download')}
          </button>
          <FastLink to={cancel} preventScrollReset>
            {t('journal.cancel')}
          </FastLink>
        </div>
      </form>
    </Dialog>
  )
}

/** Add a comment to the chosen block (or keep its text in the library). */
function CommentForm({ types, initialType, initialText, lastResult }: { types: number[]; initialType: string; initialText: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { fields, formProps, busy } = useServerForm<z.input<typeof CommentSchema>>({
    id: 'comment',
    lastResult,
    defaultValue: { type: initialType, comment: initialText },
  })
  const chosen = fields.type.initialValue
  const { postId } = useParams()
  return (
    <Form method="post" className="comment-form" {...formProps} draft={`comment-${postId}`}>
      <fieldset className="field">
        <legend>{t('post.commentType')}</legend>
        <div className="choices">
          {types.map((ty) => (
            <label key={ty}>
              <input type="radio" name={fields.type.name} value={String(ty)} defaultChecked={chosen === String(ty)} /> {t(`comment.type${ty}` as 'comment.type1')}
            </label>
          ))}
        </div>
        <ErrorList id={fields.type.errorId} errors={fields.type.errors} />
      </fieldset>
      <div className="field">
        <label htmlFor={fields.comment.id}>{t('post.comment')}</label>
        <textarea {...controlProps(fields.comment)} rows={3} maxLength={200} />
        <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
      </div>
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy} name="intent" value="add">
          {t('post.addComment')}
        </button>
        <button className="button secondary" type="submit" disabled={busy} name="intent" value="library-add">
          {t('post.addToLibrary')}
        </button>
      </div>
    </Form>
  )
}

function EditForm({ comment, cancel, lastResult }: { comment: { id: number; comment: string }; cancel: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useT()
  const { fields, formProps, busy } = useServerForm<z.input<typeof EditCommentSchema>>({
    id: 'edit-comment',
    lastResult,
    defaultValue: { comment: comment.comment, commentId: String(comment.id), intent: 'edit' },
  })
  return (
    <Form method="post" className="comment-form" {...formProps}>
      <input type="hidden" name="commentId" value={comment.id} />
      <div className="field">
        <label htmlFor={fields.comment.id}>{t('post.editComment')}</label>
        <textarea {...controlProps(fields.comment)} rows={3} maxLength={200} />
        <ErrorList id={fields.comment.errorId} errors={fields.comment.errors} />
      </div>
      <div className="form-actions">
        <button className="button" type="submit" disabled={busy} name="intent" value="edit">
          {t('journal.save')}
        </button>
        <Link to={cancel} preventScrollReset>
          {t('journal.cancel')}
        </Link>
      </div>
    </Form>
  )
}

/** The post's risk alert, or "This worries me" for a post that raised none (a form: it works without JavaScript). */
function WorryCard({ alertId, journalId }: { alertId: number | null; journalId: number }) {
  const { t } = useT()
  if (alertId)
    return (
      <p className="worry">
        <FastLink to={`/diary/homework/${journalId}/alerts/${alertId}`}>{t('post.alertOpen')}</FastLink>
      </p>
    )
  return (
    <details className="worry">
      <summary>{t('post.worryTitle')}</summary>
      <Form method="post" className="card">
        <input type="hidden" name="intent" value="worry" />
        <p className="hint">{t('post.worryHint')}</p>
        <div className="field">
          <label htmlFor="worry-note">{t('post.worryNote')}</label>
          <textarea id="worry-note" name="note" rows={2} maxLength={500} />
        </div>
        <button className="button" type="submit">
          {t('post.worrySubmit')}
        </button>
      </Form>
    </details>
  )
}

