import type { TFunction } from 'i18next'
import { BehaviourTags, EmotionTags } from '~/features/posts/components/mood-tags'
import { formatDateTime } from '~/shared/dates'

export interface PostFrame {
  id: number
  position: number
  type: 'event' | 'emotion' | 'behavior'
  message: string
  imgUrl: string | null
}
export interface PostComment {
  id: number
  msgId: number | null
  comment: string
  type: number
  status: number
  author: string
  createdAt: string
}

/** A post's details line: author (when given), diary date, place and time. */
export function PostDetails({ post, t }: { post: { author?: string; diaryDate: string; location: string | null; happenTime: string | null }; t: TFunction }) {
  const parts = [post.author ? t('news.by', { name: post.author }) : '', post.diaryDate, post.location ?? '', post.happenTime ?? '']
  return <p className="hint">{parts.filter(Boolean).join(' · ')}</p>
}

/** One block (frame) of a post: its text, image, and for the emotion and behaviour frames their codes. */
/** `lang`: the journal's language, which the student's own words are in (the labels are the reader's). */
export function FrameView({ frame, emotions, behaviours, t, lang }: { frame: PostFrame; emotions: string[]; behaviours: number[]; t: TFunction; lang?: string }) {
  const label = frame.type === 'event' ? t('news.event') : frame.type === 'emotion' ? t('news.emotionFrame') : t('news.behaviourFrame')
  return (
    <div className={`frame frame-${frame.type}`}>
      <p className="frame-label">{label}</p>
      {frame.type === 'emotion' ? <EmotionTags codes={emotions} t={t} /> : null}
      {frame.type === 'behavior' ? <BehaviourTags codes={behaviours} t={t} /> : null}
      {frame.message ? (
        <p className="frame-text" lang={lang}>
          {frame.message}
        </p>
      ) : null}
      {frame.imgUrl ? <img src={frame.imgUrl} alt="" loading="lazy" className="frame-img" /> : null}
    </div>
  )
}

/** A comment with its type; a filtered one (status 2) is greyed with the filtered notice. */
export function CommentView({ comment, t, children }: { comment: PostComment; t: TFunction; children?: React.ReactNode }) {
  const filtered = comment.status === 2
  return (
    <li className={filtered ? 'comment filtered' : 'comment'}>
      <span className={`comment-type type-${comment.type}`}>{t(`comment.type${comment.type}` as 'comment.type1')}</span>
      <div className="comment-body">
        <p className="comment-meta">
          <strong>{comment.author}</strong> <span className="hint">{formatDateTime(comment.createdAt)}</span>
        </p>
        <p>{comment.comment}</p>
        {filtered ? <p className="hint">{t('news.filtered')}</p> : null}
        {children}
      </div>
    </li>
  )
}

/** The post's extreme-word flags for the teacher: each category with the words that matched. */
export function FlagNotes({ flags, t }: { flags: { category: string; words: string }[]; t: TFunction }) {
  if (flags.length === 0) return null
  return (
    <ul className="flags" aria-label={t('flags.title')}>
      {flags.map((f) => (
        <li key={f.category} className={`flag flag-${f.category}`}>
          <strong>{t(`flags.${f.category}` as 'flags.selfHarm')}</strong>: {f.words}
        </li>
      ))}
    </ul>
  )
}
