import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import type { Route } from './+types/write'
import { requireStudent } from '~/auth/student-guard.server'
import { db } from '~/db/db.server'
import { SHARE_TYPE } from '~/features/journals/constants'
import { pictureFromForm } from '~/features/posts/pictures.server'
import { StudentPostSchema } from '~/features/students/post-schema'
import { createPost, diaryDateError, studentJournal } from '~/features/students/posts.server'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { todayDate } from '~/shared/dates'
import { StudentPostForm } from '~/ui/student-post-form'
import { redirectWithToast } from '~/auth/toast.server'
import { pageMeta } from '~/ui/page-title'
import { readForm } from '~/http/form.server'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /s/journal/{id}/new: write a post. The journal's submit mode names the button (submit or share). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  const journal = await studentJournal(db, studentId, params.id)
  return { journal, today: todayDate(), title: `${getInstance(context).t('write.new')} | ${journal.name}` }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, studentId } = await requireStudent(request, context)
  const journal = await studentJournal(db, studentId, params.id)
  const form = await readForm(request, { files: 1 })
  const submission = parseWithZod(form, { schema: StudentPostSchema })
  const picture = await pictureFromForm(db, studentId, form)
  const dateError = submission.status === 'success' ? await diaryDateError(db, journal.id, submission.value.diaryDate) : null
  if (submission.status !== 'success' || picture.error || dateError) {
    const fieldErrors = { ...(picture.error ? { picture: [picture.error] } : {}), ...(dateError ? { diaryDate: [dateError] } : {}) }
    return data({ result: submission.reply({ fieldErrors }), picture: picture.url }, 400)
  }
  const postId = await createPost(db, studentId, journal.id, submission.value, picture.url)
  return await redirectWithToast(request, session, `/s/post/${postId}?sent=new-${journal.id}`, { kind: 'success', key: 'write.shared' })
}

export default function WritePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, today } = loaderData
  return (
    <>
      <nav className="breadcrumbs">
        <Link to="/s">{t('write.back')}</Link> › <Link to={`/s/journal/${journal.id}`}>{journal.name}</Link>
      </nav>
      <h1>{t('write.new')}</h1>
      <StudentPostForm
        defaults={{ diaryDate: today }}
        lastResult={actionData?.result}
        keptPicture={actionData?.picture}
        submitLabel={journal.shareType === SHARE_TYPE.submitOnClick ? t('write.share') : t('write.submit')}
        draftKey={`draft:new-${journal.id}`}
      />
    </>
  )
}
