import { Link } from 'react-router'
import type { Route } from './+types/journal'
import { requireStudent } from '~/auth/student-guard.server'
import { db } from '~/db/db.server'
import { POST_STATUS } from '~/features/posts/constants'
import { myPosts, studentJournal } from '~/features/students/posts.server'
import { useT } from '~/i18n/use-t'
import { pageMeta } from '~/ui/page-title'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.journal.name, matches)

/** /s/journal/{id}: one of the student's diaries: their posts and the way to write one. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { studentId } = await requireStudent(request, context)
  const journal = await studentJournal(db, studentId, params.id)
  return { journal, posts: await myPosts(db, studentId, journal.id) }
}

export default function StudentJournalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { journal, posts } = loaderData
  return (
    <>
      <nav className="breadcrumbs">
        <Link to="/s">{t('write.back')}</Link>
      </nav>
      <h1>{journal.name}</h1>
      <Link className="button wide" to={`/s/journal/${journal.id}/new`}>
        {t('write.new')}
      </Link>
      <h2>{t('write.myPosts')}</h2>
      {posts.length === 0 ? <p className="empty">{t('write.noPosts')}</p> : null}
      <ul className="student-journals">
        {posts.map((p) => (
          <li key={p.id} className="journal-card">
            <div className="body">
              <h3>
                <Link to={`/s/post/${p.id}`}>{p.title}</Link>
              </h3>
              <p className="hint">{p.diaryDate}</p>
              {p.status === POST_STATUS.sentBack ? <span className="badge">{t('write.sentBack')}</span> : null}
            </div>
          </li>
        ))}
      </ul>
    </>
  )
}
