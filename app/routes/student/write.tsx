import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import { questPostError, questsForStudent, scoreQuestPost } from '~/features/quests/quest-posts.server'
import type { Route } from './+types/write'
import { requireStudent } from '~/auth/student-gate.server'
import { db } from '~/db/db.server'
import { SHARE_TYPE } from '~/features/journals/constants'
import { pictureFromForm } from '~/features/posts/pictures.server'
import { StudentPostSchema } from '~/features/students/post-schema'
import { createPost, diaryDateError, studentJournal } from '~/features/students/posts.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { todayDate } from '~/shared/dates'
import { StudentPostForm } from '~/features/students/components/student-post-form'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readUpload, TOO_LARGE, unreadFormReply } from '~/http/form.server'
import { journalZoneMiddleware } from '~/features/journals/zone.server'
import { once } from '~/http/once.server'
import { sendSafely } from '~/ui/send-safely'

// Times in the journal's school zone (decision 0044).
export const middleware: Route.MiddlewareFunction[] = [journalZoneMiddleware]
export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /s/journal/{id}/new: write a post. The journal's submit mode names the button (submit or share). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  const journal = await studentJournal(db, studentId, params.id)
  const quests = journal.shareType === SHARE_TYPE.quest ? await questsForStudent(db, journal.id) : null
  // A quest journal's post answers one open quest (the day's unless the student picked another).
  const wanted = Number(new URL(request.url).searchParams.get('quest'))
  const quest = quests ? (quests.open.find((q) => q.id === wanted) ?? quests.open.find((q) => q.id === quests.ofTheDay) ?? null) : null
  // No quest open (before the start, after the end): the page says why instead of a form.
  const closed = quests && !quest ? questPostError(quests, null, todayDate()) : null
  return { journal, quest, closed, today: todayDate(), title: `${getInstance(context).t('write.new')} | ${journal.name}` }
}

export const action = once(async function action({ request, context, params }: Route.ActionArgs) {
  const { session, studentId } = await requireStudent(request, context)
  const journal = await studentJournal(db, studentId, params.id)
  const form = await readUpload(request)
  if (form === TOO_LARGE) return data({ result: unreadFormReply('picture', 'write.pictureTooBig'), picture: null }, 413)
  const submission = parseWithZod(form, { schema: StudentPostSchema })
  const picture = await pictureFromForm(db, studentId, form)
  const quests = journal.shareType === SHARE_TYPE.quest ? await questsForStudent(db, journal.id) : null
  const questId = submission.status === 'success' && submission.value.questId ? Number(submission.value.questId) : null
  // A quest post is refused outside the team's period or for a quest that is not open (decision 0035).
  const questError = quests && submission.status === 'success' ? questPostError(quests, questId, submission.value.diaryDate) : null
  const dateError = submission.status === 'success' && !questError ? await diaryDateError(db, journal.id, submission.value.diaryDate) : null
  if (submission.status !== 'success' || picture.error || dateError || questError) {
    const fieldErrors = { ...(picture.error ? { picture: [picture.error] } : {}), ...(dateError ? { diaryDate: [dateError] } : {}) }
    return data({ result: submission.reply({ fieldErrors, formErrors: questError ? [questError] : undefined }), picture: picture.url }, 400)
  }
  const postId = await createPost(db, studentId, journal.id, submission.value, picture.url, quests ? questId : null)
  if (quests) await scoreQuestPost(db, postId)
  return await redirectWithToast(request, session, `/s/post/${postId}?sent=new-${journal.id}${questId ? `-q${questId}` : ''}`, { kind: 'success', key: 'write.shared' })
})

// A send that fails in the network keeps the page and says so (decision 0072, ui/send-safely.ts).
export const clientAction = (args: Route.ClientActionArgs) => sendSafely(args)

export default function WritePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, today, quest, closed } = loaderData
  return (
    <>
      <nav className="breadcrumbs">
        <Link to="/s">{t('write.back')}</Link> › <Link to={`/s/journal/${journal.id}`}>{journal.name}</Link>
      </nav>
      <h1>{t('write.new')}</h1>
      {closed ? (
        <p className="notice" role="alert">
          {t(closed)} <Link to={`/s/journal/${journal.id}`}>{journal.name}</Link>
        </p>
      ) : (
      <StudentPostForm
        defaults={{ diaryDate: today }}
        lastResult={actionData?.result}
        keptPicture={actionData?.picture}
        submitLabel={journal.shareType === SHARE_TYPE.submitOnClick ? t('write.share') : t('write.submit')}
        draftKey={`new-${journal.id}${quest ? `-q${quest.id}` : ''}`}
        quest={quest}
      />
      )}
    </>
  )
}
