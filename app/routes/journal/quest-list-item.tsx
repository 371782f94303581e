import type { TFunction } from 'i18next'
import { data, Link, useLocation } from 'react-router'
import { Form } from '~/ui/form'
import type { Route } from './+types/quest-list-item'
import { db } from '~/db/db.server'
import { pageParam } from '~/shared/lists'
import { questJournalOf } from '~/auth/quest-gate.server'
import { questHead, questKeyOf, questPostOf, questPosts, questStudents } from '~/features/quests/progress.server'
import { QUEST_SORTS, type QuestSort } from '~/features/quests/constants'
import { isScored } from '~/features/quests/scoring'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { Avatar } from '~/ui/avatar'
import { Dialog } from '~/ui/dialog'
import { FastLink } from '~/ui/fast-link'
import { Pager } from '~/ui/pager'
import { pageMeta } from '~/ui/page-title'
import { FrameView, PostDetails } from '~/features/posts/components/post-view'
import { CONTESTS_HANDLE, contestsDictionary } from '~/i18n/client-resources'
import { QuestFigures } from '~/ui/quest-figures'

// The quest and contest texts are a dictionary part of their own (decision 0035).
export const handle = CONTESTS_HANDLE
export const clientMiddleware = contestsDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

const MAX_SHOWN = 50

