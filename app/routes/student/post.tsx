import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import type { Route } from './+types/post'
import { requireStudent } from '~/auth/student-gate.server'
import { db } from '~/db/db.server'
import { POST_STATUS } from '~/features/posts/constants'
import { StudentPostSchema } from '~/features/students/post-schema'
import { pictureFromForm } from '~/features/posts/pictures.server'
import { diaryDateError, myPost, revisePost } from '~/features/students/posts.server'
import { useT } from '~/i18n/use-t'
import { StudentPostForm } from '~/features/students/components/student-post-form'
import { CommentView, FrameView, PostDetails } from '~/features/posts/components/post-view'
import { TextDiff } from '~/ui/text-diff'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readUpload, TOO_LARGE, unreadFormReply } from '~/http/form.server'
import { questPromptOf, scoreQuestPost } from '~/features/quests/quest-posts.server'
import { postZoneMiddleware } from '~/features/journals/zone.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [postZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.post.title, matches)

/** /s/post/{id}: the student's post with the teacher's comments and corrections; revise when sent back. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  const post = await myPost(db, studentId, params.postId)
  return { post, quest: await questPromptOf(db, post.id) }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { session, studentId } = await requireStudent(request, context)
  const post = await myPost(db, studentId, params.postId)
  const form = await readUpload(request)
  if (form === TOO_LARGE) return data({ result: unreadFormReply('picture', 'write.pictureTooBig'), picture: null }, 413)
  const submission = parseWithZod(form, { schema: StudentPostSchema })
  const picture = await pictureFromForm(db, studentId, form)
  const dateError = submission.status === 'success' ? await diaryDateError(db, post.journalId, submission.value.diaryDate) : null
  if (submission.status !== 'success' || picture.error || dateError) {
    const fieldErrors = { ...(picture.error ? { picture: [picture.error] } : {}), ...(dateError ? { diaryDate: [dateError] } : {}) }
    return data({ result: submission.reply({ fieldErrors }), picture: picture.url }, 400)
  }
  if (!(await revisePost(db, studentId, post.id, submission.value, picture.url))) throw data(null, { status: 409 })
  // A revised quest post is scored again (a teacher's own score stays).
  await scoreQuestPost(db, post.id)
  return await redirectWithToast(request, session, `/s/post/${post.id}?sent=post-${post.id}`, { kind: 'success', key: 'write.revised' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function StudentPostPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { post } = loaderData
  const event = post.frames.find((f) => f.type === 'event')
  const behaviour = post.frames.find((f) => f.type === 'behavior')
  return (
    <>
      <nav className="breadcrumbs">
        <Link to="/s">{t('write.back')}</Link> › <Link to={`/s/journal/${post.journalId}`}>{post.journalName}</Link>
      </nav>
      <h1>{post.title}</h1>
      <PostDetails post={{ ...post, author: undefined }} t={t} />
      {post.status === POST_STATUS.sentBack ? <span className="badge">{t('write.sentBack')}</span> : null}
      <section className="card frames">
        {post.frames.map((f) =>
          post.revisions[f.id] ? (
            <div key={f.id} className="frame">
              <p className="frame-label">{t(`news.block_${f.type}` as 'news.block_event')}</p>
              <TextDiff original={f.message} revised={post.revisions[f.id]} labels={{ original: t('write.yourText'), revised: t('write.correction') }} />
            </div>
          ) : (
            <FrameView key={f.id} frame={f} emotions={post.emotions} behaviours={post.behaviours} t={t} />
          ),
        )}
      </section>
      <section aria-labelledby="comments-title">
        <h2 id="comments-title">{t('write.teacherComments')}</h2>
        {post.comments.length === 0 ? <p className="hint">{t('write.noComments')}</p> : null}
        <ul className="comments">
          {post.comments.map((c) => (
            <CommentView key={c.id} comment={c} t={t} />
          ))}
        </ul>
      </section>
      {post.status === POST_STATUS.sentBack ? (
        <section aria-labelledby="revise-title">
          <h2 id="revise-title">{t('write.revise')}</h2>
          <StudentPostForm
            defaults={{
              title: post.title,
              diaryDate: post.diaryDate,
              location: post.location,
              happenTime: post.happenTime,
              event: event?.message ?? '',
              emotions: post.emotions,
              behaviour: post.behaviours[0] ? String(post.behaviours[0]) : undefined,
              behaviourText: behaviour?.message ?? '',
              story: post.frames.find((f) => f.type === 'emotion')?.message ?? '',
            }}
            quest={loaderData.quest}
            lastResult={actionData?.result}
            keptPicture={actionData?.picture}
            currentPicture={event?.imgUrl}
            submitLabel={t('write.revise')}
            draftKey={`post-${post.id}`}
          />
        </section>
      ) : null}
    </>
  )
}
