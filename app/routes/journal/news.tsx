import { useEffect, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { Form } from '~/ui/form'
import type { TFunction } from 'i18next'
import type { Route } from './+types/news'
import { db } from '~/db/db.server'
import { journalOf } from '~/auth/journal-gate.server'
import { feedPage, studentQuota } from '~/features/posts/feed.server'
import { journalOverview } from '~/features/posts/overview.server'
import { feedFilterOf } from '~/features/posts/feed-filter'
import { getInstance } from '~/i18n/middleware.server'
import { useT } from '~/i18n/use-t'
import { formatDateTime } from '~/shared/dates'
import { EmotionTags } from '~/features/posts/components/mood-tags'
import { CommentView, FlagNotes, FrameView, PostDetails } from '~/features/posts/components/post-view'
import { FastLink } from '~/ui/fast-link'
import { pageMeta } from '~/ui/page-title'
import { Avatar } from '~/ui/avatar'
import { RECENT_POSTER_DAYS } from '~/features/journals/constants'
import { FEED_HANDLE, feedDictionary } from '~/i18n/client-resources'

// The feed's texts are a dictionary part of their own (decision 0056).
export const handle = FEED_HANDLE
export const clientMiddleware = feedDictionary

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.title, matches)

/** /diary/homework/{id}/news: the journal's home (spec 2 news feed). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { journal } = journalOf(context)
  const url = new URL(request.url)
  const { filter, error } = feedFilterOf(url.searchParams)
  const feed = error ? { posts: [], hasMore: false } : await feedPage(db, journal.id, filter)
  // A "load more" request (JavaScript) needs only the next page of posts.
  if (url.searchParams.has('more')) return { feed, filter, error, side: null, title: '', journalId: journal.id }
  const [{ posters, lowMood }, quota] = await Promise.all([journalOverview(db, journal.id), studentQuota(db, journal.id)])
  return { feed, filter, error, journalId: journal.id, lang: journal.lang, side: { posters, lowMood, quota }, title: `${getInstance(context).t('feed.title')} | ${journal.name}` }
}

type Feed = Route.ComponentProps['loaderData']['feed']

/** The thermometer's picture for a negative-mood score: one per ten points, from 60 (the lowest shown) to 100. */
const thermometerImage = (score: number) => `/thermometer/${Math.min(100, Math.max(60, Math.floor(score / 10) * 10))}.svg`

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT()
  const { filter, error, side, journalId } = loaderData
  const location = useLocation()
  return (
    <>
      <h1>{t('feed.title')}</h1>
      <Form method="get" className="feed-filter" role="search">
        <label className="field">
          <span>{t('feed.search')}</span>
          <input type="search" name="q" defaultValue={filter.q ?? ''} maxLength={100} />
        </label>
        <fieldset className="field dates">
          <legend>{t('feed.dates')}</legend>
          <div className="date-range">
            <input type="date" name="start" defaultValue={filter.start ?? ''} aria-label={t('feed.from')} />
            –
            <input type="date" name="end" defaultValue={filter.end ?? ''} aria-label={t('feed.to')} />
          </div>
        </fieldset>
        <button className="button secondary" type="submit">
          {t('news.searchButton')}
        </button>
        {filter.q || filter.start || filter.end ? <Link to="?">{t('news.clear')}</Link> : null}
        {error ? (
          <p className="field-error" role="alert">
            {t(error)}
          </p>
        ) : null}
      </Form>
      <div className="news">
        {/* Keyed by the query: a new search starts a new list. */}
        <FeedList key={location.search} feed={loaderData.feed} page={filter.page} filtered={Boolean(filter.q || filter.start || filter.end)} lang={loaderData.lang} />
        {side ? (
          <aside className="news-side">
            {side.quota.taken >= side.quota.limit ? (
              <section className="card warning" role="note">
                <h2>{t('feed.quotaTitle')}</h2>
                <p>{t('feed.quotaText', { taken: side.quota.taken, count: side.quota.limit })}</p>
              </section>
            ) : null}
            <section className="card" aria-labelledby="thermo-title">
              <h2 id="thermo-title">{t('feed.thermometer')}</h2>
              <p className="hint">{t('feed.thermometerText')}</p>
              {side.lowMood.length === 0 ? <p className="hint">{t('feed.nobodyLow')}</p> : null}
              <ul className="thermometer">
                {side.lowMood.map((s) => (
                  <li key={s.studentId}>
                    <img className="thermo" src={thermometerImage(s.score)} alt="" width={20} height={56} />
                    <div>
                      <FastLink to={`/diary/homework/${journalId}/student/${s.studentId}`}>
                        <strong>{s.name}</strong>
                      </FastLink>
                      <p className="hint">{t('feed.moodScore', { score: s.score })}</p>
                      <p>{s.title}</p>
                      <EmotionTags codes={s.emotions} t={t} />
                    </div>
                  </li>
                ))}
              </ul>
            </section>
            <section className="card" aria-labelledby="posters-title">
              <h2 id="posters-title">{t('feed.recentPosters', { count: RECENT_POSTER_DAYS })}</h2>
              {side.posters.length === 0 ? <p className="hint">{t('journal.noPosters', { count: RECENT_POSTER_DAYS })}</p> : null}
              <ul className="people compact">
                {side.posters.map((p) => (
                  <li key={p.id}>
                    <FastLink className="who" to={`/diary/homework/${journalId}/student/${p.id}`}>
                      {p.name}
                    </FastLink>
                    <span className="hint">{t('journal.posts', { count: p.count })}</span>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        ) : null}
      </div>
    </>
  )
}

/**
 * The posts. Without JavaScript "older posts" is a link to the next page; with it the next page is
 * fetched and appended, and the feed scrolls down 200 px (spec 2 news feed).
 */
function FeedList({ feed, page, filtered, lang }: { feed: Feed; page: number; filtered: boolean; lang?: string }) {
  const { t } = useT()
  const location = useLocation()
  const fetcher = useFetcher<typeof loader>()
  const [more, setMore] = useState<{ posts: Feed['posts']; page: number; hasMore: boolean }>({ posts: [], page, hasMore: feed.hasMore })
  useEffect(() => {
    if (!fetcher.data || fetcher.state !== 'idle') return
    const next = fetcher.data.feed
    setMore((m) => ({ posts: [...m.posts, ...next.posts], page: m.page + 1, hasMore: next.hasMore }))
    window.scrollBy({ top: 200, behavior: 'smooth' })
  }, [fetcher.data, fetcher.state])
  const pageUrl = (n: number) => {
    const params = new URLSearchParams(location.search)
    params.set('page', String(n))
    return `?${params}`
  }
  const posts = [...feed.posts, ...more.posts]
  // The feed counts no pages: a page past its end says so, with the way back (decision 0044).
  if (posts.length === 0 && page > 1)
    return (
      <p className="empty">
        {t('pager.noSuchPage', { page })} <Link to={pageUrl(1)}>{t('pager.firstPage')}</Link>
      </p>
    )
  if (posts.length === 0) return <p className="empty">{filtered ? t('feed.noPosts') : t('feed.noPostsYet')}</p>
  return (
    <div className="feed">
      <ol className="posts">
        {posts.map((p) => (
          <PostCard key={p.id} post={p} t={t} lang={lang} />
        ))}
      </ol>
      <nav className="pager" aria-label={t('feed.title')}>
        {page > 1 ? <Link to={pageUrl(page - 1)}>← {t('feed.newerPosts')}</Link> : null}
        {more.hasMore ? (
          <Link
            to={pageUrl(more.page + 1)}
            className="button secondary"
            onClick={(event) => {
              event.preventDefault()
              if (fetcher.state === 'idle') fetcher.load(`${pageUrl(more.page + 1)}&more=1`)
            }}
            aria-busy={fetcher.state !== 'idle'}
          >
            {fetcher.state === 'idle' ? t('news.loadMore') : '…'}
          </Link>
        ) : null}
      </nav>
    </div>
  )
}

function PostCard({ post, t, lang }: { post: Feed['posts'][number]; t: TFunction; lang?: string }) {
  return (
    <li className="post-card">
      <header>
        <Avatar name={post.author} seed={post.creatorId} />
        <div>
          <h2>
            <FastLink to={`/diary/diaryPost/${post.id}`}>
              <span lang={lang}>{post.title}</span>
            </FastLink>
          </h2>
          <PostDetails post={post} t={t} />
        </div>
        {post.status === 4 ? <span className="badge">{t('news.sentBack')}</span> : null}
      </header>
      <FlagNotes flags={post.flags} t={t} />
      <div className="frames">
        {post.frames.map((f) => (
          <FrameView key={f.id} frame={f} emotions={post.emotions} behaviours={post.behaviours} t={t} lang={lang} />
        ))}
      </div>
      {post.comments.length > 0 ? (
        <ul className="comments" aria-label={t('news.comments', { count: post.comments.length })}>
          {post.comments.map((c) => (
            <CommentView key={c.id} comment={c} t={t} />
          ))}
        </ul>
      ) : null}
      <p className="hint">{formatDateTime(post.createdAt)}</p>
    </li>
  )
}