/**
 * /diary/homework/{id}/questList/{questId} or /d_{date} (spec 3 quest news): the quest's figures;
 * Browse, its posts in four orders with "more" and the students who did and did not submit; Stats,
 * every student 10 a page (all or not submitted), a submitted one's post in a dialog (`?view=`).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { journal } = await questJournalOf(context)
  const key = questKeyOf(params.questId)
  const head = key && (await questHead(db, journal.id, key))
  if (!key || !head) throw data(null, { status: 404 })
  const url = new URL(request.url)
  const tab = url.searchParams.get('tab') === 'stats' ? 'stats' : 'browse'
  const sortParam = url.searchParams.get('sort') as QuestSort
  const sort: QuestSort = QUEST_SORTS.includes(sortParam) ? sortParam : 'timeDesc'
  const base = { id: journal.id, head, tab, sort, lang: journal.lang, title: `${head.title} | ${journal.name}` }
  if (tab === 'browse') {
    const shown = Math.min(pageParam(url.searchParams, 'shown'), MAX_SHOWN)
    const [feed, students] = await Promise.all([questPosts(db, journal.id, key, sort, shown), questStudents(db, journal.id, key, { notSubmitted: false, page: null })])
    return { ...base, browse: { ...feed, shown, students: students.rows }, stats: null, viewed: null }
  }
  const notSubmitted = url.searchParams.get('filter') === 'not'
  const page = pageParam(url.searchParams)
  const stats = await questStudents(db, journal.id, key, { notSubmitted, page })
  const viewId = Number(url.searchParams.get('view'))
  const viewedRow = stats.rows.find((r) => r.postId === viewId)
  // Only a post of a row on this page opens in the dialog.
  const viewed = viewedRow ? await questPostOf(db, viewId, viewedRow.name) : null
  return { ...base, browse: null, stats: { ...stats, notSubmitted }, viewed }
}

const score = (value: number | null | undefined, t: TFunction) => (isScored(value) ? String(value) : t('news.scoring'))

export default function QuestNewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { id, head, tab, browse, stats } = loaderData
  const base = `/diary/homework/${id}/questList`
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('quest.breadcrumbs')}>
        <FastLink to={base}>{t('quest.listTitle')}</FastLink> › <span aria-current="page">{head.title}</span>
      </nav>
      <h1>{head.title}</h1>
      <QuestFigures figures={head} className="inline card" />
      <nav className="tabs" aria-label={t('quest.tabs')}>
        <FastLink to="?tab=browse" aria-current={tab === 'browse' ? 'page' : undefined}>
          {t('quest.tabBrowse')}
        </FastLink>
        <FastLink to="?tab=stats" aria-current={tab === 'stats' ? 'page' : undefined}>
          {t('quest.tabStats')}
        </FastLink>
      </nav>
      {browse ? <Browse data={browse} loaderData={loaderData} /> : null}
      {stats ? <Stats data={stats} loaderData={loaderData} /> : null}
    </>
  )
}

type Data = Route.ComponentProps['loaderData']

function Browse({ data: browse, loaderData }: { data: NonNullable<Data['browse']>; loaderData: Data }) {
  const { t } = useT()
  const { id, sort, lang } = loaderData
  const submitted = browse.students.filter((s) => s.postId !== null)
  const missing = browse.students.filter((s) => s.postId === null)
  return (
    <div className="news">
      <div className="feed">
        <Form method="get" className="feed-filter">
          <input type="hidden" name="tab" value="browse" />
          <label className="field">
            <span>{t('quest.sort')}</span>
            <select name="sort" defaultValue={sort}>
              {QUEST_SORTS.map((s) => (
                <option key={s} value={s}>
                  {t(`quest.sort_${s}`)}
                </option>
              ))}
            </select>
          </label>
          <button className="button secondary" type="submit">
            {t('quest.apply')}
          </button>
        </Form>
        {browse.posts.length === 0 ? <p className="empty">{t('quest.noPosts')}</p> : null}
        <ol className="posts">
          {browse.posts.map((p) => (
            <li key={p.id} className="post-card">
              <header>
                <Avatar name={p.author} seed={p.creatorId} />
                <div>
                  <h2>
                    <FastLink to={`/diary/diaryPost/${p.id}`}>
                      <span lang={lang}>{p.title}</span>
                    </FastLink>
                  </h2>
                  <PostDetails post={p} t={t} />
                </div>
                <span className="badge score">{t('news.scoreBadge', { score: score(p.score, t) })}</span>
              </header>
              <div className="frames">
                {p.frames.map((f) => (
                  <FrameView key={f.id} frame={f} emotions={p.emotions} behaviours={p.behaviours} t={t} lang={lang} />
                ))}
              </div>
              <p className="hint">{formatDateTime(p.createdAt)}</p>
            </li>
          ))}
        </ol>
        {browse.hasMore ? (
          <nav className="pager" aria-label={t('quest.tabBrowse')}>
            <Link className="button secondary" to={`?tab=browse&sort=${sort}&shown=${browse.shown + 1}`} preventScrollReset>
              {t('news.loadMore')}
            </Link>
          </nav>
        ) : null}
      </div>
      <aside className="news-side">
        <section className="card" aria-labelledby="submitted-title">
          <h2 id="submitted-title">{t('quest.submitted', { count: submitted.length })}</h2>
          <StudentLinks id={id} students={submitted} empty={t('quest.nobodyYet')} />
        </section>
        <section className="card" aria-labelledby="missing-title">
          <h2 id="missing-title">{t('quest.notSubmitted', { count: missing.length })}</h2>
          <StudentLinks id={id} students={missing} empty={t('quest.everyone')} />
        </section>
      </aside>
    </div>
  )
}

function StudentLinks({ id, students, empty }: { id: number; students: { userId: number; name: string }[]; empty: string }) {
  if (students.length === 0) return <p className="hint">{empty}</p>
  return (
    <ul className="people compact">
      {students.map((s) => (
        <li key={s.userId}>
          <FastLink className="who" to={`/diary/homework/${id}/student/${s.userId}`}>
            {s.name}
          </FastLink>
        </li>
      ))}
    </ul>
  )
}

function Stats({ data: stats, loaderData }: { data: NonNullable<Data['stats']>; loaderData: Data }) {
  const { t } = useT()
  const { id, viewed, lang } = loaderData
  const location = useLocation()
  const withParam = (name: string, value: string | null) => {
    const params = new URLSearchParams(location.search)
    if (value === null) params.delete(name)
    else params.set(name, value)
    return `?${params}`
  }
  return (
    <>
      <nav className="sort-links" aria-label={t('quest.filter')}>
        {t('quest.filter')}:{' '}
        <FastLink to="?tab=stats" aria-current={stats.notSubmitted ? undefined : 'true'}>
          {t('quest.filterAll')}
        </FastLink>{' '}
        ·{' '}
        <FastLink to="?tab=stats&filter=not" aria-current={stats.notSubmitted ? 'true' : undefined}>
          {t('quest.filterNot')}
        </FastLink>
      </nav>
      <div className="table-scroll">
        <table className="table">
          <caption className="visually-hidden">{t('quest.tabStats')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('quest.student')}</th>
              <th scope="col">{t('quest.account')}</th>
              <th scope="col">{t('quest.state')}</th>
              <th scope="col">{t('quest.score')}</th>
              <th scope="col">{t('quest.updated')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('quest.view')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {stats.rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="empty">
                  {stats.notSubmitted ? t('quest.everyone') : t('quest.noStudents')}
                </td>
              </tr>
            ) : null}
            {stats.rows.map((r) => (
              <tr key={r.userId}>
                <td>
                  <FastLink to={`/diary/homework/${id}/student/${r.userId}`}>{r.name}</FastLink>
                </td>
                <td>{r.account}</td>
                <td>{r.postId ? t('quest.stateSubmitted') : t('quest.stateMissing')}</td>
                <td>{r.postId ? score(r.score, t) : '—'}</td>
                <td>{r.updatedAt ? formatDateTime(r.updatedAt) : '—'}</td>
                <td>
                  {r.postId ? (
                    <FastLink to={withParam('view', String(r.postId))} preventScrollReset aria-label={t('quest.viewPostOf', { name: r.name })}>
                      {t('quest.view')}
                    </FastLink>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={stats.page} totalPages={stats.totalPages} />
      {viewed ? (
        <Dialog title={viewed.title} closeTo={withParam('view', null)}>
          <PostDetails post={viewed} t={t} />
          <p>
            <strong>{t('news.scoreBadge', { score: score(viewed.score, t) })}</strong>
          </p>
          <div className="frames">
            {viewed.frames.map((f) => (
              <FrameView key={f.id} frame={f} emotions={viewed.emotions} behaviours={viewed.behaviours} t={t} lang={lang} />
            ))}
          </div>
          <div className="form-actions">
            <FastLink className="button secondary" to={`/diary/diaryPost/${viewed.id}`}>
              {t('quest.openPost')}
            </FastLink>
            <FastLink className="button" to={withParam('view', null)} data-autofocus preventScrollReset>
              {t('quest.close')}
            </FastLink>
          </div>
        </Dialog>
      ) : null}
    </>
  )
}
