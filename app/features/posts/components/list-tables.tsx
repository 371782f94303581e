import type { TFunction } from 'i18next'
import { Link, useLocation } from 'react-router'
import { Form } from '~/ui/form'
import { useT } from '~/i18n/use-t'
import { formatDate, formatDateTime } from '~/shared/dates'
import { BehaviourTags, EmotionTags } from '~/features/posts/components/mood-tags'
import { FastLink } from '~/ui/fast-link'
import { TableHead } from '~/ui/table-head'

/** The search box of a list: by user name, kept in the URL with the page reset. */
export function NameSearch({ q }: { q: string }) {
  const { t } = useT()
  return (
    <Form method="get" className="feed-filter" role="search">
      <label className="field">
        <span>{t('journal.searchName')}</span>
        <input type="search" name="q" defaultValue={q} maxLength={100} />
      </label>
      <button className="button secondary" type="submit">
        {t('news.searchButton')}
      </button>
      {q ? <Link to="?">{t('news.clear')}</Link> : null}
    </Form>
  )
}

type LatestPost = { id: number; title: string; emotions: string[]; behaviours: number[] } | null

/** A student's latest post in a table: its title (to the post page), emotions and behaviour. */
export function LatestPostCell({ post, t }: { post: LatestPost; t: TFunction }) {
  return (
    <td>
      {post ? (
        <>
          <FastLink to={`/diary/diaryPost/${post.id}`}>{post.title}</FastLink>
          <EmotionTags codes={post.emotions} t={t} />
          <BehaviourTags codes={post.behaviours} t={t} />
        </>
      ) : (
        <span className="hint">{t('diary.noPosts')}</span>
      )}
    </td>
  )
}

interface CaseRow {
  id: number
  name: string
  account: string
  lastLogin: string | null
  journalId: number
  journalName: string
  latest: LatestPost
  openAlerts: number
}

/** Watched students: the case list of a journal, or the follow-up tab across journals. */
export function CasesTable({ rows, showJournal, t }: { rows: CaseRow[]; showJournal: boolean; t: TFunction }) {
  const location = useLocation()
  return (
    <table className="table">
      <TableHead columns={[t('students.student'), showJournal && t('lists.journal'), t('students.latestPost'), t('students.lastLogin'), { hidden: t('students.detail') }]} />
      <tbody>
        {rows.map((r) => (
          <tr key={`${r.journalId}-${r.id}`}>
            <td>
              <strong>{r.name}</strong>
              <br />
              <span className="hint">{r.account}</span>
              {r.openAlerts ? (
                <>
                  <br />
                  <FastLink className="alert-badge" to={`/diary/homework/${r.journalId}/alerts`}>
                    {t('lists.openAlerts', { count: r.openAlerts })}
                  </FastLink>
                </>
              ) : null}
            </td>
            {showJournal ? <td>{r.journalName}</td> : null}
            <LatestPostCell post={r.latest} t={t} />
            <td className="nowrap">{r.lastLogin ? formatDateTime(r.lastLogin) : '–'}</td>
            <td>
              <span className="row-actions">
                <FastLink className="button small secondary" to={`/diary/homework/${r.journalId}/student/${r.id}`}>
                  {t('students.detail')}
                </FastLink>
                <Form method="post" action={`${location.pathname}${location.search}`}>
                  <input type="hidden" name="studentId" value={r.id} />
                  <input type="hidden" name="journalId" value={r.journalId} />
                  <button className="link-button" type="submit" name="intent" value="unwatch">
                    {t('lists.unwatch')}
                  </button>
                </Form>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

interface PostRow {
  id: number
  title: string
  diaryDate: string
  location: string
  happenTime: string
  createdAt: string
  studentId: number
  studentName: string
  account: string
  journalId: number
  journalName: string
  unread: boolean
  starred: boolean
}

/** Posts of a list: the collection (with the star to remove) or the returned posts. */
export function PostsTable({ rows, showJournal, withStar, t }: { rows: PostRow[]; showJournal: boolean; withStar: boolean; t: TFunction }) {
  const location = useLocation()
  return (
    <table className="table">
      <TableHead columns={[{ hidden: t('students.unread') }, withStar && t('students.star'), t('students.student'), showJournal && t('lists.journal'), t('news.diaryDate'), t('students.postTitle'), <>{t('news.place')} / {t('news.time')}</>, t('students.created'), { hidden: t('lists.openPost') }]} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{r.unread ? <span className="dot" role="img" aria-label={t('students.unread')} /> : null}</td>
            {withStar ? (
              <td>
                <Form method="post" action={`${location.pathname}${location.search}`}>
                  <input type="hidden" name="postId" value={r.id} />
                  <button type="submit" name="intent" value="unstar" className="star-button" aria-pressed="true" aria-label={t('lists.unstar', { title: r.title })}>
                    ★
                  </button>
                </Form>
              </td>
            ) : null}
            <td>
              <strong>{r.studentName}</strong>
              <br />
              <span className="hint">{r.account}</span>
            </td>
            {showJournal ? <td>{r.journalName}</td> : null}
            <td className="nowrap">{r.diaryDate}</td>
            <td>{r.title}</td>
            <td>
              {r.location || '–'} / {r.happenTime || '–'}
            </td>
            <td className="nowrap">{formatDate(r.createdAt)}</td>
            <td>
              <FastLink className="button small secondary" to={`/diary/diaryPost/${r.id}`}>
                {t('lists.openPost')}
              </FastLink>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
